/* hotspot/reference.c: plain serial C reference. */
#include "input.h"
#include "reference.h"

void hotspot_reference(int rows, int cols, int iterations, float *temp, const float *power)
{
    hs_coeffs c = hs_coeffs_of(rows, cols);
    float step_div_Cap = c.step / c.Cap;
    float Rx_1 = 1.0f / c.Rx, Ry_1 = 1.0f / c.Ry, Rz_1 = 1.0f / c.Rz;
    float amb = HS_AMB_TEMP;
    long n = (long)rows * cols;
    float *a = temp, *b = (float *)malloc(sizeof(float) * n);
    for (int it = 0; it < iterations; it++) {
        for (int r = 0; r < rows; r++) {
            int rn = r > 0 ? r - 1 : r, rs = r < rows - 1 ? r + 1 : r;
            for (int col = 0; col < cols; col++) {
                int cw = col > 0 ? col - 1 : col, ce = col < cols - 1 ? col + 1 : col;
                float t = a[(long)r * cols + col];
                float tn = a[(long)rn * cols + col], ts = a[(long)rs * cols + col];
                float te = a[(long)r * cols + ce], tw = a[(long)r * cols + cw];
                b[(long)r * cols + col] = t + step_div_Cap * (power[(long)r * cols + col] +
                    (ts + tn - 2.0f * t) * Ry_1 + (te + tw - 2.0f * t) * Rx_1 + (amb - t) * Rz_1);
            }
        }
        float *x = a; a = b; b = x;
    }
    if (a != temp) { memcpy(temp, a, sizeof(float) * n); free(a); }
    else free(b);
}
