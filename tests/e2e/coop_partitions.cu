// cucpu-flags: -arch=sm_80
// cg::binary_partition and cg::labeled_partition as the CUDA programming
// guide defines them: the threads of the parent (a thread_block_tile of at
// most 32 or a coalesced_group) with the same predicate or label form a
// coalesced_group. Checked: thread_rank, size, num_threads, sync (ranks
// 0 publish through __shared__ memory), shfl by rank, cg::reduce with
// cg::plus and cg::less, ballot; partitions of a warp-wide tile, of a tile
// of 8, of coalesced_threads() under a branch, and a partition of a
// partition. Blocks of 64 threads: whole warps. (On a partial warp an H200
// with CUDA 13 gives partitions of a warp-wide tile sizes that count lanes
// the block does not have, 29 where 5 threads exist; cucpu counts the
// threads that exist.) The reference is plain host loops over each
// thread's group.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

enum { NT = 64, NB = 3, NR = 16 };

__global__ void partitions(const int *in, int *out)
{
    __shared__ int slot[2][2];
    cg::thread_block block = cg::this_thread_block();
    int t = block.thread_rank(), v = in[blockIdx.x * NT + t];
    int *o = out + (blockIdx.x * NT + t) * NR;
    auto warp = cg::tiled_partition<32>(block);

    /* binary_partition of a warp-wide tile */
    cg::coalesced_group odd = cg::binary_partition(warp, v & 1);
    o[0] = (int)odd.thread_rank() + 100 * (int)odd.size();
    o[1] = cg::reduce(odd, v, cg::plus<int>());
    o[2] = odd.shfl(v, 0);
    if (odd.thread_rank() == 0) slot[warp.meta_group_rank()][v & 1] = v * 3;
    odd.sync();
    o[3] = slot[warp.meta_group_rank()][v & 1];
    block.sync();

    /* labeled_partition of a tile of 8: a label of three values */
    cg::thread_block_tile<8> tile = cg::tiled_partition<8>(block);
    cg::coalesced_group third = cg::labeled_partition(tile, v % 3);
    o[4] = (int)third.thread_rank() + 100 * (int)third.num_threads();
    o[5] = cg::reduce(third, v, cg::less<int>());
    o[6] = (int)third.ballot(v > 50);

    /* binary_partition of a tile of 8 with a predicate that is not 0 or 1 */
    auto big = cg::binary_partition(tile, v % 5);
    o[7] = (int)big.size() + 100 * cg::reduce(big, 1, cg::plus<int>());

    /* a partition of the active lanes, and a partition of that */
    o[8] = o[9] = o[10] = o[11] = -1;
    if (v % 4 != 0) {
        cg::coalesced_group active = cg::coalesced_threads();
        cg::coalesced_group parity = cg::labeled_partition(active, (unsigned)v % 2u);
        o[8] = (int)parity.thread_rank() + 100 * (int)parity.size();
        o[9] = cg::reduce(parity, v, cg::plus<int>());
        cg::coalesced_group low = cg::binary_partition(parity, v < 30);
        o[10] = (int)low.thread_rank() + 100 * (int)low.size();
        o[11] = low.shfl(v, (int)low.size() - 1);
    }
}

/* Host reference: the group of thread t is the threads u of t's parent
 * (same tile of `width`; `active` lanes only) with same(u). */
struct Group { int rank, size, sum, min, first, last; unsigned ballot; };

static Group group_of(const int *v, int t, int width, const bool *active, int (*label)(int))
{
    Group g = { 0, 0, 0, 1 << 30, -1, -1, 0 };
    int base = t / width * width;
    for (int u = base; u < base + width && u < NT; u++) {
        if (!active[u] || label(v[u]) != label(v[t])) continue;
        if (u < t) g.rank++;
        if (v[u] > 50) g.ballot |= 1u << g.size;
        g.size++;
        g.sum += v[u];
        g.min = v[u] < g.min ? v[u] : g.min;
        if (g.first < 0) g.first = v[u];
        g.last = v[u];
    }
    return g;
}

static int odd_label(int x) { return x & 1; }
static int mod3_label(int x) { return x % 3; }
static int mod5_label(int x) { return x % 5 != 0; }
static int parity_low_label(int x) { return (x % 2) * 2 + (x < 30); }

static int fails;
#define CHECK(what, i, got, want)                                                                 \
    do {                                                                                          \
        if ((got) != (want) && fails++ < 10) printf("FAIL %s[%d]: got %d want %d\n", what, (int)(i), (int)(got), (int)(want)); \
    } while (0)

int main()
{
    int hin[NB * NT], hout[NB * NT * NR];
    for (int i = 0; i < NB * NT; i++) hin[i] = (i * 37 + 11) % 101;
    int *din, *dout;
    cudaMalloc(&din, sizeof hin);
    cudaMalloc(&dout, sizeof hout);
    cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
    partitions<<<NB, NT>>>(din, dout);
    cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);

    bool all[NT], act[NT];
    for (int b = 0; b < NB; b++) {
        const int *v = hin + b * NT;
        for (int t = 0; t < NT; t++) all[t] = true, act[t] = v[t] % 4 != 0;
        for (int t = 0; t < NT; t++) {
            const int *o = hout + (b * NT + t) * NR;
            int i = b * NT + t;
            Group g = group_of(v, t, 32, all, odd_label);
            CHECK("odd.rank+size", i, o[0], g.rank + 100 * g.size);
            CHECK("odd.reduce", i, o[1], g.sum);
            CHECK("odd.shfl", i, o[2], g.first);
            CHECK("odd.sync", i, o[3], g.first * 3);
            g = group_of(v, t, 8, all, mod3_label);
            CHECK("third.rank+size", i, o[4], g.rank + 100 * g.size);
            CHECK("third.reduce", i, o[5], g.min);
            CHECK("third.ballot", i, o[6], (int)g.ballot);
            g = group_of(v, t, 8, all, mod5_label);
            CHECK("big", i, o[7], g.size + 100 * g.size);
            if (!act[t]) {
                for (int k = 8; k < 12; k++) CHECK("inactive", i, o[k], -1);
                continue;
            }
            g = group_of(v, t, 32, act, odd_label);
            CHECK("parity.rank+size", i, o[8], g.rank + 100 * g.size);
            CHECK("parity.reduce", i, o[9], g.sum);
            g = group_of(v, t, 32, act, parity_low_label);
            CHECK("low.rank+size", i, o[10], g.rank + 100 * g.size);
            CHECK("low.shfl", i, o[11], g.last);
        }
    }
    if (fails) return 1;
    printf("PASS\n");
    return 0;
}
