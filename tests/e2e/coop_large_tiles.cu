// cucpu-flags: -arch=sm_80
// Tiles of more than 32 threads (tiled_partition<64>, <128>, <256> of a
// thread block), which CUDA allows from compute capability 8.0 with sync,
// thread_rank, num_threads, meta_group_rank and meta_group_size: a
// shared-memory tree sum per tile of 64 that meets with tile.sync(); a
// tile of 128 whose sync stands under a condition only one tile takes; a
// 2-D block (16 x 12 threads) cut into tiles of 64 by linear thread rank.
// The reference is plain host loops.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

enum { NT = 256, NB = 3, BX = 16, BY = 12, NT2 = BX * BY };

__global__ void tile_sums(const int *in, int *out, int *meta)
{
    __shared__ int s[NT];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<64> tile = cg::tiled_partition<64>(block);
    int t = block.thread_rank(), r = tile.thread_rank();
    int *mine = s + tile.meta_group_rank() * tile.num_threads();
    mine[r] = in[blockIdx.x * NT + t];
    tile.sync();
    for (int half = tile.num_threads() / 2; half > 0; half /= 2) {
        if (r < half) mine[r] += mine[r + half];
        tile.sync();
    }
    out[blockIdx.x * NT + t] = mine[0];
    meta[blockIdx.x * NT + t] = r + 1000 * (int)tile.meta_group_rank() + 100000 * (int)tile.meta_group_size() +
                                10000000 * (int)tile.size();

    /* only the second tile of 128 runs this; its threads meet */
    cg::thread_block_tile<128> big = cg::tiled_partition<128>(block);
    block.sync();
    if (big.meta_group_rank() == 1) {
        s[t] = in[blockIdx.x * NT + t] * 2;
        big.sync();
        out[blockIdx.x * NT + t] += s[128 + (big.thread_rank() + 1) % 128];
        big.sync();
    }
    cg::thread_block_tile<256> whole = cg::tiled_partition<256>(block);
    whole.sync();
    meta[blockIdx.x * NT + t] += (int)whole.meta_group_size() - 1;
}

/* A 2-D block: the tiles follow the linear thread rank (x fastest). */
__global__ void tiles_2d(const int *in, int *out)
{
    __shared__ int s[NT2];
    cg::thread_block block = cg::this_thread_block();
    auto tile = cg::tiled_partition<64>(block);
    int t = block.thread_rank();
    s[t] = in[blockIdx.x * NT2 + t];
    tile.sync();
    int base = tile.meta_group_rank() * 64;
    out[blockIdx.x * NT2 + t] = s[base + (tile.thread_rank() + 63) % 64] - s[base] + (int)tile.meta_group_size();
}

static int fails;
#define CHECK(what, i, got, want)                                                                 \
    do {                                                                                          \
        if ((got) != (want) && fails++ < 10) printf("FAIL %s[%d]: got %d want %d\n", what, (int)(i), (int)(got), (int)(want)); \
    } while (0)

int main()
{
    static int hin[NB * NT], hout[NB * NT], hmeta[NB * NT], hin2[NB * NT2], hout2[NB * NT2];
    for (int i = 0; i < NB * NT; i++) hin[i] = (i * 13 + 5) % 97 - 40;
    for (int i = 0; i < NB * NT2; i++) hin2[i] = (i * 29 + 3) % 89;
    int *din, *dout, *dmeta, *din2, *dout2;
    cudaMalloc(&din, sizeof hin); cudaMalloc(&dout, sizeof hout); cudaMalloc(&dmeta, sizeof hmeta);
    cudaMalloc(&din2, sizeof hin2); cudaMalloc(&dout2, sizeof hout2);
    cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
    cudaMemcpy(din2, hin2, sizeof hin2, cudaMemcpyHostToDevice);
    tile_sums<<<NB, NT>>>(din, dout, dmeta);
    tiles_2d<<<NB, dim3(BX, BY)>>>(din2, dout2);
    cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
    cudaMemcpy(hmeta, dmeta, sizeof hmeta, cudaMemcpyDeviceToHost);
    cudaMemcpy(hout2, dout2, sizeof hout2, cudaMemcpyDeviceToHost);

    for (int b = 0; b < NB; b++) {
        const int *v = hin + b * NT;
        for (int t = 0; t < NT; t++) {
            int m = t / 64, sum = 0;
            for (int u = m * 64; u < m * 64 + 64; u++) sum += v[u];
            if (t / 128 == 1) sum += 2 * v[128 + (t % 128 + 1) % 128];
            CHECK("tile_sums", b * NT + t, hout[b * NT + t], sum);
            CHECK("meta", b * NT + t, hmeta[b * NT + t], t % 64 + 1000 * m + 100000 * 4 + 10000000 * 64);
        }
        const int *w = hin2 + b * NT2;
        for (int t = 0; t < NT2; t++) {
            int base = t / 64 * 64;
            CHECK("tiles_2d", b * NT2 + t, hout2[b * NT2 + t], w[base + (t % 64 + 63) % 64] - w[base] + NT2 / 64);
        }
    }
    if (fails) return 1;
    printf("PASS\n");
    return 0;
}
