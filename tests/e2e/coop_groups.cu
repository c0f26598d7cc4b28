// Cooperative groups: this_thread_block() and its sync/thread_rank/size/
// group_index/thread_index/dim_threads; tiled_partition<N> (static) with
// shfl, shfl_up, shfl_down, shfl_xor, ballot, any, all, match_any,
// match_all, sync, thread_rank, meta_group_rank and meta_group_size;
// tiled_partition(g, n) (dynamic, type-erased thread_group) through a
// __device__ function; coalesced_threads() in a branch; cg::reduce with
// cg::plus/less/greater/bit_and/bit_or/bit_xor and the inclusive and
// exclusive scans. Blocks of 2 x 40 threads (the last warp is partial).
// The reference is computed lane by lane on the host.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

enum { BX = 40, BY = 2, NT = BX * BY, NB = 2, NR = 24 };

__device__ int group_sum(cg::thread_group g, int *tmp, int v)
{
    int r = g.thread_rank();
    for (int i = g.size() / 2; i > 0; i /= 2) {
        tmp[r] = v;
        g.sync();
        if (r < i) v += tmp[r + i];
        g.sync();
    }
    return v;
}

__global__ void groups(const int *in, int *out)
{
    __shared__ int tmp[NT];
    cg::thread_block block = cg::this_thread_block();
    int t = block.thread_rank(), g = blockIdx.x * NT + t;
    int *o = out + g * NR, v = in[g];
    o[0] = t + 1000 * (int)block.size();
    o[1] = block.group_index().x * 100 + block.thread_index().y * 10 + block.dim_threads().y;
    tmp[t] = v;
    block.sync();
    o[2] = tmp[(t + 1) % NT];
    cg::sync(block);

    cg::thread_block_tile<8> tile = cg::tiled_partition<8>(block);
    o[3] = tile.shfl(v, 5);
    o[4] = tile.shfl_up(v, 2);
    o[5] = tile.shfl_down(v, 3);
    o[6] = tile.shfl_xor(v, 4);
    o[7] = (int)tile.ballot(v % 3 == 0);
    o[8] = tile.any(v == 42) + 2 * tile.all(v < 90);
    o[9] = (int)tile.match_any(v % 2);
    int pred = -1;
    o[10] = (int)tile.match_all(v / 100, pred) + 1000 * pred;
    o[11] = (int)(tile.thread_rank() + 10 * tile.meta_group_rank() + 1000 * tile.meta_group_size());
    tile.sync();

    auto warp = cg::tiled_partition<32>(block);
    o[12] = cg::reduce(warp, v, cg::plus<int>());
    o[13] = cg::reduce(tile, v, cg::less<int>());
    o[14] = cg::reduce(tile, v, cg::greater<int>());
    o[15] = cg::reduce(tile, v | 1, cg::bit_and<int>()) + 1000 * cg::reduce(tile, v, cg::bit_xor<int>());
    o[16] = cg::reduce(tile, v, cg::bit_or<int>());
    o[17] = cg::inclusive_scan(tile, v);
    o[18] = cg::exclusive_scan(tile, v, cg::plus<int>());

    cg::thread_group quad = cg::tiled_partition(block, 4);
    o[19] = group_sum(quad, tmp + t / 4 * 4, v);
    o[20] = (int)quad.thread_rank();

    o[21] = o[22] = o[23] = 0;
    if (v % 4 != 0) {
        cg::coalesced_group active = cg::coalesced_threads();
        o[21] = (int)active.size();
        o[22] = (int)active.thread_rank();
        o[23] = active.shfl(v, 0);
    }
}

int main()
{
    const int n = NB * NT;
    int *in, *out;
    cudaMallocManaged(&in, n * sizeof(int));
    cudaMallocManaged(&out, n * NR * sizeof(int));
    for (int i = 0; i < n; i++) in[i] = (i * 37 + 5) % 97;
    groups<<<NB, dim3(BX, BY)>>>(in, out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < NB; b++)
        for (int t = 0; t < NT; t++) {
            int g = b * NT + t, v = in[g], e[NR];
            const int *blk = in + b * NT;
            int wbase = t / 32 * 32, nl = wbase + 32 <= NT ? 32 : NT - wbase;
            int tb = t / 8 * 8, tl = t % 8;           /* the tile of 8 */
            e[0] = t + 1000 * NT;
            e[1] = b * 100 + (t / BX) * 10 + BY;
            e[2] = blk[(t + 1) % NT];
            e[3] = blk[tb + 5];
            e[4] = tl >= 2 ? blk[t - 2] : v;
            e[5] = tl + 3 < 8 ? blk[t + 3] : v;
            e[6] = blk[tb + (tl ^ 4)];
            int ballot = 0, any42 = 0, all90 = 1, match = 0, same = 1, mn = 1 << 30, mx = -1, an = -1, xr = 0, orr = 0;
            int inc = 0, exc = 0;
            for (int j = 0; j < 8; j++) {
                int x = blk[tb + j];
                if (x % 3 == 0) ballot |= 1 << j;
                any42 |= x == 42;
                all90 &= x < 90;
                if (x % 2 == v % 2) match |= 1 << j;
                same &= x / 100 == blk[tb] / 100;
                if (x < mn) mn = x;
                if (x > mx) mx = x;
                an &= x | 1;
                xr ^= x;
                orr |= x;
                if (j <= tl) inc += x;
                if (j < tl) exc += x;
            }
            e[7] = ballot;
            e[8] = any42 + 2 * all90;
            e[9] = match;
            e[10] = same ? 0xff + 1000 : 0;
            e[11] = tl + 10 * (t / 8) + 1000 * (NT / 8);
            int ws = 0;
            for (int j = 0; j < nl; j++) ws += blk[wbase + j];
            e[12] = ws;
            e[13] = mn;
            e[14] = mx;
            e[15] = an + 1000 * xr;
            e[16] = orr;
            e[17] = inc;
            e[18] = exc;
            int qs = 0;
            for (int j = 0; j < 4; j++) qs += blk[t / 4 * 4 + j];
            e[19] = t % 4 == 0 ? qs : -1;   /* only rank 0 holds the sum */
            e[20] = t % 4;
            e[21] = e[22] = e[23] = 0;
            if (v % 4 != 0) {
                int size = 0, rank = 0, first = -1;
                for (int j = 0; j < nl; j++)
                    if (blk[wbase + j] % 4 != 0) {
                        if (first < 0) first = blk[wbase + j];
                        if (wbase + j < t) rank++;
                        size++;
                    }
                e[21] = size;
                e[22] = rank;
                e[23] = first;
            }
            for (int r = 0; r < NR; r++) {
                if (r == 19 && t % 4 != 0) continue;
                if (out[g * NR + r] != e[r] && bad++ < 10)
                    printf("block %d thread %d result %d: got %d want %d\n", b, t, r, out[g * NR + r], e[r]);
            }
        }
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
