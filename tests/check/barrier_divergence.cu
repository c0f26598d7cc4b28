// check-exit: 1
// check-build-expect: barrier_divergence.cu:[0-9]+:12: warning: __syncthreads\(\) in a loop whose condition may differ between the threads of a block
// check-expect: Barrier divergence at .*barrier_divergence.cu:20:12 in block \(0,0,0\) of kernel rotate
// check-expect: the condition is true for thread \(0,0,0\) and false for thread \(44,0,0\)
// check-expect: Invalid global read of size 4 at .*barrier_divergence.cu:21:26
// A barrier under a per-thread trip count: a block-stride loop with
// __syncthreads() inside, over 300 elements with 256 threads. In the second
// round threads 44 and up leave the loop while the others wait at the
// barrier, which is undefined behaviour on a GPU. cucpu runs the loop as
// the block's thread 0 sees it, so the others also read past the end:
// --check reports the divergence and the reads.
#include <stdio.h>
#include <cuda_runtime.h>

__global__ void rotate(float *a, int n)
{
    __shared__ float s[256];
    int i = threadIdx.x;
    // should be: for (int base = 0; base < n; base += blockDim.x) with i = base + threadIdx.x guarded
    while (i < n) {
        s[threadIdx.x] = a[i];
        __syncthreads();
        a[i] = s[(threadIdx.x + 1) % blockDim.x];
        __syncthreads();
        i += blockDim.x;
    }
}

int main(void)
{
    float *a;
    cudaMalloc(&a, 300 * sizeof(float));
    cudaMemset(a, 0, 300 * sizeof(float));
    rotate<<<1, 256>>>(a, 300);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
