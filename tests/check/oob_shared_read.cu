// check-exit: 1
// check-expect: Invalid __shared__ read of size 4 at .*oob_shared_read.cu:21:17
// check-expect: by thread \(63,0,0\) in block \(0,0,0\) of kernel shift_left
// check-expect: is 0 bytes after the end of a __shared__ array of 256 bytes
// check-expect: ERROR SUMMARY: 1 error
// An out-of-bounds shared read: the last thread reads one element past the
// tile. On a GPU it reads whatever lies there; --check reports it and the
// read gives 0.
#include <stdio.h>
#include <cuda_runtime.h>

#define B 64
__global__ void shift_left(const int *in, int *out)
{
    __shared__ int tile[B];
    int t = threadIdx.x;
    tile[t] = in[t];
    __syncthreads();
    int right;
    if (t < B)
        right = tile[t + 1];
    out[t] = right;
}

int main(void)
{
    int h[B], *din, *dout;
    for (int i = 0; i < B; i++) h[i] = i;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof h);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    shift_left<<<1, B>>>(din, dout);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
