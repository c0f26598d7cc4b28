// included_kernels.cu: kernels, __device__ functions and __shared__ arrays
// that live in files the .cu includes: a header-only kernel library
// (lib/block_ops.cuh), a .cu included as in Rodinia (lib/scale_kernel.cu),
// reached through a header that only includes them (lib/kernels.h).
#include <cstdio>
#include <cuda_runtime.h>
#include "lib/kernels.h"

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define B 64

int main()
{
    const int nb = 5, N = nb * B;
    int in[N], out[N];
    float x[N];
    for (int i = 0; i < N; i++) { in[i] = i * 3 - 100; x[i] = i * 0.25f; }
    int *din, *dout;
    float *dx;
    CK(cudaMalloc(&din, sizeof in));
    CK(cudaMalloc(&dout, sizeof out));
    CK(cudaMalloc(&dx, sizeof x));
    CK(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice));
    reverse_blocks<int, B><<<nb, B>>>(din, dout);
    scale<<<(N + 127) / 128, 128>>>(dx, 2.0f, N - 3);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(x, dx, sizeof x, cudaMemcpyDeviceToHost));
    int failures = 0;
    for (int b = 0; b < nb; b++) for (int t = 0; t < B; t++) {
        int i = b * B + t, want = in[b * B + B - 1 - t] + t % 32;
        if (out[i] != want && failures++ < 5) printf("reverse_blocks[%d] = %d, expected %d\n", i, out[i], want);
    }
    for (int i = 0; i < N; i++) {
        float want = i < N - 3 ? i * 0.5f : i * 0.25f;
        if (x[i] != want && failures++ < 5) printf("scale[%d] = %g, expected %g\n", i, x[i], want);
    }
    CK(cudaFree(din));
    CK(cudaFree(dout));
    CK(cudaFree(dx));
    if (failures) { printf("FAIL: %d mismatches\n", failures); return 1; }
    printf("PASS\n");
    return 0;
}
