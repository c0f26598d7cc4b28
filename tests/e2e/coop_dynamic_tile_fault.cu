// tiled_partition(g, n) makes tiles of at most 32 threads: CUDA aborts the
// kernel for n past 32 (its dynamic tiles have no multi-warp form; a tile
// of 64 threads is tiled_partition<64>, coop_large_tile_exchange), so the
// next synchronization returns cudaErrorLaunchFailure, as __trap() does
// (kernel_trap). Tiles of 16 still work in a kernel before it.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tiles(int *out, unsigned n)
{
    cg::thread_group tile = cg::tiled_partition(cg::this_thread_block(), n);
    out[threadIdx.x] = tile.thread_rank();
}

int main()
{
    int *out;
    cudaMallocManaged(&out, 128 * sizeof(int));
    int failures = 0;
    tiles<<<1, 128>>>(out, 16);
    cudaError_t e = cudaDeviceSynchronize();
    for (int t = 0; t < 128; t++)
        if (out[t] != t % 16 && failures++ < 5) printf("tile of 16, thread %d: rank %d\n", t, out[t]);
    if (e != cudaSuccess) printf("tiles of 16: %s\n", cudaGetErrorName(e)), failures++;
    tiles<<<1, 128>>>(out, 64);
    e = cudaDeviceSynchronize();
    if (e != cudaErrorLaunchFailure)
        printf("tiled_partition(block, 64): %s, expected cudaErrorLaunchFailure\n", cudaGetErrorName(e)), failures++;
    printf(failures ? "FAIL\n" : "PASS\n");
    return failures != 0;
}
