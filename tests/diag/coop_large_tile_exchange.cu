// A thread_block_tile of more than 32 threads has, in CUDA, shfl, any,
// all, sync, thread_rank, num_threads, size and meta_group_*, and
// cg::reduce and the scans over it (tests/e2e/coop_large_tile_exchange.cu);
// the other exchanges of a warp-sized tile (shfl_down, ballot, a
// partition) are not members of it: errors naming the call.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void exchanges(int *out)
{
    cg::thread_block_tile<64> tile = cg::tiled_partition<64>(cg::this_thread_block());
    int v = out[threadIdx.x];
    out[threadIdx.x] = tile.shfl_down(v, 1);
    out[threadIdx.x] += tile.ballot(v > 0);
    out[threadIdx.x] += tile.shfl(v, 3);
}

int main()
{
    exchanges<<<1, 128>>>(0);
    return 0;
}
