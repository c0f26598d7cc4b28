// check-exit: 1
// check-expect: Race \(write after read hazard\) on __shared__ memory in block \([0-9]+,0,0\) of kernel smooth
// check-expect: read at .*race_after_barrier.cu:25:38 by thread \(0,0,0\)
// check-expect: write at .*race_after_barrier.cu:23:5 by thread \(1,0,0\)
// A missing __syncthreads() before threads read their neighbours' shared
// values: the first phase is fenced, the second is not. The optimizing
// build's forward pass would even keep each thread's own value in a
// register; --check runs unoptimized and reports the hazard.
#include <stdio.h>
#include <cuda_runtime.h>

#define B 32
__global__ void smooth(const float *in, float *out)
{
    __shared__ float s[B + 1];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * B + t];
    if (t == 0)
        s[B] = 0.0f;
    __syncthreads();
    float v = 0.5f * (s[t] + s[t + 1]);
    __syncthreads();
    s[t] = v;
    // missing __syncthreads()
    out[blockIdx.x * B + t] = s[t] + s[t + 1];
}

int main(void)
{
    float h[4 * B], *din, *dout;
    for (int i = 0; i < 4 * B; i++) h[i] = (float)i;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof h);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    smooth<<<4, B>>>(din, dout);
    cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
    printf("done\n");
    return 0;
}
