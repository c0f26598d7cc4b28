// cub_block_items.cu: forms of CUB's BlockExchange, BlockRadixSort,
// BlockDiscontinuity, BlockHistogram, WarpScan, BlockLoad and BlockStore
// that cucpu does not lower (the supported ones:
// tests/e2e/cub_block_exchange_sort.cu, cub_warp_scan.cu,
// cub_block_load_store.cu, cub_block_discontinuity_histogram.cu); each is
// an error at the call naming what is supported: a named object, a
// lambda operator. (A method cucpu's headers lack, ScatterToStripedGuarded
// or a decomposer's Sort, is clang's error: no member, no matching
// function.)
#include <cub/cub.cuh>

__global__ void k(int *in, int *out)
{
    typedef cub::BlockRadixSort<int, 64, 2> BRS;
    typedef cub::BlockExchange<int, 64, 2> BE;
    typedef cub::BlockDiscontinuity<int, 64> BD;
    typedef cub::BlockLoad<int, 64, 2> BL;
    typedef cub::WarpScan<int> WS;
    __shared__ typename BRS::TempStorage ts;
    __shared__ typename BE::TempStorage te;
    __shared__ typename BD::TempStorage td;
    __shared__ typename BL::TempStorage tl;
    __shared__ typename WS::TempStorage tw[2];
    int items[2] = {in[threadIdx.x], in[threadIdx.x + 64]}, flags[2], ranks[2] = {0, 1}, s;
    BRS named(ts);
    named.Sort(items);
    BE(te).ScatterToBlocked(items, ranks);
    BD(td).FlagHeads(flags, items, [](int a, int b) { return a != b; });
    WS(tw[threadIdx.x / 32]).InclusiveScan(items[0], s, [](int a, int b) { return a + b; });
    BL(tl).Load(in, items);
    out[threadIdx.x] = items[0] + flags[0] + s;
}
