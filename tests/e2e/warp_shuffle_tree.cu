// Loops of shuffles that fold a warp, which cucpu lowers whole
// (lower_warp_tree.c): every lane's value after the loop is checked, not
// only lane 0's, against a host emulation of the shuffles step by step
// (a source lane past the segment gives the caller's own value). Floats
// of very different magnitudes make the order of the additions visible.
//   down:  v += __shfl_down_sync, 16..1 (`o >>= 1`), float
//   xor:   v = v + __shfl_xor_sync, 1..16 (`m <<= 1`), float; int ^, |;
//          unsigned * with __shfl_down_sync
//   width: __shfl_xor_sync with width 8, `o /= 2`; __shfl_down_sync width 16
//   tile:  v += tile16.shfl_down(v, o), a thread_block_tile<16>
//   part:  a block of 48 threads (its second warp has 16 lanes) with width
//          16 and a mask of the lanes that exist
//   if:    the tree under `if (t < 32)`, and in a loop
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

enum { NB = 3 };

__global__ void trees(const float *in, const int *iin, float *fout, int *iout, int n)
{
    int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    float v = in[g];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    fout[0 * n + g] = v;
    float x = in[g];
    for (int m = 1; m < 32; m <<= 1) x = x + __shfl_xor_sync(0xffffffffu, x, m);
    fout[1 * n + g] = x;
    float y = in[g];
    for (int o = 4; o > 0; o /= 2) y += __shfl_xor_sync(0xffffffffu, y, o, 8);
    fout[2 * n + g] = y;
    float z = in[g];
    for (int o = 8; o >= 1; o = o >> 1) z += __shfl_down_sync(0xffffffffu, z, o, 16);
    fout[3 * n + g] = z;
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(cg::this_thread_block());
    float w = in[g];
    for (int o = 8; o > 0; o >>= 1) w += tile.shfl_down(w, o);
    fout[4 * n + g] = w;
    int a = iin[g], b = iin[g];
    unsigned c = iin[g] % 5 + 1;
    for (int m = 16; m > 0; m >>= 1) a ^= __shfl_xor_sync(0xffffffffu, a, m);
    for (int m = 1; m <= 16; m *= 2) b |= __shfl_xor_sync(0xffffffffu, b, m);
    for (int o = 1; o < 32; o <<= 1) c *= __shfl_down_sync(0xffffffffu, c, o);
    iout[0 * n + g] = a;
    iout[1 * n + g] = b;
    iout[2 * n + g] = (int)c;
    float u = in[g];
    if (t < 32) {
        for (int o = 16; o > 0; o >>= 1) u += __shfl_down_sync(0xffffffffu, u, o);
    }
    fout[5 * n + g] = u;
    float s = in[g];
    for (int r = 0; r < 2; r++) {
        for (int o = 1; o < 32; o *= 2) s += __shfl_xor_sync(0xffffffffu, s, o);
        s *= 0.5f;
    }
    fout[6 * n + g] = s;
}

// A block of 48 threads: the second warp has 16 lanes, named by the mask.
__global__ void partial(const float *in, float *out)
{
    int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    int left = blockDim.x - (t & ~31);
    unsigned mask = left >= 32 ? 0xffffffffu : (1u << left) - 1u;
    float v = in[g];
    for (int o = 8; o > 0; o >>= 1) v += __shfl_down_sync(mask, v, o, 16);
    out[g] = v;
    float x = in[g];
    for (int m = 8; m > 0; m >>= 1) x += __shfl_xor_sync(mask, x, m, 16);
    out[blockDim.x * gridDim.x + g] = x;
}

// ---- the host's emulation of one warp's shuffles, step by step ----------------------

static float h_in[NB * 256];
static int h_iin[NB * 256];

// lane l of a warp of `lanes` lanes reads lane src of its segment, or
// itself when src is past the segment (down, xor) or past the warp
static int source(int l, int src, int width, int lanes)
{
    int last = (l / width) * width + width - 1;
    return src > last || src >= lanes ? l : src;
}

template <class T, class F> static void emulate(const T *in, T *out, int nt, int width, int xr, const int *offs, int nofs, F op)
{
    for (int base = 0; base < nt; base += 32) {
        int lanes = nt - base < 32 ? nt - base : 32;
        T cur[32], nxt[32];
        for (int l = 0; l < lanes; l++) cur[l] = in[base + l];
        for (int k = 0; k < nofs; k++) {
            for (int l = 0; l < lanes; l++) nxt[l] = op(cur[l], cur[source(l, xr ? (l ^ offs[k]) : l + offs[k], width, lanes)]);
            for (int l = 0; l < lanes; l++) cur[l] = nxt[l];
        }
        for (int l = 0; l < lanes; l++) out[base + l] = cur[l];
    }
}

static int bad;

template <class T> static void check(const char *what, const T *got, const T *want, int n)
{
    for (int i = 0; i < n; i++)
        if (got[i] != want[i] && bad++ < 8) printf("%s, thread %d: got %g want %g\n", what, i, (double)got[i], (double)want[i]);
}

int main()
{
    const int bs = 256, n = NB * bs;
    float *in, *fout;
    int *iin, *iout;
    cudaMallocManaged(&in, n * sizeof(float));
    cudaMallocManaged(&iin, n * sizeof(int));
    cudaMallocManaged(&fout, 7 * n * sizeof(float));
    cudaMallocManaged(&iout, 3 * n * sizeof(int));
    for (int i = 0; i < n; i++) {
        in[i] = h_in[i] = (i % 3 == 0 ? 1e8f : 1.0f) * (float)((i * 7) % 11 - 5) + 0.25f * (float)(i % 4);
        iin[i] = h_iin[i] = (i * 2654435761u) >> 7;
    }
    trees<<<NB, bs>>>(in, iin, fout, iout, n);
    cudaDeviceSynchronize();
    const int down16[] = { 16, 8, 4, 2, 1 }, up1[] = { 1, 2, 4, 8, 16 }, w8[] = { 4, 2, 1 }, w16[] = { 8, 4, 2, 1 };
    static float fw[7][NB * 256];
    static int iw[3][NB * 256];
    auto fadd = [](float p, float q) { return p + q; };
    for (int b = 0; b < NB; b++) {
        int o = b * bs;
        emulate(h_in + o, fw[0] + o, bs, 32, 0, down16, 5, fadd);
        emulate(h_in + o, fw[1] + o, bs, 32, 1, up1, 5, fadd);
        emulate(h_in + o, fw[2] + o, bs, 8, 1, w8, 3, fadd);
        emulate(h_in + o, fw[3] + o, bs, 16, 0, w16, 4, fadd);
        emulate(h_in + o, fw[4] + o, bs, 16, 0, w16, 4, fadd);
        emulate(h_iin + o, iw[0] + o, bs, 32, 1, down16, 5, [](int p, int q) { return p ^ q; });
        emulate(h_iin + o, iw[1] + o, bs, 32, 1, up1, 5, [](int p, int q) { return p | q; });
        int c[256];
        for (int t = 0; t < bs; t++) c[t] = h_iin[o + t] % 5 + 1;
        emulate(c, iw[2] + o, bs, 32, 0, up1, 5, [](int p, int q) { return (int)((unsigned)p * (unsigned)q); });
        // under `if (t < 32)`: the first warp folds, the others keep their value
        emulate(h_in + o, fw[5] + o, 32, 32, 0, down16, 5, fadd);
        for (int t = 32; t < bs; t++) fw[5][o + t] = h_in[o + t];
        float s[256];
        emulate(h_in + o, s, bs, 32, 1, up1, 5, fadd);
        for (int t = 0; t < bs; t++) s[t] *= 0.5f;
        emulate(s, fw[6] + o, bs, 32, 1, up1, 5, fadd);
        for (int t = 0; t < bs; t++) fw[6][o + t] *= 0.5f;
    }
    static const char *const fname[] = { "down", "xor", "xor width 8", "down width 16", "tile16 down", "if (t < 32)", "loop" };
    for (int k = 0; k < 7; k++) check(fname[k], fout + k * n, fw[k], n);
    static const char *const iname[] = { "xor ^", "xor |", "down *" };
    for (int k = 0; k < 3; k++) check(iname[k], iout + k * n, iw[k], n);

    // blocks of 48: the second warp has 16 lanes
    const int pb = 48, pn = NB * pb;
    float *pout;
    cudaMallocManaged(&pout, 2 * pn * sizeof(float));
    partial<<<NB, pb>>>(in, pout);
    cudaDeviceSynchronize();
    static float pw[2][NB * 48];
    for (int b = 0; b < NB; b++) {
        emulate(h_in + b * pb, pw[0] + b * pb, pb, 16, 0, w16, 4, fadd);
        emulate(h_in + b * pb, pw[1] + b * pb, pb, 16, 1, w16, 4, fadd);
    }
    check("48 threads, down width 16", pout, pw[0], pn);
    check("48 threads, xor width 16", pout + pn, pw[1], pn);
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
