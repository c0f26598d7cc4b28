// pragma_host_loop.cu: host loops that launch kernels and carry a pragma
// (`#pragma GCC unroll`, `#pragma omp parallel for`): the pragma must stay
// on its loop, so the team pass leaves such loops alone.
#include <cstdio>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void add(int *a, int v)
{
    a[blockIdx.x * blockDim.x + threadIdx.x] += v;
}

int main()
{
    int *d;
    CK(cudaMalloc(&d, 256 * sizeof(int)));
    CK(cudaMemset(d, 0, 256 * sizeof(int)));
#pragma GCC unroll 2
    for (int i = 0; i < 4; i++)
        add<<<4, 64>>>(d, i);
    #pragma omp parallel for
    for (int i = 0; i < 3; i++)
        add<<<1, 64>>>(d + 64 * i, 10);
    CK(cudaGetLastError());
    int h[256];
    CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    int failures = 0;
    for (int i = 0; i < 256; i++) {
        int want = 6 + (i < 192 ? 10 : 0);
        if (h[i] != want && failures++ < 5) printf("a[%d] = %d, expected %d\n", i, h[i], want);
    }
    CK(cudaFree(d));
    if (failures) { printf("FAIL\n"); return 1; }
    printf("PASS\n");
    return 0;
}
