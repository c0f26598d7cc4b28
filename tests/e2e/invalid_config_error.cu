// invalid_config_error.cu: a launch with 2048 threads per block must fail:
// cudaGetLastError returns the launch error (and then resets it), the kernel
// must not run, and a valid launch afterwards must work.
// The error is cudaErrorInvalidConfiguration as documented for CUDA <= 12;
// CUDA 13 (runtime 13.0, driver 580 on an H200) returns cudaErrorInvalidValue
// for every bad launch configuration, so both are accepted.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

static int is_config_error(cudaError_t e)
{
    return e == cudaErrorInvalidConfiguration || e == cudaErrorInvalidValue;
}

__global__ void mark(int *out, int v)
{
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

int main()
{
    int failures = 0;
    int *d;
    int h[4096];
    if (cudaMalloc(&d, sizeof h) != cudaSuccess)
        return 1;
    cudaMemset(d, 0, sizeof h);
    mark<<<1, 2048>>>(d, 1);
    cudaError_t e = cudaGetLastError();
    if (!is_config_error(e)) {
        printf("cudaGetLastError after <<<1, 2048>>>: got %d (%s), expected %d "
               "(cudaErrorInvalidConfiguration)\n", (int)e, cudaGetErrorString(e),
               (int)cudaErrorInvalidConfiguration);
        failures++;
    }
    const char *msg = cudaGetErrorString(cudaErrorInvalidConfiguration);
    if (msg == NULL || strlen(msg) == 0) {
        printf("cudaGetErrorString returned an empty message\n");
        failures++;
    }
    e = cudaGetLastError();
    if (e != cudaSuccess) {
        printf("second cudaGetLastError: got %d, expected cudaSuccess\n", (int)e);
        failures++;
    }
    dim3 bad(32, 32, 2);   // 2048 threads again, as a 3D block
    mark<<<1, bad>>>(d, 2);
    e = cudaGetLastError();
    if (!is_config_error(e)) {
        printf("cudaGetLastError after block (32,32,2): got %d, expected %d\n", (int)e,
               (int)cudaErrorInvalidConfiguration);
        failures++;
    }
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 4096; i++)
        if (h[i] != 0) {
            if (failures < 10)
                printf("rejected launch ran: out[%d] = %d, expected 0\n", i, h[i]);
            failures++;
        }
    mark<<<4, 1024>>>(d, 3);
    e = cudaGetLastError();
    if (e != cudaSuccess) {
        printf("valid launch: got %d, expected cudaSuccess\n", (int)e);
        failures++;
    }
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 4096; i++)
        if (h[i] != 3) {
            if (failures < 10)
                printf("out[%d]: got %d, expected 3\n", i, h[i]);
            failures++;
        }
    cudaFree(d);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
