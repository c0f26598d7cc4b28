// streams.cu: two streams, pinned host memory, cudaMemcpyAsync, launches with
// a stream argument, cudaStreamSynchronize; each stream handles half.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define NS 2

__global__ void triple_plus(int *x, int n, int add)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = x[i] * 3 + add;
}

int main()
{
    const int n = 4000, half = n / NS;
    int *h;
    CK(cudaMallocHost(&h, n * sizeof(int)));
    for (int i = 0; i < n; i++)
        h[i] = i % 1000 - 500;
    int *d;
    CK(cudaMalloc(&d, n * sizeof(int)));
    cudaStream_t st[NS];
    for (int k = 0; k < NS; k++)
        CK(cudaStreamCreate(&st[k]));
    for (int k = 0; k < NS; k++) {
        int off = k * half;
        CK(cudaMemcpyAsync(d + off, h + off, half * sizeof(int), cudaMemcpyHostToDevice, st[k]));
        triple_plus<<<(half + 255) / 256, 256, 0, st[k]>>>(d + off, half, k + 1);
        triple_plus<<<(half + 255) / 256, 256, 0, st[k]>>>(d + off, half, 10 * k);
        CK(cudaMemcpyAsync(h + off, d + off, half * sizeof(int), cudaMemcpyDeviceToHost, st[k]));
    }
    for (int k = 0; k < NS; k++)
        CK(cudaStreamSynchronize(st[k]));
    CK(cudaGetLastError());

    int failures = 0;
    for (int i = 0; i < n; i++) {
        int k = i / half;
        int v = i % 1000 - 500;
        int want = (v * 3 + k + 1) * 3 + 10 * k;
        if (h[i] != want) {
            if (failures < 10)
                printf("h[%d]: got %d, expected %d\n", i, h[i], want);
            failures++;
        }
    }
    for (int k = 0; k < NS; k++)
        CK(cudaStreamDestroy(st[k]));
    cudaFree(d);
    cudaFreeHost(h);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
