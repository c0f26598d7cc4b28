#include "vec.h"

__device__ float vec_twice(float x) { return 2.0f * x; }

__global__ void scale_kernel(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= VEC_SCALE;
}

void vec_scale(float *x, int n)
{
    scale_kernel<<<(n + 63) / 64, 64>>>(x, n);
    cudaDeviceSynchronize();
}
