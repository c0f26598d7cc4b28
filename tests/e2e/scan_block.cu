// scan_block.cu: block-level prefix sums, two ways: Hillis-Steele inclusive
// scan with a double buffer, and Blelloch exclusive scan (up-sweep and
// down-sweep) in place.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define B 128

__global__ void hillis_steele(const int *in, int *out)
{
    __shared__ int buf[2][B];
    int t = threadIdx.x;
    int cur = 0;
    buf[0][t] = in[blockIdx.x * B + t];
    __syncthreads();
    for (int off = 1; off < B; off *= 2) {
        int v = buf[cur][t];
        if (t >= off)
            v += buf[cur][t - off];
        buf[1 - cur][t] = v;
        cur = 1 - cur;
        __syncthreads();
    }
    out[blockIdx.x * B + t] = buf[cur][t];
}

// Each thread owns two elements; B threads scan 2*B values.
__global__ void blelloch(const int *in, int *out)
{
    __shared__ int temp[2 * B];
    int t = threadIdx.x;
    int base = blockIdx.x * 2 * B;
    temp[2 * t] = in[base + 2 * t];
    temp[2 * t + 1] = in[base + 2 * t + 1];
    int offset = 1;
    for (int d = B; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d) {
            int ai = offset * (2 * t + 1) - 1;
            int bi = offset * (2 * t + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (t == 0)
        temp[2 * B - 1] = 0;
    for (int d = 1; d < 2 * B; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (t < d) {
            int ai = offset * (2 * t + 1) - 1;
            int bi = offset * (2 * t + 2) - 1;
            int x = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += x;
        }
    }
    __syncthreads();
    out[base + 2 * t] = temp[2 * t];
    out[base + 2 * t + 1] = temp[2 * t + 1];
}

int main()
{
    const int nb = 3, n = nb * 2 * B;
    int *in = (int *)malloc(n * sizeof(int));
    int *o1 = (int *)malloc(n * sizeof(int));
    int *o2 = (int *)malloc(n * sizeof(int));
    unsigned s = 8u;
    for (int i = 0; i < n; i++) {
        s = s * 1664525u + 1013904223u;
        in[i] = (int)((s >> 8) % 201) - 100;
    }
    int *din, *d1, *d2;
    CK(cudaMalloc(&din, n * sizeof(int)));
    CK(cudaMalloc(&d1, n * sizeof(int)));
    CK(cudaMalloc(&d2, n * sizeof(int)));
    CK(cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice));
    hillis_steele<<<2 * nb, B>>>(din, d1);
    CK(cudaGetLastError());
    blelloch<<<nb, B>>>(din, d2);
    CK(cudaGetLastError());
    CK(cudaMemcpy(o1, d1, n * sizeof(int), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(o2, d2, n * sizeof(int), cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int i = 0; i < n; i++) {
        int inc = 0, exc = 0;
        for (int j = i - i % B; j <= i; j++)
            inc += in[j];
        for (int j = i - i % (2 * B); j < i; j++)
            exc += in[j];
        if (o1[i] != inc || o2[i] != exc) {
            if (failures < 10)
                printf("[%d]: inclusive got %d expected %d; exclusive got %d expected %d\n", i,
                       o1[i], inc, o2[i], exc);
            failures++;
        }
    }
    cudaFree(din);
    cudaFree(d1);
    cudaFree(d2);
    free(in);
    free(o1);
    free(o2);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
