// A CUDA entry compiled by clang (-x cuda) in the database: batch mode gives
// cucpu its -I, -D, -std and -o.
#include "common.h"

#ifndef SUM_OK
#error SUM_OK is defined by the entry's own -D
#endif

__global__ void block_sum(const float *x, float *out)
{
    __shared__ float s[64];
    s[threadIdx.x] = x[blockIdx.x * 64 + threadIdx.x] * BATCH_SCALE;
    __syncthreads();
    if (threadIdx.x == 0) {
        float t = 0;
        for (int i = 0; i < 64; i++)
            t += s[i];
        out[blockIdx.x] = t;
    }
}
