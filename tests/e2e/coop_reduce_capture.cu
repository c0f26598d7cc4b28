// cucpu-flags: -arch=sm_80
// cg::reduce and cg::inclusive_scan with a lambda that captures, as the
// operator: [&], [=], [m, lo] and [&m] written in the call, and a local
// lambda variable. What they capture is a local loaded from memory (the
// same for a block's threads, so that the GPU's order of the operations
// cannot change the result, but kept per thread across the exchange by
// cucpu) and a kernel parameter. The operators are associative and
// commutative: (a + b) % m and max(max(a, b), lo). Tiles of 8 and a warp;
// blocks of 64. The reference is plain host loops.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

enum { NT = 64, NB = 3, NR = 6 };

__global__ void captures(const int *in, const int *mods, int *out, int lo)
{
    cg::thread_block block = cg::this_thread_block();
    int t = block.thread_rank(), g = blockIdx.x * NT + t, v = in[g];
    int m = mods[blockIdx.x];
    if (m < 1) m = 1;   /* assigned: kept per thread across the exchanges */
    int *o = out + g * NR;
    auto tile = cg::tiled_partition<8>(block);
    auto warp = cg::tiled_partition<32>(block);
    o[0] = cg::reduce(tile, v, [&](int a, int b) { return (a + b) % m; });
    o[1] = cg::reduce(warp, v, [=](int a, int b) { return (a + b) % m; });
    o[2] = cg::reduce(tile, v, [m, lo](int a, int b) {
        int x = a > b ? a : b;
        return x > lo + m - m ? x : lo;
    });
    o[3] = cg::inclusive_scan(tile, v, [&m](int a, int b) { return (a + b) % m; });
    auto mod_add = [&](int a, int b) { return (a + b) % m; };
    o[4] = cg::inclusive_scan(warp, v, mod_add);
    o[5] = cg::reduce(warp, v, mod_add);
}

int main()
{
    const int lo = 60;
    int hin[NB * NT], hmods[NB] = { 7, 13, 1000 }, hout[NB * NT * NR];
    for (int i = 0; i < NB * NT; i++) hin[i] = (i * 37 + 11) % 101;
    int *din, *dmods, *dout;
    cudaMalloc(&din, sizeof hin);
    cudaMalloc(&dmods, sizeof hmods);
    cudaMalloc(&dout, sizeof hout);
    cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
    cudaMemcpy(dmods, hmods, sizeof hmods, cudaMemcpyHostToDevice);
    captures<<<NB, NT>>>(din, dmods, dout, lo);
    cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
    int fails = 0;
    for (int g = 0; g < NB * NT; g++) {
        int b = g / NT, t = g % NT, m = hmods[b], want[NR];
        int t8 = b * NT + t / 8 * 8, t32 = b * NT + t / 32 * 32;
        int s8 = 0, s32 = 0, mx = lo, p8 = 0, p32 = 0;
        for (int j = 0; j < 8; j++) {
            s8 = j ? (s8 + hin[t8 + j]) % m : hin[t8];
            if (hin[t8 + j] > mx) mx = hin[t8 + j];
            if (t8 + j <= g) p8 = j ? (p8 + hin[t8 + j]) % m : hin[t8];   /* the first lane: its value */
        }
        for (int j = 0; j < 32; j++) {
            s32 = j ? (s32 + hin[t32 + j]) % m : hin[t32];
            if (t32 + j <= g) p32 = j ? (p32 + hin[t32 + j]) % m : hin[t32];
        }
        want[0] = s8, want[1] = s32, want[2] = mx, want[3] = p8, want[4] = p32, want[5] = s32;
        for (int r = 0; r < NR; r++)
            if (hout[g * NR + r] != want[r] && fails++ < 10)
                printf("FAIL thread %d, result %d: got %d want %d\n", g, r, hout[g * NR + r], want[r]);
    }
    printf(fails ? "FAIL\n" : "PASS\n");
    return fails != 0;
}
