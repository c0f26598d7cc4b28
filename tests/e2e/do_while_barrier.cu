// do_while_barrier.cu: a do-while loop with barriers inside; the exit test
// reads a block total from shared memory (block-uniform), and the limit
// depends on blockIdx, so blocks run different numbers of rounds.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define B 64

__global__ void grow(const int *in, int *out, int *rounds_out, int base_limit)
{
    __shared__ int s[B];
    __shared__ int total;
    int tid = threadIdx.x;
    int limit = base_limit * (blockIdx.x + 1);
    s[tid] = in[blockIdx.x * B + tid];
    int rounds = 0;
    int t;
    do {
        s[tid] = s[tid] * 2 + 1;
        if (tid == 0)
            total = 0;
        __syncthreads();
        atomicAdd(&total, s[tid]);
        __syncthreads();
        t = total;
        __syncthreads();
        rounds++;
    } while (t < limit);
    out[blockIdx.x * B + tid] = s[tid];
    if (tid == 0)
        rounds_out[blockIdx.x] = rounds;
}

int main()
{
    const int nb = 8, n = nb * B, base = 3000;
    int in[n], out[n], rounds[nb];
    unsigned s = 1234u;
    for (int i = 0; i < n; i++) {
        s = s * 1664525u + 1013904223u;
        in[i] = (int)((s >> 8) % 16);
    }
    int *din, *dout, *dr;
    CK(cudaMalloc(&din, sizeof in));
    CK(cudaMalloc(&dout, sizeof out));
    CK(cudaMalloc(&dr, sizeof rounds));
    CK(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice));
    grow<<<nb, B>>>(din, dout, dr, base);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(rounds, dr, sizeof rounds, cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int b = 0; b < nb; b++) {
        int x[B], r = 0, total;
        for (int t = 0; t < B; t++)
            x[t] = in[b * B + t];
        do {
            total = 0;
            for (int t = 0; t < B; t++) {
                x[t] = x[t] * 2 + 1;
                total += x[t];
            }
            r++;
        } while (total < base * (b + 1));
        if (rounds[b] != r) {
            printf("rounds[%d]: got %d, expected %d\n", b, rounds[b], r);
            failures++;
        }
        for (int t = 0; t < B; t++)
            if (out[b * B + t] != x[t]) {
                if (failures < 10)
                    printf("out[%d]: got %d, expected %d\n", b * B + t, out[b * B + t], x[t]);
                failures++;
            }
    }
    cudaFree(din);
    cudaFree(dout);
    cudaFree(dr);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
