// <memory> after cuda_runtime.h: libstdc++ writes GCC's attribute as
// __attribute__((__noinline__)), which must survive CUDA's __noinline__
// (NVIDIA's NV12toBGRandResize includes cuda.h, cuda_runtime.h, then
// <memory>). __noinline__ still works as a function specifier.
#include <cuda_runtime.h>
#include <cstdio>
#include <memory>

__device__ __noinline__ int twice(int x) { return 2 * x; }

__global__ void doubled(int *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = twice(v[i]);
}

int main()
{
    const int n = 100;
    std::shared_ptr<int> host(new int[n], std::default_delete<int[]>());
    for (int i = 0; i < n; i++) host.get()[i] = i - 7;
    int *d;
    cudaMalloc(&d, n * sizeof(int));
    cudaMemcpy(d, host.get(), n * sizeof(int), cudaMemcpyHostToDevice);
    doubled<<<(n + 31) / 32, 32>>>(d, n);
    std::unique_ptr<int[]> back(new int[n]);
    cudaMemcpy(back.get(), d, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaFree(d);
    for (int i = 0; i < n; i++)
        if (back[i] != 2 * (i - 7)) {
            printf("v[%d] = %d, expected %d\n", i, back[i], 2 * (i - 7));
            return 1;
        }
    printf("PASS\n");
    return 0;
}
