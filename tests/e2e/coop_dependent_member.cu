// Group operations called as members of an object whose type is a
// template parameter, `g.shfl_down(v, 1)` in `template <class G> T f(G g,
// T v)`: clang resolves them only at instantiation, cucpu when it inlines
// the template with its arguments. Tiles of 16 and 32, the shuffles,
// votes, a fold loop whose bound is g.size(), g.sync() on a tile and on
// the thread_block. Blocks of 64; the reference is host loops.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

enum { NT = 64, NB = 2, NR = 9 };

template <class G, class T> __device__ T down1(G g, T v) { return g.shfl_down(v, 1); }

template <class G> __device__ float fold(const G &g, float v)
{
    for (int o = g.size() / 2; o > 0; o >>= 1) v += g.shfl_down(v, o);
    return v;
}

template <class G> __device__ int mixes(G g, int v)
{
    int a = g.shfl_xor(v, 3) * 1000 + g.shfl(v, 2);
    int b = g.shfl_up(v, 2);
    return a * 100 + b;
}

template <class G> __device__ unsigned votes(G g, int p)
{
    return g.ballot(p) * 4u + (g.any(p) ? 2u : 0u) + (g.all(p) ? 1u : 0u);
}

template <class G> __device__ int exchange(G g, int *buf, int v)
{
    buf[g.thread_rank()] = v;
    g.sync();
    return buf[g.size() - 1 - g.thread_rank()];
}

__global__ void members(const int *in, int *out)
{
    __shared__ int buf[NT];
    cg::thread_block block = cg::this_thread_block();
    int t = block.thread_rank(), g = blockIdx.x * NT + t, v = in[g];
    int *o = out + g * NR;
    cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
    cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(block);
    o[0] = down1(t16, v);
    o[1] = (int)down1(t32, (float)v * 0.5f);
    o[2] = (int)fold(t16, (float)v);
    o[3] = (int)fold(t32, (float)v);
    o[4] = mixes(t16, v);
    o[5] = (int)votes(t16, v % 3 == 0);
    o[6] = (int)votes(t32, v > 0);
    o[7] = exchange(block, buf, v);
    __syncthreads();
    o[8] = exchange(t16, buf + t / 16 * 16, v);
}

int main()
{
    int hin[NB * NT], hout[NB * NT * NR];
    for (int i = 0; i < NB * NT; i++) hin[i] = (i * 29 + 3) % 53;
    int *din, *dout;
    cudaMalloc(&din, sizeof hin);
    cudaMalloc(&dout, sizeof hout);
    cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
    members<<<NB, NT>>>(din, dout);
    cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
    int fails = 0;
    for (int g = 0; g < NB * NT; g++) {
        int b = g / NT, t = g % NT, want[NR];
        const int *blk = hin + b * NT;
        int s16 = t / 16 * 16, l16 = t % 16, s32 = t / 32 * 32, l32 = t % 32;
        want[0] = l16 + 1 < 16 ? blk[t + 1] : blk[t];
        want[1] = (int)((l32 + 1 < 32 ? (float)blk[t + 1] : (float)blk[t]) * 0.5f);
        // a fold: lane l ends with the sum of the lanes a tree of offsets
        // size/2 .. 1 reaches, past the tile's end its own value again
        for (int k = 0; k < 2; k++) {
            int w = k ? 32 : 16, s = k ? s32 : s16;
            float cur[32], nxt[32];
            for (int l = 0; l < w; l++) cur[l] = (float)blk[s + l];
            for (int off = w / 2; off > 0; off >>= 1) {
                for (int l = 0; l < w; l++) nxt[l] = cur[l] + (l + off < w ? cur[l + off] : cur[l]);
                for (int l = 0; l < w; l++) cur[l] = nxt[l];
            }
            want[2 + k] = (int)cur[t - s];
        }
        int x = blk[s16 + (l16 ^ 3)], i2 = blk[s16 + 2], up = l16 >= 2 ? blk[t - 2] : blk[t];
        want[4] = (x * 1000 + i2) * 100 + up;
        unsigned bal = 0, bal32 = 0;
        for (int l = 0; l < 16; l++) bal |= (unsigned)(blk[s16 + l] % 3 == 0) << l;
        for (int l = 0; l < 32; l++) bal32 |= (unsigned)(blk[s32 + l] > 0) << l;
        want[5] = (int)(bal * 4u + (bal ? 2u : 0u) + (bal == 0xffffu ? 1u : 0u));
        want[6] = (int)(bal32 * 4u + (bal32 ? 2u : 0u) + (bal32 == 0xffffffffu ? 1u : 0u));
        want[7] = blk[NT - 1 - t];
        want[8] = blk[s16 + 15 - l16];
        for (int r = 0; r < NR; r++)
            if (hout[g * NR + r] != want[r] && fails++ < 10)
                printf("FAIL thread %d, result %d: got %d want %d\n", g, r, hout[g * NR + r], want[r]);
    }
    printf(fails ? "FAIL\n" : "PASS\n");
    return fails != 0;
}
