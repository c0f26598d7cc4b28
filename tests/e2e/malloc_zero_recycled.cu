// cudaMalloc hands out zeroed memory (as a GPU's driver does in practice),
// also for a block that reuses memory freed dirty, and for blocks large
// enough that the runtime clears them on all OpenMP threads (1 MiB and
// more, below the 32 MiB of its own mappings). A kernel counts the nonzero
// bytes.
#include <cstdio>

__global__ void fill(unsigned char *p, size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = (unsigned char)(i % 251 + 1);
}

__global__ void count_nonzero(const unsigned char *p, size_t n, unsigned long long *bad)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && p[i] != 0) atomicAdd(bad, 1ULL);
}

int main()
{
    const size_t sizes[] = { 1000, (1u << 20) - 256, (1u << 20) + 4099, 3u << 20, 20u << 20 };
    unsigned long long *bad;
    cudaMalloc(&bad, sizeof *bad);
    int fails = 0;
    for (int k = 0; k < 5; k++) {
        size_t n = sizes[k];
        unsigned blocks = (unsigned)((n + 255) / 256);
        for (int round = 0; round < 3; round++) {
            unsigned char *p;
            if (cudaMalloc(&p, n) != cudaSuccess) { printf("cudaMalloc(%zu) failed\n", n); return 1; }
            unsigned long long h = 0;
            cudaMemcpy(bad, &h, sizeof h, cudaMemcpyHostToDevice);
            count_nonzero<<<blocks, 256>>>(p, n, bad);
            cudaMemcpy(&h, bad, sizeof h, cudaMemcpyDeviceToHost);
            if (h) { printf("size %zu round %d: %llu nonzero bytes\n", n, round, h); fails++; }
            fill<<<blocks, 256>>>(p, n);     /* dirty, for the next round */
            cudaDeviceSynchronize();
            cudaFree(p);
        }
    }
    cudaFree(bad);
    if (fails) return 1;
    printf("PASS\n");
    return 0;
}
