// <cub/cub.cuh> brings in <chrono>, as the toolkit's does: programs time
// themselves with std::chrono after including only CUB and cuda.h
// (HeCBench ccsd-trpdrv).
#include <cstdio>
#include <cuda.h>
#include <cub/cub.cuh>

__global__ void twice(int *a) { a[threadIdx.x] *= 2; }

int main()
{
    auto start = std::chrono::steady_clock::now();
    int h[32], *d;
    for (int i = 0; i < 32; i++) h[i] = i;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    twice<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    auto end = std::chrono::steady_clock::now();
    if (std::chrono::duration_cast<std::chrono::nanoseconds>(end - start).count() < 0) return 1;
    for (int i = 0; i < 32; i++)
        if (h[i] != 2 * i) { printf("a[%d] = %d\n", i, h[i]); return 1; }
    printf("PASS\n");
    return 0;
}
