// cucpu-flags: -arch=sm_80
// cg::reduce, cg::inclusive_scan and cg::exclusive_scan with a lambda as
// the operator (written in the call, no captures), as the CUDA
// programming guide allows for any associative function object (here a
// gcd with a loop in its body, a max, an xor, a min): over a tile of 8, a
// warp-wide tile in a block of 40 (the second warp is partial), a
// labeled partition, and inside a __device__ function. The exclusive
// scan's value at a group's first thread is not checked (CUDA leaves it
// undefined for an operator other than cg::plus). The reference is plain
// host loops.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

enum { NT = 40, NB = 2, NR = 6 };

__device__ float tile_absmax(cg::thread_block_tile<8> tile, float x)
{
    return cg::reduce(tile, x, [](float a, float b) { return fabsf(a) > fabsf(b) ? a : b; });
}

__global__ void lambdas(const int *in, int *out, float *fout)
{
    cg::thread_block block = cg::this_thread_block();
    int t = block.thread_rank(), g = blockIdx.x * NT + t, v = in[g];
    int *o = out + g * NR;
    auto tile = cg::tiled_partition<8>(block);
    auto warp = cg::tiled_partition<32>(block);
    cg::reduce(tile, v, [](int a, int b) { return a + b; });   /* a statement: the value unused */
    o[0] = cg::reduce(tile, v, [](int a, int b) { return a > b ? a : b; });
    o[1] = cg::reduce(warp, v, [](int a, int b) {
        while (b) {
            int r = a % b;
            a = b;
            b = r;
        }
        return a;
    });
    o[2] = cg::inclusive_scan(tile, v, [](int a, int b) { return a ^ b; });
    o[3] = cg::exclusive_scan(warp, v, [](int a, int b) { return a < b ? a : b; });
    cg::coalesced_group part = cg::labeled_partition(warp, v % 3);
    o[4] = cg::reduce(part, v, [](int a, int b) { return a + b; });
    o[5] = cg::inclusive_scan(part, 1, [](int a, int b) { return a + b; });
    fout[g] = tile_absmax(tile, (float)(v - 50) * 0.5f);
}

static int fails;
#define CHECK(what, i, got, want)                                                                 \
    do {                                                                                          \
        if ((got) != (want) && fails++ < 10) printf("FAIL %s[%d]: got %g want %g\n", what, (int)(i), (double)(got), (double)(want)); \
    } while (0)

int main()
{
    int hin[NB * NT], hout[NB * NT * NR];
    float hf[NB * NT];
    for (int i = 0; i < NB * NT; i++) hin[i] = (i * 41 + 7) % 97;
    int *din, *dout;
    float *df;
    cudaMalloc(&din, sizeof hin); cudaMalloc(&dout, sizeof hout); cudaMalloc(&df, sizeof hf);
    cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
    lambdas<<<NB, NT>>>(din, dout, df);
    cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
    cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
    for (int b = 0; b < NB; b++) {
        const int *v = hin + b * NT;
        for (int t = 0; t < NT; t++) {
            const int *o = hout + (b * NT + t) * NR;
            int i = b * NT + t, t8 = t / 8 * 8, t32 = t / 32 * 32, e32 = t32 + 32 < NT ? t32 + 32 : NT;
            int mx = v[t8], lin = v[t32], x = v[t8], mn = 0, sum = 0, cnt = 0;
            float am = (float)(v[t8] - 50) * 0.5f;
            for (int u = t8 + 1; u < t8 + 8; u++) {
                mx = v[u] > mx ? v[u] : mx;
                float f = (float)(v[u] - 50) * 0.5f;
                am = fabsf(am) > fabsf(f) ? am : f;
            }
            for (int u = t32 + 1; u < e32; u++)
                for (int bb = v[u]; bb;) {
                    int r = lin % bb;
                    lin = bb;
                    bb = r;
                }
            for (int u = t8 + 1; u <= t; u++) x ^= v[u];
            for (int u = t32; u < t; u++) mn = u == t32 ? v[u] : (v[u] < mn ? v[u] : mn);
            for (int u = t32; u < e32; u++)
                if (v[u] % 3 == v[t] % 3) {
                    sum += v[u];
                    cnt += u <= t;
                }
            CHECK("reduce max", i, o[0], mx);
            CHECK("reduce gcd", i, o[1], lin);
            CHECK("inclusive xor", i, o[2], x);
            if (t != t32) CHECK("exclusive min", i, o[3], mn);
            CHECK("partition sum", i, o[4], sum);
            CHECK("partition rank", i, o[5], cnt);
            CHECK("absmax", i, hf[i], am);
        }
    }
    if (fails) return 1;
    printf("PASS\n");
    return 0;
}
