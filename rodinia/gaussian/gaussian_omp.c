/* gaussian_omp: OpenMP version of gaussian.cu (same RESULT lines). */
#include <omp.h>
#include "../common/rodinia.h"
#include "input.h"

int main(int argc, char **argv)
{
    int n = gaussian_n(rd_size(argc, argv));
    float *a = (float *)malloc((size_t)n * n * sizeof(float)), *b = (float *)malloc(n * sizeof(float));
    float *x = (float *)malloc(n * sizeof(float));
    gaussian_input(n, a, b);
    double t0 = rd_now_ms();
    for (int t = 0; t < n - 1; t++) {
        #pragma omp parallel for schedule(static)
        for (int i = t + 1; i < n; i++) {
            float m = a[(long)i * n + t] / a[(long)t * n + t];
            for (int j = t; j < n; j++) a[(long)i * n + j] -= m * a[(long)t * n + j];
            b[i] -= m * b[t];
        }
    }
    double t1 = rd_now_ms();
    for (int i = n - 1; i >= 0; i--) {
        float s = b[i];
        for (int j = i + 1; j < n; j++) s -= a[(long)i * n + j] * x[j];
        x[i] = s / a[(long)i * n + i];
    }
    double l1 = 0, sq = 0, wsum = 0, mx = 0;
    for (int i = 0; i < n; i++) {
        l1 += fabs(x[i]);
        sq += (double)x[i] * x[i];
        wsum += (i % 7 + 1) * fabs(x[i]);
        if (fabs(x[i]) > mx) mx = fabs(x[i]);
    }
    rd_result("x_l1", l1);
    rd_result("x_l2sq", sq);
    rd_result("x_weighted_l1", wsum);
    rd_result("x_maxabs", mx);
    rd_time_ms(t1 - t0);
    free(a); free(b); free(x);
    return 0;
}
