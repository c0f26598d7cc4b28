// `__shared__ cg::block_tile_memory<N> scratch; cg::this_thread_block(scratch)`:
// the scratch space the GPU needs for tiles of more than 32 threads
// (NVIDIA's reduction sample, multi_warp_cg_reduce), then a reduction over
// tiles of 64 and the tiles' sums met in shared memory. Blocks of 256; the
// reference is host loops.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

enum { NT = 256, NB = 3, TW = 64 };

__global__ void sums(const int *in, int *tiles, int *blocks)
{
    __shared__ cg::block_tile_memory<NT> scratch;
    __shared__ int part[NT / TW];
    cg::thread_block cta = cg::this_thread_block(scratch);
    cg::thread_block_tile<TW> tile = cg::tiled_partition<TW>(cta);
    int g = blockIdx.x * NT + cta.thread_rank();
    int v = cg::reduce(tile, in[g], cg::plus<int>());
    tiles[g] = v;
    if (tile.thread_rank() == 0) part[tile.meta_group_rank()] = v;
    cg::sync(cta);
    if (cta.thread_rank() == 0) {
        int s = 0;
        for (int i = 0; i < (int)tile.meta_group_size(); i++) s += part[i];
        blocks[blockIdx.x] = s;
    }
}

int main()
{
    int *in, *tiles, *blocks, fails = 0;
    cudaMallocManaged(&in, NB * NT * sizeof(int));
    cudaMallocManaged(&tiles, NB * NT * sizeof(int));
    cudaMallocManaged(&blocks, NB * sizeof(int));
    for (int i = 0; i < NB * NT; i++) in[i] = (i * 7 + 3) % 41 - 20;
    sums<<<NB, NT>>>(in, tiles, blocks);
    cudaDeviceSynchronize();
    for (int b = 0; b < NB; b++) {
        int bs = 0;
        for (int t = 0; t < NT; t++) {
            int s = 0, first = b * NT + t / TW * TW;
            for (int i = first; i < first + TW; i++) s += in[i];
            if (tiles[b * NT + t] != s && fails++ < 10) printf("FAIL tile sum at %d: got %d want %d\n", b * NT + t, tiles[b * NT + t], s);
            bs += in[b * NT + t];
        }
        if (blocks[b] != bs && fails++ < 10) printf("FAIL block %d: got %d want %d\n", b, blocks[b], bs);
    }
    printf(fails ? "FAIL\n" : "PASS\n");
    return fails != 0;
}
