/* pathfinder/input.h: deterministic input of pathfinder: a rows x cols grid
 * of step costs in [0,10). Plain C, header-only. */
#ifndef PATHFINDER_INPUT_H
#define PATHFINDER_INPUT_H
#include "../common/rodinia.h"

#define PF_SEED 777u
#define PF_PYRAMID_HEIGHT 20

static inline void pf_dims(int size, int *rows, int *cols)
{
    if (size == RD_LARGE) { *rows = 500; *cols = 1000000; }
    else { *rows = 100; *cols = 100000; }
}

/* wall[rows*cols], row-major. */
static inline void pf_generate(int *wall, int rows, int cols)
{
    rd_lcg g;
    rd_seed(&g, PF_SEED);
    for (long i = 0; i < (long)rows * cols; i++) wall[i] = rd_range(&g, 0, 10);
}

/* Checksum below 1e9 of the final row (order dependent). */
static inline long long pf_hash(const int *v, int n)
{
    unsigned long long h = 0;
    for (int i = 0; i < n; i++) h = (h * 1000003ULL + (unsigned)v[i]) % 999999937ULL;
    return (long long)h;
}
#endif
