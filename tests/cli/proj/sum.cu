// sum.cu: block sums in shared memory (a barrier in a loop), added on the
// host.
#include <stdlib.h>
#include <cuda_runtime.h>
#include "proj.h"

#define THREADS 128

__global__ void block_sums(const float *x, int n, float *sums)
{
    __shared__ float s[THREADS];
    int i = blockIdx.x * THREADS + threadIdx.x;
    s[threadIdx.x] = i < n ? x[i] : 0.0f;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride >>= 1) {
        if ((int)threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) sums[blockIdx.x] = s[0];
}

extern "C" double run_sum(const float *h, int n)
{
    int blocks = (n + THREADS - 1) / THREADS;
    float *dx, *ds, *sums = (float *)malloc(blocks * sizeof(float));
    cudaMalloc((void **)&dx, n * sizeof(float));
    cudaMalloc((void **)&ds, blocks * sizeof(float));
    cudaMemcpy(dx, h, n * sizeof(float), cudaMemcpyHostToDevice);
    block_sums<<<blocks, THREADS>>>(dx, n, ds);
    cudaMemcpy(sums, ds, blocks * sizeof(float), cudaMemcpyDeviceToHost);
    double total = 0;
    for (int b = 0; b < blocks; b++) total += sums[b];
    free(sums);
    cudaFree(dx);
    cudaFree(ds);
    return total;
}
