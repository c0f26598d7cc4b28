/* hotspot3D/input.h: deterministic input and coefficients for hotspot3D.
 * Plain C, shared by hotspot3D.cu, reference.c and hotspot3D_omp.c. */
#ifndef HOTSPOT3D_INPUT_H
#define HOTSPOT3D_INPUT_H
#include "../common/rodinia.h"

#define H3_SPEC_HEAT_SI (1.75e6)
#define H3_K_SI         (100)
#define H3_FACTOR_CHIP  (0.5)
#define H3_T_CHIP       (0.0005)
#define H3_CHIP_HEIGHT  (0.016)
#define H3_CHIP_WIDTH   (0.016)
#define H3_AMB_TEMP     (80.0f)
/* explicit scheme: the time step is taken at 60% of the stability limit */
#define H3_STABILITY    (0.6)

#define H3_TOLERANCE 1e-4

typedef struct { int nx, ny, nz, iterations; } h3_size;

static inline h3_size h3_size_of(int size)
{
    h3_size s;
    if (size == RD_LARGE) { s.nx = 512; s.ny = 512; s.nz = 8; s.iterations = 100; }
    else                  { s.nx = 128; s.ny = 128; s.nz = 8; s.iterations = 40; }
    return s;
}

/* stencil weights: east/west, north/south, top/bottom, centre, and
 * step/Capacitance for the power term */
typedef struct { float ce, cw, cn, cs, ct, cb, cc, stepDivCap; } h3_coeffs;

static inline h3_coeffs h3_coeffs_of(int nx, int ny, int nz)
{
    double dx = H3_CHIP_HEIGHT / nx, dy = H3_CHIP_WIDTH / ny, dz = H3_T_CHIP / nz;
    double Cap = H3_FACTOR_CHIP * H3_SPEC_HEAT_SI * H3_T_CHIP * dx * dy;
    double Rx = dy / (2.0 * H3_K_SI * H3_T_CHIP * dx);
    double Ry = dx / (2.0 * H3_K_SI * H3_T_CHIP * dy);
    double Rz = dz / (H3_K_SI * dx * dy);
    double dt = H3_STABILITY * Cap / (2.0 / Rx + 2.0 / Ry + 2.0 / Rz);
    double sdc = dt / Cap;
    h3_coeffs c;
    c.stepDivCap = (float)sdc;
    c.ce = c.cw = (float)(sdc / Rx);
    c.cn = c.cs = (float)(sdc / Ry);
    c.ct = c.cb = (float)(sdc / Rz);
    c.cc = 1.0f - (2.0f * c.ce + 2.0f * c.cn + 3.0f * c.ct);
    return c;
}

/* Temperatures 320..340; power: background plus hot rectangular units,
 * stronger in the lower layers. Layout: index = x + y*nx + z*nx*ny. */
static inline void h3_generate(int nx, int ny, int nz, float *temp, float *power)
{
    rd_lcg g;
    rd_seed(&g, 3303u);
    long n = (long)nx * ny * nz;
    for (long i = 0; i < n; i++) {
        temp[i] = rd_uniformf(&g, 320.0f, 340.0f);
        power[i] = rd_uniformf(&g, 0.0f, 2.0f);
    }
    for (int u = 0; u < 10; u++) {
        int w = rd_range(&g, nx / 16, nx / 4), h = rd_range(&g, ny / 16, ny / 4);
        int x0 = rd_range(&g, 0, nx - w), y0 = rd_range(&g, 0, ny - h);
        float p = rd_uniformf(&g, 2.0f, 6.0f);
        for (int z = 0; z < nz; z++)
            for (int y = y0; y < y0 + h; y++)
                for (int x = x0; x < x0 + w; x++)
                    power[x + (long)y * nx + (long)z * nx * ny] += p * (float)(nz - z) / nz;
    }
}

static inline void h3_print_results(const float *t, int nx, int ny, int nz)
{
    long n = (long)nx * ny * nz, xy = (long)nx * ny;
    double sum = 0.0, sq = 0.0, mx = -1e30, mn = 1e30, top = 0.0;
    for (long i = 0; i < n; i++) {
        sum += t[i]; sq += (double)t[i] * t[i];
        if (t[i] > mx) mx = t[i];
        if (t[i] < mn) mn = t[i];
    }
    for (long i = 0; i < xy; i++) top += t[(long)(nz - 1) * xy + i];
    rd_result("temp_sum", sum);
    rd_result("temp_sumsq", sq);
    rd_result("temp_top_layer_sum", top);
    rd_result("temp_max", mx);
    rd_result("temp_min", mn);
    rd_result("temp_center", t[nx / 2 + (long)(ny / 2) * nx + (long)(nz / 2) * xy]);
    rd_result("temp_corner", t[0]);
}
#endif
