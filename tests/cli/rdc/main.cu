// Calls dev_twice and reads dev_scale, both defined in dev.cu; the host sets
// dev_scale through cudaMemcpyToSymbol.
#include <stdio.h>
#include "dev.h"

__global__ void k(int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = dev_twice(i) * dev_scale;
}

int main(void)
{
    int *d, h[64], five = 5, bad = 0;
    cudaMalloc((void **)&d, sizeof h);
    k<<<2, 32>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 64; i++) bad += h[i] != 6 * i;
    cudaMemcpyToSymbol(dev_scale, &five, sizeof five);
    k<<<2, 32>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 64; i++) bad += h[i] != 10 * i;
    printf("rdc %s\n", bad ? "FAIL" : "ok");
    return bad != 0;
}
