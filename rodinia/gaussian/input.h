/* gaussian input: a diagonally dominant n x n system A x = b (seeded). */
#ifndef GAUSSIAN_INPUT_H
#define GAUSSIAN_INPUT_H
#include "../common/rodinia.h"

#define GAUSSIAN_SEED 7

static inline int gaussian_n(int size) { return size == RD_LARGE ? 2048 : 256; }

/* a: n*n row-major, b: n */
static inline void gaussian_input(int n, float *a, float *b)
{
    rd_lcg g;
    rd_seed(&g, GAUSSIAN_SEED);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) a[(long)i * n + j] = rd_uniformf(&g, -1.0f, 1.0f);
        a[(long)i * n + i] += (float)n;
    }
    for (int i = 0; i < n; i++) b[i] = rd_uniformf(&g, -1.0f, 1.0f) * (float)n;
}
#endif
