// check-exit: 1
// check-expect: Invalid global read of size 4 at .*use_after_free.cu:16:14
// check-expect: by thread \(0,0,0\) in block \(0,0,0\) of kernel copy
// check-expect: is not in a live allocation
// A kernel reads a buffer the host has already freed.
#include <stdio.h>
#include <cuda_runtime.h>

#define N 32
__global__ void copy(const int *src, int *dst)
{
    int i = threadIdx.x;
    // this read
    // is of
    // freed memory:
    dst[i] = src[i];
}

int main(void)
{
    int *a, *b;
    cudaMalloc(&a, N * sizeof(int));
    cudaMalloc(&b, N * sizeof(int));
    cudaMemset(a, 0, N * sizeof(int));
    cudaFree(a);
    copy<<<1, N>>>(a, b);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
