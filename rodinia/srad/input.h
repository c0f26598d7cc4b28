/* srad/input.h: deterministic input shared by srad_v1 and srad_v2: a
 * rows x cols image (row-major) of a smooth pattern with bright
 * rectangles, multiplied by uniform speckle noise; values in (0, 255].
 * Plain C, header-only. */
#ifndef SRAD_INPUT_H
#define SRAD_INPUT_H
#include "../common/rodinia.h"

#define SRAD_SEED 2024u
#define SRAD_LAMBDA 0.5f

typedef struct { int rows, cols, niter; } SradSize;

static inline SradSize srad_size(int size)
{
    SradSize s;
    if (size == RD_LARGE) { s.rows = 2048; s.cols = 2048; s.niter = 10; }
    else { s.rows = 256; s.cols = 256; s.niter = 10; }
    return s;
}

static inline void srad_generate(float *img, int rows, int cols)
{
    rd_lcg g;
    rd_seed(&g, SRAD_SEED);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            float base = 90.0f + 40.0f * sinf(r * 0.05f) * cosf(c * 0.07f);
            if ((r / 32 + c / 48) % 3 == 0) base += 80.0f;
            float speckle = rd_uniformf(&g, 0.7f, 1.3f);
            float v = base * speckle;
            img[(long)r * cols + c] = v > 255.0f ? 255.0f : v;
        }
}
#endif
