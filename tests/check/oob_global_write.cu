// check-exit: 1
// check-expect: Invalid global write of size 4 at .*oob_global_write.cu:19:9
// check-expect: by thread \(1,0,0\) in block \(3,0,0\) of kernel fill
// check-expect: is 0 bytes after the end of an allocation of 100 bytes
// check-expect: ERROR SUMMARY: 1 error
// check-expect: kernel: an illegal memory access was encountered
// An out-of-bounds global write: 32 threads for 25 elements and a bounds
// test that is off by one. cucpu rounds allocations up to 256 bytes, so the
// stray write would land in memory the program owns; --check compares with
// the exact size, reports the write, does not do it, and later CUDA calls
// fail with cudaErrorIllegalAddress, as after a fault on a GPU.
#include <stdio.h>
#include <cuda_runtime.h>

__global__ void fill(int *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= n)            /* should be i < n */
        a[i] = i;
}

int main(void)
{
    int *d, n = 25;
    cudaMalloc(&d, n * sizeof(int));
    fill<<<4, 8>>>(d, n);
    cudaError_t e = cudaDeviceSynchronize();
    printf("kernel: %s\n", cudaGetErrorString(e));
    return 0;
}
