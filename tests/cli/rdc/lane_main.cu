// Calls dev_lane, defined in dev.cu, which reads threadIdx: the thread
// context has to cross the file boundary.
#include <stdio.h>

#ifndef __CUDACC_RDC__
#error "compile with -rdc=true or -dc: __CUDACC_RDC__ is not defined"
#endif
#include "dev.h"

__global__ void k(int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = dev_twice(dev_lane());
}

int main(void)
{
    int *d, h[64], bad = 0;
    cudaMalloc((void **)&d, sizeof h);
    k<<<2, 32>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 64; i++) bad += h[i] != 2 * (i % 32);
    printf("lane %s\n", bad ? "FAIL" : "ok");
    return bad != 0;
}
