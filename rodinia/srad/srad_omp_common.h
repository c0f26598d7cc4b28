/* srad/srad_omp_common.h: the OpenMP diffusion step shared by srad_v1_omp.c
 * and srad_v2_omp.c (a competent CPU version: parallel rows, clamped
 * neighbours computed inline, statistics by an OpenMP reduction). */
#ifndef SRAD_OMP_COMMON_H
#define SRAD_OMP_COMMON_H
#include <omp.h>
#include "../common/rodinia.h"

static float omp_speckle_scale(const float *J, int cols, int r1, int r2, int c1, int c2)
{
    double sum = 0.0, sum2 = 0.0;
    #pragma omp parallel for reduction(+ : sum, sum2)
    for (int r = r1; r <= r2; r++)
        for (int k = c1; k <= c2; k++) {
            double v = J[(long)r * cols + k];
            sum += v;
            sum2 += v * v;
        }
    double n = (double)(r2 - r1 + 1) * (c2 - c1 + 1);
    double mean = sum / n, var = sum2 / n - mean * mean;
    return (float)(var / (mean * mean));
}

static void omp_srad_step(float *J, float *c, float *dN, float *dS, float *dW,
                          float *dE, int rows, int cols, float q0sqr, float lambda)
{
    #pragma omp parallel
    {
        #pragma omp for
        for (int r = 0; r < rows; r++) {
            int rn = r > 0 ? r - 1 : 0, rs = r < rows - 1 ? r + 1 : rows - 1;
            for (int k = 0; k < cols; k++) {
                long i = (long)r * cols + k;
                int kw = k > 0 ? k - 1 : 0, ke = k < cols - 1 ? k + 1 : cols - 1;
                float Jc = J[i];
                float n = J[(long)rn * cols + k] - Jc, s = J[(long)rs * cols + k] - Jc;
                float w = J[(long)r * cols + kw] - Jc, e = J[(long)r * cols + ke] - Jc;
                float G2 = (n * n + s * s + w * w + e * e) / (Jc * Jc);
                float L = (n + s + w + e) / Jc;
                float num = (0.5f * G2) - ((1.0f / 16.0f) * (L * L));
                float den = 1.0f + (0.25f * L);
                float qsqr = num / (den * den);
                den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
                float cc = 1.0f / (1.0f + den);
                c[i] = cc < 0.0f ? 0.0f : (cc > 1.0f ? 1.0f : cc);
                dN[i] = n; dS[i] = s; dW[i] = w; dE[i] = e;
            }
        }
        #pragma omp for
        for (int r = 0; r < rows; r++) {
            int rs = r < rows - 1 ? r + 1 : rows - 1;
            for (int k = 0; k < cols; k++) {
                long i = (long)r * cols + k;
                int ke = k < cols - 1 ? k + 1 : cols - 1;
                float D = c[i] * dN[i] + c[(long)rs * cols + k] * dS[i]
                          + c[i] * dW[i] + c[(long)r * cols + ke] * dE[i];
                J[i] = J[i] + 0.25f * lambda * D;
            }
        }
    }
}
#endif
