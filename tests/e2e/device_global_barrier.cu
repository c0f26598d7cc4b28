// A __device__ variable written by one thread before __syncthreads() and
// read by all after it: the barrier orders them, so barrier-elim must keep
// it (a __device__ scalar is memory the effect analysis cannot name).
// kernel2: the same with a __device__ array.
#include <cstdio>
#include <cuda_runtime.h>

#define NT 64
#define NB 3

__device__ int g;
__device__ int flags[NB];

__global__ void kernel(int *out)
{
    int t = threadIdx.x;
    if (t == blockDim.x - 1) g = 5;
    __syncthreads();
    out[blockIdx.x * NT + t] = g * 100;
}

__global__ void kernel2(int *out)
{
    int t = threadIdx.x;
    if (t == blockDim.x - 1) flags[blockIdx.x] = 7 + (int)blockIdx.x;
    __syncthreads();
    out[blockIdx.x * NT + t] += flags[blockIdx.x];
}

int main()
{
    int r[NB * NT], *dout, fails = 0;
    cudaMalloc(&dout, sizeof r);
    kernel<<<NB, NT>>>(dout);
    kernel2<<<NB, NT>>>(dout);
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    for (int b = 0; b < NB; b++)
        for (int t = 0; t < NT; t++) {
            int want = 500 + 7 + b;
            if (r[b * NT + t] != want && fails++ < 5) printf("block %d thread %d: %d, want %d\n", b, t, r[b * NT + t], want);
        }
    cudaFree(dout);
    if (fails) return 1;
    printf("PASS\n");
    return 0;
}
