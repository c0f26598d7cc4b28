/* lud_omp.c: hand-written OpenMP version of lud (right-looking elimination,
 * the rows below the pivot updated in parallel at each step). */
#include <omp.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.c"

static void lud_omp(float *m, int n)
{
    for (int k = 0; k < n - 1; k++) {
        const float *prow = m + (long)k * n;
        float pivot = prow[k];
        #pragma omp parallel for schedule(static)
        for (int r = k + 1; r < n; r++) {
            float *row = m + (long)r * n;
            float l = row[k] / pivot;
            row[k] = l;
            for (int c = k + 1; c < n; c++)
                row[c] -= l * prow[c];
        }
    }
}

int main(int argc, char **argv)
{
    int n = lud_dim(rd_size(argc, argv));
    size_t bytes = sizeof(float) * (size_t)n * n;
    float *m = (float *)malloc(bytes), *ref = (float *)malloc(bytes);
    lud_generate(n, m);
    memcpy(ref, m, bytes);

    double t0 = rd_now_ms();
    lud_omp(m, n);
    double t1 = rd_now_ms();

    lud_print_results(m, n);
    rd_time_ms(t1 - t0);

    lud_reference(ref, n);
    long worst;
    double err = lud_error(m, ref, n, &worst);
    int rc = rd_verify(err <= LUD_TOLERANCE, "m[%ld][%ld]=%.9g ref %.9g error %.3g",
                       worst / n, worst % n, m[worst], ref[worst], err);
    free(m); free(ref);
    return rc;
}
