#include <cstdio>
#include <cuda_fp16.hpp>
#include <cuda_bf16.hpp>
__global__ void k(float *out) {
    half one = 1;
    __half h = 2.5, u = 65520.0f;
    nv_bfloat16 b = 3;
    __nv_bfloat162 p = __floats2bfloat162_rn(1.0f, 0.5f);
    float f = h;
    h += one;
    out[0] = f + (float)h + (float)b + __high2float(p * p) + (float)__hisinf(u);
    out[1] = (float)(int)__half(b) + (float)(one < h) + (float)(bool)__hmax(h, -h);
}
int main() {
    float *d, r[2];
    cudaMalloc(&d, sizeof r);
    k<<<1, 1>>>(d);
    cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost);
    half one = 1;
    __nv_bfloat16 b = 2.0;
    float f = one + one;
    printf("%g %g %g %g\n", r[0], r[1], f, (float)(b * b));
    return 0;
}
