// break_continue_barrier.cu: a for loop containing barriers, with a uniform
// `continue` (depends on the loop counter) and a uniform `break` (depends on
// a shared value read after a barrier, and on blockIdx).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define B 32
#define MAXIT 100

__global__ void mix(const int *in, int *out, int *iters)
{
    __shared__ int s[B];
    int tid = threadIdx.x;
    s[tid] = in[blockIdx.x * B + tid];
    __syncthreads();
    int it;
    for (it = 0; it < MAXIT; ++it) {
        if (it % 3 == 2)
            continue;
        int v = s[(tid + 1) % B];
        __syncthreads();
        s[tid] = (s[tid] + v) % 1000;
        __syncthreads();
        if (s[0] > 900 - 50 * (int)blockIdx.x)
            break;
        if (it > 40 + (int)blockIdx.x)
            break;
    }
    out[blockIdx.x * B + tid] = s[tid];
    if (tid == 0)
        iters[blockIdx.x] = it;
}

int main()
{
    const int nb = 6, n = nb * B;
    int in[n], out[n], iters[nb];
    unsigned seed = 31u;
    for (int i = 0; i < n; i++) {
        seed = seed * 1664525u + 1013904223u;
        in[i] = (int)((seed >> 8) % 100);
    }
    int *din, *dout, *dit;
    CK(cudaMalloc(&din, sizeof in));
    CK(cudaMalloc(&dout, sizeof out));
    CK(cudaMalloc(&dit, sizeof iters));
    CK(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice));
    mix<<<nb, B>>>(din, dout, dit);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(iters, dit, sizeof iters, cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int b = 0; b < nb; b++) {
        int s[B], ns[B], it;
        for (int t = 0; t < B; t++)
            s[t] = in[b * B + t];
        for (it = 0; it < MAXIT; ++it) {
            if (it % 3 == 2)
                continue;
            for (int t = 0; t < B; t++)
                ns[t] = (s[t] + s[(t + 1) % B]) % 1000;
            for (int t = 0; t < B; t++)
                s[t] = ns[t];
            if (s[0] > 900 - 50 * b)
                break;
            if (it > 40 + b)
                break;
        }
        if (iters[b] != it) {
            printf("iters[%d]: got %d, expected %d\n", b, iters[b], it);
            failures++;
        }
        for (int t = 0; t < B; t++)
            if (out[b * B + t] != s[t]) {
                if (failures < 10)
                    printf("out[%d]: got %d, expected %d\n", b * B + t, out[b * B + t], s[t]);
                failures++;
            }
    }
    cudaFree(din);
    cudaFree(dout);
    cudaFree(dit);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
