// event_timing.cu: cudaEventRecord around a kernel; the elapsed time must be
// positive and finite, and the kernel's result must still be right.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void busy(unsigned *out, int n, int rounds)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned x = (unsigned)i;
    for (int r = 0; r < rounds; r++)
        x = x * 1664525u + 1013904223u;
    out[i] = x;
}

int main()
{
    const int n = 4096, rounds = 500;
    unsigned *out = (unsigned *)malloc(n * sizeof(unsigned));
    unsigned *d;
    CK(cudaMalloc(&d, n * sizeof(unsigned)));
    cudaEvent_t start, stop;
    CK(cudaEventCreate(&start));
    CK(cudaEventCreate(&stop));
    CK(cudaEventRecord(start, 0));
    busy<<<n / 256, 256>>>(d, n, rounds);
    CK(cudaEventRecord(stop, 0));
    CK(cudaEventSynchronize(stop));
    float ms = -1.0f;
    CK(cudaEventElapsedTime(&ms, start, stop));
    CK(cudaMemcpy(out, d, n * sizeof(unsigned), cudaMemcpyDeviceToHost));

    int failures = 0;
    if (!(ms > 0.0f) || !std::isfinite(ms)) {
        printf("elapsed time: got %g ms, expected > 0 and finite\n", ms);
        failures++;
    }
    for (int i = 0; i < n; i++) {
        unsigned x = (unsigned)i;
        for (int r = 0; r < rounds; r++)
            x = x * 1664525u + 1013904223u;
        if (out[i] != x) {
            if (failures < 10)
                printf("out[%d]: got %u, expected %u\n", i, out[i], x);
            failures++;
        }
    }
    CK(cudaEventDestroy(start));
    CK(cudaEventDestroy(stop));
    cudaFree(d);
    free(out);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
