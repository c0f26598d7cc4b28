// cg::reduce, cg::inclusive_scan and cg::exclusive_scan called as free
// functions with arguments of a template parameter's type: in a template
// kernel (`template <class T> __global__`) and in a `__device__` function
// template inlined into it, with cg::plus<T>, cg::greater<T>, cg::bit_xor<T>
// and the default operator, on tiles of 32 and 8; and a member call on a
// group of fixed type whose value argument is of type T (`g.shfl_down(v,
// 1)`). Blocks of 48 threads (a partial second warp), int and float. The
// reference is host loops.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

enum { NT = 48, NB = 2, NR = 7 };

template <class T> __device__ T tile_sum(cg::thread_block_tile<32> g, T v) { return cg::reduce(g, v, cg::plus<T>()); }

template <class T> __device__ T next8(cg::thread_block_tile<8> g, T v) { return g.shfl_down(v, 1); }

template <class G, class T> __device__ T tile_max(const G &g, T v) { return cg::reduce(g, v, cg::greater<T>()); }

template <class T> __global__ void collectives(const T *in, T *out)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(block);
    cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(block);
    int g = blockIdx.x * NT + block.thread_rank();
    T v = in[g];
    T *o = out + g * NR;
    o[0] = cg::reduce(t32, v, cg::plus<T>());
    o[1] = tile_sum(t32, v);
    o[2] = tile_max(t8, v);
    o[3] = cg::inclusive_scan(t32, v);
    o[4] = cg::exclusive_scan(t8, v, cg::plus<T>());
    o[5] = cg::inclusive_scan(t8, v, cg::greater<T>());
    o[6] = next8(t8, v);
}

template <class T> __global__ void bits(const T *in, T *out)
{
    cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(cg::this_thread_block());
    int g = blockIdx.x * NT + threadIdx.x;
    out[g] = cg::reduce(t32, in[g], cg::bit_xor<T>());
}

template <class T> static int check(const char *name, const T *in, const T *out)
{
    int fails = 0;
    for (int g = 0; g < NB * NT; g++) {
        int b = g / NT, t = g % NT;
        const T *blk = in + b * NT;
        int s32 = t / 32 * 32, e32 = s32 + 32 < NT ? s32 + 32 : NT, s8 = t / 8 * 8;
        T want[NR], sum = 0, mx = blk[s8], run = 0, runmax = blk[s8];
        for (int i = s32; i < e32; i++) sum += blk[i];
        for (int i = s8; i < s8 + 8; i++) mx = blk[i] > mx ? blk[i] : mx;
        want[0] = want[1] = sum;
        want[2] = mx;
        want[3] = 0;
        for (int i = s32; i <= t; i++) want[3] += blk[i];
        for (int i = s8; i < t; i++) run += blk[i];
        want[4] = run;
        for (int i = s8; i <= t; i++) runmax = blk[i] > runmax ? blk[i] : runmax;
        want[5] = runmax;
        want[6] = t % 8 < 7 ? blk[t + 1] : blk[t];
        for (int r = 0; r < NR; r++)
            if (out[g * NR + r] != want[r] && fails++ < 10)
                printf("FAIL %s thread %d, result %d: got %g want %g\n", name, g, r, (double)out[g * NR + r], (double)want[r]);
    }
    return fails;
}

int main()
{
    int fails = 0;
    int *ii, *io;
    float *fi, *fo;
    cudaMallocManaged(&ii, NB * NT * sizeof(int));
    cudaMallocManaged(&io, NB * NT * NR * sizeof(int));
    cudaMallocManaged(&fi, NB * NT * sizeof(float));
    cudaMallocManaged(&fo, NB * NT * NR * sizeof(float));
    for (int i = 0; i < NB * NT; i++) {
        ii[i] = (i * 37 + 11) % 101 - 50;
        fi[i] = (float)((i * 13 + 5) % 29) * 0.25f;   // exact sums in float
    }
    collectives<int><<<NB, NT>>>(ii, io);
    collectives<float><<<NB, NT>>>(fi, fo);
    cudaDeviceSynchronize();
    fails += check("int", ii, io);
    fails += check("float", fi, fo);
    bits<unsigned><<<NB, NT>>>((const unsigned *)ii, (unsigned *)io);
    cudaDeviceSynchronize();
    for (int g = 0; g < NB * NT; g++) {
        int t = g % NT, s = g - t + t / 32 * 32, e = s + 32 < g - t + NT ? s + 32 : g - t + NT;
        unsigned x = 0;
        for (int i = s; i < e; i++) x ^= (unsigned)ii[i];
        if ((unsigned)io[g] != x && fails++ < 10) printf("FAIL bit_xor thread %d: got %u want %u\n", g, (unsigned)io[g], x);
    }
    printf(fails ? "FAIL\n" : "PASS\n");
    return fails != 0;
}
