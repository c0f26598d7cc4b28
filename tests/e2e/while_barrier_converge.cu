// while_barrier_converge.cu: a while loop whose condition is a flag in shared
// memory (data-dependent but the same for the whole block). Each iteration
// takes the max with the right neighbour on a ring, until nothing changes.
// Barriers sit inside the loop; the trip count differs between blocks.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define B 64

__global__ void ring_max(const int *in, int *out, int *iters)
{
    __shared__ int x[B];
    __shared__ int active;
    int tid = threadIdx.x;
    x[tid] = in[blockIdx.x * B + tid];
    if (tid == 0)
        active = 1;
    __syncthreads();
    int it = 0;
    while (active) {
        int v = x[tid];
        int nb = x[(tid + 1) % B];
        __syncthreads();
        if (tid == 0)
            active = 0;
        __syncthreads();
        if (nb > v) {
            x[tid] = nb;
            active = 1;
        }
        __syncthreads();
        it++;
    }
    out[blockIdx.x * B + tid] = x[tid];
    if (tid == 0)
        iters[blockIdx.x] = it;
}

int main()
{
    const int nb = 6, n = nb * B;
    int in[n], out[n], iters[nb], ref[n];
    unsigned s = 77u;
    for (int i = 0; i < n; i++) {
        s = s * 1664525u + 1013904223u;
        in[i] = (int)((s >> 8) % 1000);
    }
    // Block b: only the first 8*(b+1) values are random, the rest is 0, so
    // the distance to the maximum (and the trip count) varies per block.
    for (int b = 0; b < nb; b++)
        for (int t = 8 * (b + 1); t < B; t++)
            in[b * B + t] = 0;
    int *din, *dout, *dit;
    CK(cudaMalloc(&din, sizeof in));
    CK(cudaMalloc(&dout, sizeof out));
    CK(cudaMalloc(&dit, sizeof iters));
    CK(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice));
    ring_max<<<nb, B>>>(din, dout, dit);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(iters, dit, sizeof iters, cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int b = 0; b < nb; b++) {
        int x[B], nx[B];
        for (int t = 0; t < B; t++)
            x[t] = in[b * B + t];
        int it = 0, active = 1;
        while (active) {
            active = 0;
            for (int t = 0; t < B; t++) {
                int nbv = x[(t + 1) % B];
                nx[t] = nbv > x[t] ? nbv : x[t];
                if (nx[t] != x[t])
                    active = 1;
            }
            for (int t = 0; t < B; t++)
                x[t] = nx[t];
            it++;
        }
        for (int t = 0; t < B; t++)
            ref[b * B + t] = x[t];
        if (iters[b] != it) {
            printf("iters[%d]: got %d, expected %d\n", b, iters[b], it);
            failures++;
        }
    }
    for (int i = 0; i < n; i++)
        if (out[i] != ref[i]) {
            if (failures < 10)
                printf("out[%d]: got %d, expected %d\n", i, out[i], ref[i]);
            failures++;
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
