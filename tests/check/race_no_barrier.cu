// check-exit: 1
// check-expect: Race \(write after read hazard\) on __shared__ memory in block \([0-9]+,0,0\) of kernel neighbours
// check-expect: read at .*race_no_barrier.cu:21:31 by thread \(0,0,0\)
// check-expect: write at .*race_no_barrier.cu:19:5 by thread \(1,0,0\)
// check-expect: Race \(read after write hazard\)
// check-expect: ERROR SUMMARY: 2 errors
// A shared-memory race: each thread reads the element its right neighbour
// writes, with no __syncthreads() in between. On a GPU the result depends on
// how warps interleave; --check reports both hazards (the write after
// thread 0's read, and thread 63's read after thread 0's write).
#include <stdio.h>
#include <cuda_runtime.h>

#define B 64
__global__ void neighbours(const int *in, int *out)
{
    __shared__ int s[B];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * B + t];
    // missing __syncthreads()
    out[blockIdx.x * B + t] = s[(t + 1) % B];
}

int main(void)
{
    int h[2 * B], *din, *dout;
    for (int i = 0; i < 2 * B; i++) h[i] = i;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof h);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    neighbours<<<2, B>>>(din, dout);
    cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
    printf("done\n");
    return 0;
}
