#include <cstdio>
#include <cuda_fp16.h>
struct half { int v; };
__global__ void k(__half *p) { p[0] = __hadd(p[0], p[0]); }
int main() {
    __half *d, h = __float2half(1.5f);
    half mine = {4};
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, &h, sizeof h, cudaMemcpyHostToDevice);
    k<<<1, 1>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%g %d\n", __half2float(h), mine.v);
    return 0;
}
