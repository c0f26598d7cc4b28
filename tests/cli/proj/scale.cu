// scale.cu: h *= f, one thread per element.
#include <cuda_runtime.h>
#include "proj.h"

__global__ void scale(float *x, int n, float f)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= f;
}

extern "C" void run_scale(float *h, int n, float f)
{
    float *d;
    cudaMalloc((void **)&d, n * sizeof(float));
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
    scale<<<(n + 127) / 128, 128>>>(d, n, f);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaFree(d);
}
