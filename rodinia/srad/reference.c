/* srad/reference.c: serial speckle-reducing anisotropic diffusion (Yu and
 * Acton), serving both srad_v1 and srad_v2. Neighbours are clamped at the
 * image border; statistics are accumulated in double. */
#include <math.h>
#include <stdlib.h>
#include "reference.h"

/* One diffusion step on J given the speckle scale q0sqr. */
static void srad_step(float *J, float *c, float *dN, float *dS, float *dW,
                      float *dE, int rows, int cols, float q0sqr, float lambda)
{
    for (int r = 0; r < rows; r++)
        for (int k = 0; k < cols; k++) {
            long i = (long)r * cols + k;
            int rn = r > 0 ? r - 1 : 0, rs = r < rows - 1 ? r + 1 : rows - 1;
            int kw = k > 0 ? k - 1 : 0, ke = k < cols - 1 ? k + 1 : cols - 1;
            float Jc = J[i];
            dN[i] = J[(long)rn * cols + k] - Jc;
            dS[i] = J[(long)rs * cols + k] - Jc;
            dW[i] = J[(long)r * cols + kw] - Jc;
            dE[i] = J[(long)r * cols + ke] - Jc;
            float G2 = (dN[i] * dN[i] + dS[i] * dS[i] + dW[i] * dW[i] + dE[i] * dE[i])
                       / (Jc * Jc);
            float L = (dN[i] + dS[i] + dW[i] + dE[i]) / Jc;
            float num = (0.5f * G2) - ((1.0f / 16.0f) * (L * L));
            float den = 1.0f + (0.25f * L);
            float qsqr = num / (den * den);
            den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
            float cc = 1.0f / (1.0f + den);
            c[i] = cc < 0.0f ? 0.0f : (cc > 1.0f ? 1.0f : cc);
        }
    for (int r = 0; r < rows; r++)
        for (int k = 0; k < cols; k++) {
            long i = (long)r * cols + k;
            int rs = r < rows - 1 ? r + 1 : rows - 1;
            int ke = k < cols - 1 ? k + 1 : cols - 1;
            float cN = c[i], cS = c[(long)rs * cols + k], cW = c[i];
            float cE = c[(long)r * cols + ke];
            float D = cN * dN[i] + cS * dS[i] + cW * dW[i] + cE * dE[i];
            J[i] = J[i] + 0.25f * lambda * D;
        }
}

/* q0sqr = variance / mean^2 of J over rows r1..r2, columns c1..c2. */
static float speckle_scale(const float *J, int cols, int r1, int r2, int c1, int c2)
{
    double sum = 0.0, sum2 = 0.0;
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

static void srad_run(float *J, int rows, int cols, int r1, int r2, int c1,
                     int c2, int niter, float lambda)
{
    long n = (long)rows * cols;
    float *buf = (float *)malloc(sizeof(float) * n * 5);
    for (int it = 0; it < niter; it++) {
        float q0sqr = speckle_scale(J, cols, r1, r2, c1, c2);
        srad_step(J, buf, buf + n, buf + 2 * n, buf + 3 * n, buf + 4 * n, rows,
                  cols, q0sqr, lambda);
    }
    free(buf);
}

void srad_v1_reference(float *img, int rows, int cols, int niter, float lambda)
{
    long n = (long)rows * cols;
    for (long i = 0; i < n; i++) img[i] = expf(img[i] / 255.0f);
    srad_run(img, rows, cols, 0, rows - 1, 0, cols - 1, niter, lambda);
    for (long i = 0; i < n; i++) img[i] = logf(img[i]) * 255.0f;
}

void srad_v2_reference(float *J, int rows, int cols, int r1, int r2, int c1,
                       int c2, int niter, float lambda)
{
    srad_run(J, rows, cols, r1, r2, c1, c2, niter, lambda);
}
