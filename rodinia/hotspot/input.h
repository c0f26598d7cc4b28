/* hotspot/input.h: deterministic input and shared parameters for hotspot.
 * Plain C, included by hotspot.cu, reference.c and hotspot_omp.c. */
#ifndef HOTSPOT_INPUT_H
#define HOTSPOT_INPUT_H
#include "../common/rodinia.h"

/* chip / material constants of the HotSpot thermal model */
#define HS_MAX_PD       (3.0e6)   /* max power density */
#define HS_PRECISION    (0.001)
#define HS_SPEC_HEAT_SI (1.75e6)
#define HS_K_SI         (100)
#define HS_FACTOR_CHIP  (0.5)
#define HS_T_CHIP       (0.0005)
#define HS_CHIP_HEIGHT  (0.016)
#define HS_CHIP_WIDTH   (0.016)
#define HS_AMB_TEMP     (80.0f)

#define HS_TOLERANCE 1e-4

typedef struct {
    int rows, cols;     /* grid */
    int iterations;     /* total time steps */
    int pyramid;        /* time steps fused per kernel launch (ghost zone) */
} hs_size;

static inline hs_size hs_size_of(int size)
{
    hs_size s;
    if (size == RD_LARGE) { s.rows = 1024; s.cols = 1024; s.iterations = 150; s.pyramid = 3; }
    else                  { s.rows = 256;  s.cols = 256;  s.iterations = 50;  s.pyramid = 3; }
    return s;
}

typedef struct { float Cap, Rx, Ry, Rz, step; } hs_coeffs;

static inline hs_coeffs hs_coeffs_of(int rows, int cols)
{
    hs_coeffs c;
    double grid_height = HS_CHIP_HEIGHT / rows;
    double grid_width = HS_CHIP_WIDTH / cols;
    double Cap = HS_FACTOR_CHIP * HS_SPEC_HEAT_SI * HS_T_CHIP * grid_width * grid_height;
    double Rx = grid_width / (2.0 * HS_K_SI * HS_T_CHIP * grid_height);
    double Ry = grid_height / (2.0 * HS_K_SI * HS_T_CHIP * grid_width);
    double Rz = HS_T_CHIP / (HS_K_SI * grid_height * grid_width);
    double max_slope = HS_MAX_PD / (HS_FACTOR_CHIP * HS_T_CHIP * HS_SPEC_HEAT_SI);
    double step = HS_PRECISION / max_slope;
    c.Cap = (float)Cap; c.Rx = (float)Rx; c.Ry = (float)Ry; c.Rz = (float)Rz; c.step = (float)step;
    return c;
}

/* Initial temperatures around 320-340 K; power: a low background plus a few
 * rectangular "functional units" that dissipate much more. */
static inline void hs_generate(int rows, int cols, float *temp, float *power)
{
    rd_lcg g;
    rd_seed(&g, 20240601u);
    for (long i = 0; i < (long)rows * cols; i++) {
        temp[i] = rd_uniformf(&g, 320.0f, 340.0f);
        power[i] = rd_uniformf(&g, 0.0f, 0.05f);
    }
    for (int u = 0; u < 12; u++) {
        int h = rd_range(&g, rows / 16, rows / 4), w = rd_range(&g, cols / 16, cols / 4);
        int r0 = rd_range(&g, 0, rows - h), c0 = rd_range(&g, 0, cols - w);
        float p = rd_uniformf(&g, 0.2f, 1.0f);
        for (int r = r0; r < r0 + h; r++)
            for (int c = c0; c < c0 + w; c++)
                power[(long)r * cols + c] += p;
    }
}

static inline void hs_print_results(const float *t, int rows, int cols)
{
    long n = (long)rows * cols;
    double sum = 0.0, sq = 0.0, mx = -1e30, mn = 1e30;
    for (long i = 0; i < n; i++) {
        sum += t[i]; sq += (double)t[i] * t[i];
        if (t[i] > mx) mx = t[i];
        if (t[i] < mn) mn = t[i];
    }
    rd_result("temp_sum", sum);
    rd_result("temp_sumsq", sq);
    rd_result("temp_max", mx);
    rd_result("temp_min", mn);
    rd_result("temp_corner", t[0]);
    rd_result("temp_center", t[(long)(rows / 2) * cols + cols / 2]);
    rd_result("temp_last", t[n - 1]);
}
#endif
