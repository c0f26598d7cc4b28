// inlined_context_calls.cu: inside a function template with a barrier (inlined
// into the kernel), a call of another template that reads threadIdx with an
// explicit argument: the thread context goes before the first argument even
// when that argument is a renamed parameter of the inlined function (as in
// Rodinia huffman's prescanBlock).
#include <cstdio>
template <bool storeSum>
__device__ static void clearLast(unsigned int *s, unsigned int *sums, int bi)
{
    if (threadIdx.x == 0) { if (storeSum) sums[bi] = s[31]; s[31] = 0; }
}
template <bool storeSum>
__device__ static void prescanBlock(unsigned int *data, int blockIndex, unsigned int *blockSums)
{
    __syncthreads();
    clearLast<storeSum>(data, blockSums, (blockIndex == 0) ? blockIdx.x : blockIndex);
    __syncthreads();
}
template <bool storeSum>
__global__ static void prescan(unsigned int *g, unsigned int *sums)
{
    __shared__ unsigned int s[32];
    s[threadIdx.x] = g[threadIdx.x];
    prescanBlock<storeSum>(s, 0, sums);
    g[threadIdx.x] = s[threadIdx.x];
}
int main()
{
    unsigned *d; cudaMallocManaged(&d, 64 * sizeof(unsigned));
    for (int i = 0; i < 32; i++) d[i] = i;
    prescan<true><<<1, 32>>>(d, d + 40);
    cudaDeviceSynchronize();
    int ok = d[40] == 31 && d[31] == 0;
    printf("%u %u\n%s\n", d[40], d[31], ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
