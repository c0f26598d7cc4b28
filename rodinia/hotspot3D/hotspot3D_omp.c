/* hotspot3D_omp.c: hand-written OpenMP version of hotspot3D (parallel over
 * (z, y) rows of each time step, double buffering). */
#include <omp.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.c"

static float *hotspot3D_omp(int nx, int ny, int nz, int iterations, float *a, float *b, const float *p)
{
    h3_coeffs k = h3_coeffs_of(nx, ny, nz);
    float amb = H3_AMB_TEMP;
    long xy = (long)nx * ny;
    for (int it = 0; it < iterations; it++) {
        #pragma omp parallel for collapse(2) schedule(static)
        for (int z = 0; z < nz; z++)
            for (int y = 0; y < ny; y++) {
                long row = (long)y * nx + z * xy;
                long dn = (y == 0) ? 0 : -nx, ds = (y == ny - 1) ? 0 : nx;
                long db = (z == 0) ? 0 : -xy, dt = (z == nz - 1) ? 0 : xy;
                for (int x = 0; x < nx; x++) {
                    long c = row + x;
                    long w = (x == 0) ? c : c - 1, e = (x == nx - 1) ? c : c + 1;
                    b[c] = k.cc * a[c] + k.cw * a[w] + k.ce * a[e] + k.cs * a[c + ds] + k.cn * a[c + dn] +
                           k.cb * a[c + db] + k.ct * a[c + dt] + k.stepDivCap * p[c] + k.ct * amb;
                }
            }
        float *t = a; a = b; b = t;
    }
    return a;
}

int main(int argc, char **argv)
{
    h3_size sz = h3_size_of(rd_size(argc, argv));
    int nx = sz.nx, ny = sz.ny, nz = sz.nz;
    long n = (long)nx * ny * nz;
    float *temp = (float *)malloc(sizeof(float) * n), *power = (float *)malloc(sizeof(float) * n);
    float *a = (float *)malloc(sizeof(float) * n), *b = (float *)malloc(sizeof(float) * n);
    h3_generate(nx, ny, nz, temp, power);
    memcpy(a, temp, sizeof(float) * n);

    double t0 = rd_now_ms();
    float *result = hotspot3D_omp(nx, ny, nz, sz.iterations, a, b, power);
    double t1 = rd_now_ms();

    h3_print_results(result, nx, ny, nz);
    rd_time_ms(t1 - t0);

    hotspot3D_reference(nx, ny, nz, sz.iterations, temp, power);
    long worst;
    double err = rd_maxrelerr_f(result, temp, n, &worst);
    int rc = rd_verify(err <= H3_TOLERANCE, "temp[%ld]=%.9g ref %.9g relerr %.3g",
                       worst, result[worst], temp[worst], err);
    free(temp); free(power); free(a); free(b);
    return rc;
}
