/* nn/input.h: deterministic input of the nearest-neighbour workload.
 * Records are (lat, lng) points in [0,90) x [0,180); the target and the
 * number of neighbours k are fixed per size. Plain C, header-only. */
#ifndef NN_INPUT_H
#define NN_INPUT_H
#include "../common/rodinia.h"

#define NN_SEED 1234u
#define NN_K 10
#define NN_TARGET_LAT 30.0f
#define NN_TARGET_LNG 90.0f

static inline long nn_num_records(int size)
{
    return size == RD_LARGE ? 16L * 1024 * 1024 : 1L * 1024 * 1024;
}

/* Fills lat[n], lng[n] from the seeded LCG. */
static inline void nn_generate(float *lat, float *lng, long n)
{
    rd_lcg g;
    rd_seed(&g, NN_SEED);
    for (long i = 0; i < n; i++) {
        lat[i] = rd_uniformf(&g, 0.0f, 90.0f);
        lng[i] = rd_uniformf(&g, 0.0f, 180.0f);
    }
}
#endif
