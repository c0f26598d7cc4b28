// fma.cu: does a*b+c in a kernel round once (fused, as a GPU does under
// nvcc's default -fmad=true) or twice? argv[1] says which to expect; host
// code must never be fused. a*b = 1 + 2^-11 + 2^-24 needs 25 bits: rounded
// separately it loses the 2^-24, which a fused multiply-add keeps.
#include <stdio.h>
#include <string.h>

__global__ void muladd(const float *a, const float *b, float *c)
{
    c[threadIdx.x] = a[threadIdx.x] * b[threadIdx.x] + c[threadIdx.x];
}

float host_muladd(volatile float a, volatile float b, volatile float c) { return a * b + c; }

int main(int argc, char **argv)
{
    float h[3] = {1.0f + 1.0f / 4096, 1.0f + 1.0f / 4096, -(1.0f + 1.0f / 2048)}, *d, r;
    cudaMalloc((void **)&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    muladd<<<1, 1>>>(d, d + 1, d + 2);
    cudaMemcpy(&r, d + 2, sizeof r, cudaMemcpyDeviceToHost);
    const char *got = r != 0.0f ? "fused" : "separate";
    const char *host = host_muladd(h[0], h[1], h[2]) != 0.0f ? "fused" : "separate";
    int ok = argc > 1 && !strcmp(got, argv[1]) && !strcmp(host, "separate");
    printf("kernel %s, host %s%s\n", got, host, ok ? "" : " (unexpected)");
    return !ok;
}
