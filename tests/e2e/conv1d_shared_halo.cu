// conv1d_shared_halo.cu: 1D convolution of radius 3; each block loads its
// tile plus a halo on both sides into shared memory with a strided loop, so
// several threads load halo cells; the mask is in __constant__ memory.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define R 3
#define B 64

__constant__ int mask[2 * R + 1];

__global__ void conv1d(const int *in, int *out, int n)
{
    __shared__ int tile[B + 2 * R];
    int base = blockIdx.x * B - R;
    for (int k = threadIdx.x; k < B + 2 * R; k += blockDim.x) {
        int g = base + k;
        tile[k] = (g >= 0 && g < n) ? in[g] : 0;
    }
    __syncthreads();
    int i = blockIdx.x * B + threadIdx.x;
    if (i < n) {
        int acc = 0;
        for (int j = -R; j <= R; j++)
            acc += mask[j + R] * tile[threadIdx.x + R + j];
        out[i] = acc;
    }
}

int main()
{
    const int n = 1000;
    int hmask[2 * R + 1] = {1, -2, 3, 10, 3, -2, 1};
    int *in = (int *)malloc(n * sizeof(int));
    int *out = (int *)malloc(n * sizeof(int));
    unsigned s = 606u;
    for (int i = 0; i < n; i++) {
        s = s * 1664525u + 1013904223u;
        in[i] = (int)((s >> 8) % 1001) - 500;
    }
    int *din, *dout;
    CK(cudaMemcpyToSymbol(mask, hmask, sizeof hmask));
    CK(cudaMalloc(&din, n * sizeof(int)));
    CK(cudaMalloc(&dout, n * sizeof(int)));
    CK(cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice));
    conv1d<<<(n + B - 1) / B, B>>>(din, dout, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, n * sizeof(int), cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int i = 0; i < n; i++) {
        int want = 0;
        for (int j = -R; j <= R; j++)
            if (i + j >= 0 && i + j < n)
                want += hmask[j + R] * in[i + j];
        if (out[i] != want) {
            if (failures < 10)
                printf("out[%d]: got %d, expected %d\n", i, out[i], want);
            failures++;
        }
    }
    cudaFree(din);
    cudaFree(dout);
    free(in);
    free(out);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
