// A histogram with atomics in shared memory, built through FindCUDA's
// cuda_add_executable; helper.cpp (plain C++) makes the input.
#include <cstdio>
#include <cuda_runtime.h>

void make_input(unsigned char *data, int n);

__global__ void histogram(const unsigned char *data, int n, unsigned *bins)
{
    __shared__ unsigned local[16];
    if (threadIdx.x < 16)
        local[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i] % 16], 1u);
    __syncthreads();
    if (threadIdx.x < 16)
        atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

int main()
{
    const int n = 4096;
    unsigned char *data;
    unsigned *bins;
    cudaMallocManaged(&data, n);
    cudaMallocManaged(&bins, 16 * sizeof(unsigned));
    cudaMemset(bins, 0, 16 * sizeof(unsigned));
    make_input(data, n);
    histogram<<<8, 64>>>(data, n, bins);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < 16; b++)
        bad += bins[b] != n / 16;
    printf("legacy: %s\n", bad ? "FAIL" : "ok");
    return bad != 0;
}
