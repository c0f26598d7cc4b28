// kernel_assert.cu: a failed assert in one thread of a kernel leaves the
// context with cudaErrorAssert, as on a GPU: the next synchronization
// returns it, and so does every later CUDA call (the error is sticky:
// cudaGetLastError does not clear it). The runtime prints the GPU's
// message, with block and thread, on stderr.
#include <cassert>
#include <cstdio>
#include <cuda_runtime.h>

__global__ void check_all(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    assert(i >= n || in[i] >= 0);
    if (i < n)
        out[i] = in[i] * 2;
}

int main()
{
    const int n = 256;
    int h[n], *din, *dout;
    for (int i = 0; i < n; i++)
        h[i] = i == 133 ? -1 : i;
    if (cudaMalloc(&din, n * sizeof(int)) != cudaSuccess ||
        cudaMalloc(&dout, n * sizeof(int)) != cudaSuccess ||
        cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice) != cudaSuccess) {
        printf("setup failed\n");
        return 1;
    }
    int failures = 0;
    check_all<<<4, 64>>>(din, dout, n);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaErrorAssert) {
        printf("cudaDeviceSynchronize after the assert: %s, expected cudaErrorAssert\n",
               cudaGetErrorName(e));
        failures++;
    }
    // Sticky: every later call fails the same way.
    int *more;
    e = cudaMalloc(&more, 16);
    if (e != cudaErrorAssert) {
        printf("cudaMalloc after the fault: %s\n", cudaGetErrorName(e));
        failures++;
    }
    e = cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
    if (e != cudaErrorAssert) {
        printf("cudaMemcpy after the fault: %s\n", cudaGetErrorName(e));
        failures++;
    }
    for (int k = 0; k < 2; k++) {
        e = cudaGetLastError();
        if (e != cudaErrorAssert) {
            printf("cudaGetLastError #%d after the fault: %s\n", k + 1, cudaGetErrorName(e));
            failures++;
        }
    }
    check_all<<<1, 1>>>(din, dout, n);
    e = cudaGetLastError();
    if (e != cudaErrorAssert) {
        printf("a launch after the fault: %s\n", cudaGetErrorName(e));
        failures++;
    }
    if (failures)
        return 1;
    printf("PASS\n");
    return 0;
}
