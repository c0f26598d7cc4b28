// cucpu-flags: -arch=sm_80
// The exchanges CUDA gives a thread_block_tile of more than 32 threads
// (compute capability 8.0): shfl, any, all, and cg::reduce and the scans
// over it, on tiles of 64, 128 and 256 in blocks of 256, one of them under
// a condition every thread of its tile takes. The reference is plain host
// loops.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

enum { NT = 256, NB = 3, NR = 10 };

__global__ void large(const int *in, int *out, int src)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<64> t64 = cg::tiled_partition<64>(block);
    cg::thread_block_tile<128> t128 = cg::tiled_partition<128>(block);
    cg::thread_block_tile<256> t256 = cg::tiled_partition<256>(block);
    int t = block.thread_rank(), g = blockIdx.x * NT + t, v = in[g];
    int *o = out + g * NR;
    o[0] = t64.shfl(v, src);
    o[1] = t128.shfl(v * 2, (t + 5) % 128);
    o[2] = t64.any(v == 77);
    o[3] = t128.all(v >= 0) + 2 * t128.all(v > 3);
    o[4] = cg::reduce(t64, v, cg::plus<int>());
    o[5] = cg::reduce(t256, v, [](int a, int b) { return a > b ? a : b; });
    o[6] = cg::inclusive_scan(t128, v);
    o[7] = cg::exclusive_scan(t64, v, cg::plus<int>());
    o[8] = 0;
    if (t < 128) o[8] = cg::reduce(t64, v % 10, cg::plus<int>());
    o[9] = t256.shfl((float)v + 0.5f, 200) > 50.0f;
}

int main()
{
    const int src = 37;
    int hin[NB * NT], hout[NB * NT * NR];
    for (int i = 0; i < NB * NT; i++) hin[i] = (i * 53 + 17) % 97 - (i == 300 ? 200 : 0);
    int *din, *dout;
    cudaMalloc(&din, sizeof hin);
    cudaMalloc(&dout, sizeof hout);
    cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
    large<<<NB, NT>>>(din, dout, src);
    cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
    int fails = 0;
    for (int g = 0; g < NB * NT; g++) {
        int b = g / NT, t = g % NT, want[NR];
        const int *blk = hin + b * NT;
        int b64 = t / 64 * 64, b128 = t / 128 * 128;
        want[0] = blk[b64 + src];
        want[1] = blk[b128 + (t + 5) % 128] * 2;
        int any = 0, all0 = 1, all3 = 1, sum = 0, mx = blk[0], inc = 0, exc = 0, s10 = 0;
        for (int j = b64; j < b64 + 64; j++) {
            any |= blk[j] == 77;
            sum += blk[j];
            s10 += blk[j] % 10;
            if (j < t) exc += blk[j];
        }
        for (int j = b128; j < b128 + 128; j++) {
            all0 &= blk[j] >= 0;
            all3 &= blk[j] > 3;
            if (j <= t) inc += blk[j];
        }
        for (int j = 0; j < NT; j++) mx = blk[j] > mx ? blk[j] : mx;
        want[2] = any, want[3] = all0 + 2 * all3, want[4] = sum, want[5] = mx, want[6] = inc;
        want[7] = exc;
        want[8] = t < 128 ? s10 : 0;
        want[9] = (float)blk[200] + 0.5f > 50.0f;
        for (int r = 0; r < NR; r++) {
            if (r == 7 && t % 64 == 0) continue;   /* CUDA leaves the first thread's value undefined */
            if (hout[g * NR + r] != want[r] && fails++ < 10)
                printf("FAIL thread %d, result %d: got %d want %d\n", g, r, hout[g * NR + r], want[r]);
        }
    }
    printf(fails ? "FAIL\n" : "PASS\n");
    return fails != 0;
}
