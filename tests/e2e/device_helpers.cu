// device_helpers.cu: __device__ helper functions: a __host__ __device__
// function used by the kernel and by the host reference, a recursive
// __host__ __device__ gcd, a __device__ function that reads threadIdx and
// blockIdx, and a __forceinline__ helper.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__host__ __device__ int collatz_steps(int x)
{
    int steps = 0;
    while (x != 1) {
        x = (x % 2) ? 3 * x + 1 : x / 2;
        steps++;
    }
    return steps;
}

__host__ __device__ int gcd(int a, int b)
{
    return b == 0 ? a : gcd(b, a % b);
}

__device__ int global_id()
{
    return blockIdx.x * blockDim.x + threadIdx.x;
}

__device__ int lane_id()
{
    return threadIdx.x % 32;
}

__device__ __forceinline__ int square(int v)
{
    return v * v;
}

__global__ void helpers(int *steps, int *g, int *lanes, int n)
{
    int i = global_id();
    if (i >= n)
        return;
    steps[i] = collatz_steps(i + 1);
    g[i] = gcd(square(i + 1), 360);
    lanes[i] = lane_id() * 1000 + (int)blockIdx.x;
}

int main()
{
    const int n = 700, bs = 96;
    int *steps = (int *)malloc(n * sizeof(int));
    int *g = (int *)malloc(n * sizeof(int));
    int *lanes = (int *)malloc(n * sizeof(int));
    int *ds, *dg, *dl;
    CK(cudaMalloc(&ds, n * sizeof(int)));
    CK(cudaMalloc(&dg, n * sizeof(int)));
    CK(cudaMalloc(&dl, n * sizeof(int)));
    helpers<<<(n + bs - 1) / bs, bs>>>(ds, dg, dl, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(steps, ds, n * sizeof(int), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(g, dg, n * sizeof(int), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(lanes, dl, n * sizeof(int), cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int i = 0; i < n; i++) {
        int ws = collatz_steps(i + 1);
        int wg = gcd((i + 1) * (i + 1), 360);
        int wl = ((i % bs) % 32) * 1000 + i / bs;
        if (steps[i] != ws || g[i] != wg || lanes[i] != wl) {
            if (failures < 10)
                printf("[%d]: got %d/%d/%d, expected %d/%d/%d\n", i, steps[i], g[i], lanes[i],
                       ws, wg, wl);
            failures++;
        }
    }
    cudaFree(ds);
    cudaFree(dg);
    cudaFree(dl);
    free(steps);
    free(g);
    free(lanes);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
