/* backprop input: a 3-layer net (n_in x 16 x 1), seeded input, weights and target. */
#ifndef BACKPROP_INPUT_H
#define BACKPROP_INPUT_H
#include "../common/rodinia.h"

#define BP_SEED 3
#define BP_HIDDEN 16
#define BP_OUT 1
#define BP_ETA 0.3f
#define BP_MOMENTUM 0.3f
#define BP_TARGET 0.1f

static inline int bp_inputs(int size) { return size == RD_LARGE ? 1000000 : (1 << 18);   /* multiple of 16; n_in/16 blocks <= 65535 (gridDim.y limit) */ }

/*
 * input[n_in+1] (input[0] = 1, the bias unit), w_ih[(n_in+1)*(BP_HIDDEN+1)]
 * row-major (row k = input unit, column j = hidden unit, column 0 unused),
 * w_ho[(BP_HIDDEN+1)*(BP_OUT+1)], old weights all zero.
 */
static inline void bp_input(int n_in, float *input, float *w_ih, float *w_ho)
{
    rd_lcg g;
    float scale = 1.0f / sqrtf((float)n_in);
    rd_seed(&g, BP_SEED);
    input[0] = 1.0f;
    for (int k = 1; k <= n_in; k++) input[k] = (float)rd_uniform(&g);
    for (long i = 0; i < (long)(n_in + 1) * (BP_HIDDEN + 1); i++)
        w_ih[i] = rd_uniformf(&g, -1.0f, 1.0f) * scale;
    for (int i = 0; i < (BP_HIDDEN + 1) * (BP_OUT + 1); i++) w_ho[i] = rd_uniformf(&g, -1.0f, 1.0f);
}
#endif
