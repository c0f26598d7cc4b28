// static_assert_barrier_kernel.cu: static_assert declarations inside kernels
// with __syncthreads() (plain and template, as HeCBench's hadamard writes
// them): they have no run-time effect and must not stop the translation.
#include <cstdio>
#include <cuda_runtime.h>

#define B 64

template <int N>
__global__ void rev_t(const int *in, int *out)
{
    constexpr int half = N / 2;
    static_assert((N & (N - 1)) == 0, "N must be a power of 2");
    __shared__ int s[N];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * N + t];
    static_assert(half * 2 == N, "even");
    __syncthreads();
    out[blockIdx.x * N + t] = s[N - 1 - t] + half;
}

__global__ void rev(const int *in, int *out)
{
    static_assert(B % 32 == 0, "whole warps");
    __shared__ int s[B];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * B + t];
    __syncthreads();
    out[blockIdx.x * B + t] = s[B - 1 - t];
}

int main()
{
    const int nb = 3, n = nb * B;
    int in[n], out[n], out2[n];
    for (int i = 0; i < n; i++) in[i] = i * 5 - 7;
    int *din, *dout;
    cudaMalloc(&din, sizeof in);
    cudaMalloc(&dout, sizeof out);
    cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
    rev<<<nb, B>>>(din, dout);
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    rev_t<B><<<nb, B>>>(din, dout);
    cudaMemcpy(out2, dout, sizeof out2, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < nb; b++)
        for (int t = 0; t < B; t++) {
            int want = in[b * B + B - 1 - t];
            if (out[b * B + t] != want || out2[b * B + t] != want + B / 2) {
                if (bad++ < 5) printf("at %d: %d %d, want %d %d\n", b * B + t, out[b * B + t], out2[b * B + t], want, want + B / 2);
            }
        }
    cudaFree(din);
    cudaFree(dout);
    if (bad) { printf("FAIL (%d)\n", bad); return 1; }
    printf("PASS\n");
    return 0;
}
