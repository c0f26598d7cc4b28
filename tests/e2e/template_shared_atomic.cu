// template_shared_atomic.cu: atomicAdd on shared memory in a template
// kernel. The call depends on T, so clang leaves it unresolved; it must
// still count as a write of s, or barrier elimination removes the
// __syncthreads() after it and the reads see partial counts.
#include <cstdio>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define B 64
#define BINS 4

template <typename T>
__global__ void histogram(const int *in, T *out)
{
    __shared__ T s[BINS];
    if (threadIdx.x < BINS) s[threadIdx.x] = 0;
    __syncthreads();
    atomicAdd(&s[in[blockIdx.x * B + threadIdx.x] % BINS], (T)1);
    __syncthreads();
    out[blockIdx.x * B + threadIdx.x] = s[threadIdx.x % BINS];
}

int main()
{
    const int nb = 6, N = nb * B;
    int in[N];
    for (int i = 0; i < N; i++) in[i] = (i * 7 + i / 5) % 11;
    int *din;
    CK(cudaMalloc(&din, sizeof in));
    CK(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice));
    int failures = 0;
    int out_i[N];
    unsigned out_u[N];
    int *di;
    unsigned *du;
    CK(cudaMalloc(&di, sizeof out_i));
    CK(cudaMalloc(&du, sizeof out_u));
    histogram<int><<<nb, B>>>(din, di);
    histogram<unsigned><<<nb, B>>>(din, du);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out_i, di, sizeof out_i, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(out_u, du, sizeof out_u, cudaMemcpyDeviceToHost));
    for (int b = 0; b < nb; b++) {
        int count[BINS] = { 0 };
        for (int t = 0; t < B; t++) count[in[b * B + t] % BINS]++;
        for (int t = 0; t < B; t++) {
            int want = count[t % BINS];
            if (out_i[b * B + t] != want || out_u[b * B + t] != (unsigned)want)
                if (failures++ < 5) printf("block %d thread %d: %d / %u, expected %d\n", b, t, out_i[b * B + t], out_u[b * B + t], want);
        }
    }
    CK(cudaFree(din));
    CK(cudaFree(di));
    CK(cudaFree(du));
    if (failures) { printf("FAIL: %d mismatches\n", failures); return 1; }
    printf("PASS\n");
    return 0;
}
