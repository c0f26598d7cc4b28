// launch_spellings.cu: launches spelled as nvcc accepts them but clang does
// not, `k << < grid, block >> > (args)`, next to a template whose closing
// `>> >` must stay as it is.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void fill(int *a, int v)
{
    a[blockIdx.x * blockDim.x + threadIdx.x] = v + (int)threadIdx.x;
}

int main()
{
    std::vector<std::vector<std::vector<int>> > nested(2);
    int *d;
    CK(cudaMalloc(&d, 128 * sizeof(int)));
    fill << < 2, 32 >> > (d, 10);
    fill<< <dim3(2), dim3(32)>> >(d + 64, 20);
    CK(cudaGetLastError());
    int h[128];
    CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    int failures = 0;
    for (int i = 0; i < 128; i++) {
        int want = (i < 64 ? 10 : 20) + i % 32;
        if (h[i] != want && failures++ < 5) printf("a[%d] = %d, expected %d\n", i, h[i], want);
    }
    CK(cudaFree(d));
    if (failures || nested.size() != 2) { printf("FAIL\n"); return 1; }
    printf("PASS\n");
    return 0;
}
