// barrier_call_loop_break.cu: a __device__ function with a barrier, inlined
// into a loop that also has a `break`. The inlined body's own loop (its
// `return`) must not take the place of the enclosing loop, or the `break`
// sets the wrong flag and the loop never ends early (found by the
// metamorphic test).
#include <cstdio>
#include <cuda_runtime.h>

#define B 32

__device__ __forceinline__ int sync_zero()
{
    __syncthreads();
    return 0;
}

__global__ void k(int *out, int n, int stop)
{
    __shared__ int s[B];
    int acc = 0;
    for (int i = 0; i < n; i++) {
        s[threadIdx.x] = i + (int)threadIdx.x;
        int z = sync_zero();
        acc += s[B - 1 - threadIdx.x] + z;
        if (i == stop) break;
        __syncthreads();
    }
    out[blockIdx.x * B + threadIdx.x] = acc;
}

int main()
{
    const int nb = 3;
    int *d, h[nb * B];
    if (cudaMalloc(&d, sizeof h) != cudaSuccess) return 1;
    k<<<nb, B>>>(d, 10, 2);
    if (cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess) return 1;
    int failures = 0;
    for (int b = 0; b < nb; b++) for (int t = 0; t < B; t++) {
        int want = 0;
        for (int i = 0; i <= 2; i++) want += i + (B - 1 - t);
        if (h[b * B + t] != want && failures++ < 5) printf("out[%d] = %d, expected %d\n", b * B + t, h[b * B + t], want);
    }
    cudaFree(d);
    if (failures) { printf("FAIL\n"); return 1; }
    printf("PASS\n");
    return 0;
}
