/* hotspot3D/reference.c: plain serial C reference. */
#include "input.h"
#include "reference.h"

void hotspot3D_reference(int nx, int ny, int nz, int iterations, float *temp, const float *power)
{
    h3_coeffs k = h3_coeffs_of(nx, ny, nz);
    float amb = H3_AMB_TEMP;
    long xy = (long)nx * ny, n = xy * nz;
    float *a = temp, *b = (float *)malloc(sizeof(float) * n);
    for (int it = 0; it < iterations; it++) {
        for (int z = 0; z < nz; z++)
            for (int y = 0; y < ny; y++)
                for (int x = 0; x < nx; x++) {
                    long c = x + (long)y * nx + (long)z * xy;
                    long w = (x == 0) ? c : c - 1;
                    long e = (x == nx - 1) ? c : c + 1;
                    long nn = (y == 0) ? c : c - nx;
                    long s = (y == ny - 1) ? c : c + nx;
                    long bo = (z == 0) ? c : c - xy;
                    long to = (z == nz - 1) ? c : c + xy;
                    b[c] = k.cc * a[c] + k.cw * a[w] + k.ce * a[e] + k.cs * a[s] + k.cn * a[nn] +
                           k.cb * a[bo] + k.ct * a[to] + k.stepDivCap * power[c] + k.ct * amb;
                }
        float *t = a; a = b; b = t;
    }
    if (a != temp) { memcpy(temp, a, sizeof(float) * n); free(a); }
    else free(b);
}
