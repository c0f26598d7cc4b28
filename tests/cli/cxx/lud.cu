/* lud.cu: a .cu that is also valid C. nvcc compiles it as C++, so lud_cuda
 * has C++ linkage for the C++ caller in main.cpp, and the inline function
 * below follows C++ rules: it links at -O0, where it is not inlined (as C,
 * it would have no out-of-line definition). */
#include <stdio.h>

inline int add_one(int x) { return x + 1; }

__global__ void fill(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = i;
}

int lud_cuda(int n)
{
    int *d, h[64], sum = 0;
    if (n > 64) return -1;
    cudaMalloc((void **)&d, n * sizeof(int));
    fill<<<(n + 31) / 32, 32>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaFree(d);
    for (int i = 0; i < n; i++) sum += add_one(h[i]);
    return sum;
}
