// histogram_atomics.cu: a 64-bin histogram; each block counts into a shared
// histogram with atomicAdd, then adds it to the global one with atomicAdd.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define BINS 64

__global__ void histogram(const unsigned char *data, int n, unsigned int *hist)
{
    __shared__ unsigned int local[BINS];
    for (int b = threadIdx.x; b < BINS; b += blockDim.x)
        local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[data[i] % BINS], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += blockDim.x)
        atomicAdd(&hist[b], local[b]);
}

int main()
{
    const int n = 20000;
    unsigned char *data = (unsigned char *)malloc(n);
    unsigned s = 2024u;
    for (int i = 0; i < n; i++) {
        s = s * 1664525u + 1013904223u;
        // skewed: low bins are more frequent
        data[i] = (unsigned char)(((s >> 8) % 256) * ((s >> 20) % 256) / 256);
    }
    unsigned char *dd;
    unsigned int *dh, hist[BINS], ref[BINS] = {0};
    CK(cudaMalloc(&dd, n));
    CK(cudaMalloc(&dh, sizeof hist));
    CK(cudaMemcpy(dd, data, n, cudaMemcpyHostToDevice));
    CK(cudaMemset(dh, 0, sizeof hist));
    histogram<<<10, 96>>>(dd, n, dh);
    CK(cudaGetLastError());
    CK(cudaMemcpy(hist, dh, sizeof hist, cudaMemcpyDeviceToHost));

    for (int i = 0; i < n; i++)
        ref[data[i] % BINS]++;
    int failures = 0;
    for (int b = 0; b < BINS; b++)
        if (hist[b] != ref[b]) {
            printf("hist[%d]: got %u, expected %u\n", b, hist[b], ref[b]);
            failures++;
        }
    cudaFree(dd);
    cudaFree(dh);
    free(data);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
