// A thread_block_tile of more than 32 threads supports sync, thread_rank,
// num_threads, size and meta_group_*; its exchanges (shfl, ballot,
// cg::reduce, a partition) are errors naming the call.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void exchanges(int *out)
{
    cg::thread_block_tile<64> tile = cg::tiled_partition<64>(cg::this_thread_block());
    int v = out[threadIdx.x];
    out[threadIdx.x] = tile.shfl(v, 0);
    out[threadIdx.x] += cg::reduce(tile, v, cg::plus<int>());
}

int main()
{
    exchanges<<<1, 128>>>(0);
    return 0;
}
