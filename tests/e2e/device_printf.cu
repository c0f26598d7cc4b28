// device_printf.cu: printf from a kernel (thread 0 of block 0 prints one
// line); the program then checks the kernel's other output and prints PASS.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void hello(int *out, int magic)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i == 0)
        printf("hello from block %d thread %d: magic=%d pi=%.2f\n", (int)blockIdx.x,
               (int)threadIdx.x, magic, 3.14159f);
    out[i] = i + magic;
}

int main()
{
    const int n = 64;
    int out[n];
    int *d;
    if (cudaMalloc(&d, sizeof out) != cudaSuccess)
        return 1;
    hello<<<2, 32>>>(d, 42);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("kernel failed\n");
        return 1;
    }
    cudaMemcpy(out, d, sizeof out, cudaMemcpyDeviceToHost);
    cudaFree(d);
    int failures = 0;
    for (int i = 0; i < n; i++)
        if (out[i] != i + 42) {
            printf("out[%d]: got %d, expected %d\n", i, out[i], i + 42);
            failures++;
        }
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
