/* hotspot_omp.c: hand-written OpenMP version of hotspot (one parallel
 * sweep over the rows per time step, double buffering). */
#include <omp.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.c"

static void hotspot_omp(int rows, int cols, int iterations, float *a, float *b, const float *power)
{
    hs_coeffs c = hs_coeffs_of(rows, cols);
    float step_div_Cap = c.step / c.Cap;
    float Rx_1 = 1.0f / c.Rx, Ry_1 = 1.0f / c.Ry, Rz_1 = 1.0f / c.Rz;
    float amb = HS_AMB_TEMP;
    for (int it = 0; it < iterations; it++) {
        #pragma omp parallel for schedule(static)
        for (int r = 0; r < rows; r++) {
            int rn = r > 0 ? r - 1 : r, rs = r < rows - 1 ? r + 1 : r;
            const float *row = a + (long)r * cols;
            const float *rowN = a + (long)rn * cols, *rowS = a + (long)rs * cols;
            const float *p = power + (long)r * cols;
            float *out = b + (long)r * cols;
            for (int col = 0; col < cols; col++) {
                int cw = col > 0 ? col - 1 : col, ce = col < cols - 1 ? col + 1 : col;
                float t = row[col];
                out[col] = t + step_div_Cap * (p[col] + (rowS[col] + rowN[col] - 2.0f * t) * Ry_1 +
                           (row[ce] + row[cw] - 2.0f * t) * Rx_1 + (amb - t) * Rz_1);
            }
        }
        float *x = a; a = b; b = x;
    }
}

int main(int argc, char **argv)
{
    hs_size sz = hs_size_of(rd_size(argc, argv));
    int rows = sz.rows, cols = sz.cols;
    long n = (long)rows * cols;
    float *temp = (float *)malloc(sizeof(float) * n);
    float *power = (float *)malloc(sizeof(float) * n);
    float *a = (float *)malloc(sizeof(float) * n);
    float *b = (float *)malloc(sizeof(float) * n);
    hs_generate(rows, cols, temp, power);
    memcpy(a, temp, sizeof(float) * n);

    double t0 = rd_now_ms();
    hotspot_omp(rows, cols, sz.iterations, a, b, power);
    double t1 = rd_now_ms();
    float *result = (sz.iterations % 2 == 0) ? a : b;

    hs_print_results(result, rows, cols);
    rd_time_ms(t1 - t0);

    hotspot_reference(rows, cols, sz.iterations, temp, power);
    long worst;
    double err = rd_maxrelerr_f(result, temp, n, &worst);
    int rc = rd_verify(err <= HS_TOLERANCE, "temp[%ld]=%.9g ref %.9g relerr %.3g",
                       worst, result[worst], temp[worst], err);
    free(temp); free(power); free(a); free(b);
    return rc;
}
