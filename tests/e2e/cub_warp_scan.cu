// cub_warp_scan.cu: cub::WarpScan inside kernels, over full warps and
// logical warps of 8 and 16 lanes: InclusiveSum and ExclusiveSum (with and
// without the warp aggregate), InclusiveScan and ExclusiveScan with an
// operator (cub::Max, a functor), with an initial value, a scan in one warp
// only (a warp-level collective under a condition that only the warp's
// threads share), and a block of 80 threads (a partial last warp of 16,
// scanned as two logical warps of 8). The host reference: running sums and
// maxima over each logical warp's lanes in order.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cub/cub.cuh>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define NOUT 8

struct MinOp {
    __host__ __device__ int operator()(int a, int b) const { return b < a ? b : a; }
};
struct MaxOp {
    __host__ __device__ int operator()(int a, int b) const { return a < b ? b : a; }
};

// W lanes per logical warp; every thread writes NOUT results.
template <int W>
__device__ void scans(const int *in, int *out)
{
    typedef cub::WarpScan<int, W> WS;
    __shared__ typename WS::TempStorage temp[128];
    int t = threadIdx.x, g = t / W;
    int x = in[blockIdx.x * blockDim.x + t];
    int *o = out + (blockIdx.x * blockDim.x + t) * NOUT;
    int a, b, agg, agg2;
    WS(temp[g]).InclusiveSum(x, a);
    WS(temp[g]).ExclusiveSum(x, b, agg);
    o[0] = a;
    o[1] = b;
    o[2] = agg;
    WS(temp[g]).InclusiveScan(x, a, MaxOp());
    o[3] = a;
    WS(temp[g]).ExclusiveScan(x, a, 100, MinOp());
    o[4] = a;
    WS(temp[g]).InclusiveScan(x, a, MinOp(), agg2);
    o[5] = a;
    o[6] = agg2;
    WS(temp[g]).ExclusiveScan(x, a, -1000, MaxOp(), agg2);
    o[7] = a + agg2 * 0;
}

__global__ void scans32(const int *in, int *out) { scans<32>(in, out); }
__global__ void scans16(const int *in, int *out) { scans<16>(in, out); }
__global__ void scans8(const int *in, int *out) { scans<8>(in, out); }

// Only warp 1 scans.
__global__ void one_warp(const int *in, int *out)
{
    typedef cub::WarpScan<int> WS;
    __shared__ typename WS::TempStorage temp[2];
    int t = threadIdx.x, x = in[t], s = -1;
    if (t / 32 == 1) WS(temp[1]).InclusiveSum(x, s);
    out[t] = s;
}

static int bad = 0;
static void expect(const char *what, int got, int want, int b, int t)
{
    if (got != want && bad++ < 12) printf("%s: block %d thread %d: got %d, want %d\n", what, b, t, got, want);
}

template <int W>
static int run(const int *in, int *out, int nb, int nt)
{
    if (W == 32) scans32<<<nb, nt>>>(in, out);
    if (W == 16) scans16<<<nb, nt>>>(in, out);
    if (W == 8) scans8<<<nb, nt>>>(in, out);
    CK(cudaDeviceSynchronize());
    for (int b = 0; b < nb; b++)
        for (int g0 = 0; g0 < nt; g0 += W) {
            const int *x = in + b * nt + g0;
            int n = nt - g0 < W ? nt - g0 : W, total = 0, mn = 1 << 30;
            for (int l = 0; l < n; l++) total += x[l], mn = x[l] < mn ? x[l] : mn;
            int run = 0, mx = -(1 << 30), mn_run = 1 << 30, ex_mn = 100, ex_mx = -1000;
            for (int l = 0; l < n; l++) {
                const int *o = out + (b * nt + g0 + l) * NOUT;
                int t = g0 + l;
                mx = x[l] > mx ? x[l] : mx;
                mn_run = x[l] < mn_run ? x[l] : mn_run;
                expect("InclusiveSum", o[0], run + x[l], b, t);
                expect("ExclusiveSum", o[1], run, b, t);
                expect("ExclusiveSum aggregate", o[2], total, b, t);
                expect("InclusiveScan max", o[3], mx, b, t);
                expect("ExclusiveScan min init 100", o[4], ex_mn, b, t);
                expect("InclusiveScan min", o[5], mn_run, b, t);
                expect("InclusiveScan min aggregate", o[6], mn, b, t);
                expect("ExclusiveScan max init", o[7], ex_mx, b, t);
                run += x[l];
                ex_mn = x[l] < ex_mn ? x[l] : ex_mn;
                ex_mx = x[l] > ex_mx ? x[l] : ex_mx;
            }
        }
    return 0;
}

int main()
{
    int *in, *out;
    const int nb = 3;
    CK(cudaMallocManaged(&in, nb * 128 * sizeof(int)));
    CK(cudaMallocManaged(&out, nb * 128 * NOUT * sizeof(int)));
    for (int k = 0; k < nb * 128; k++) in[k] = (k * 7919 + 3) % 201 - 100;
    if (run<32>(in, out, nb, 128) || run<16>(in, out, nb, 64) || run<8>(in, out, nb, 80)) return 1;
    one_warp<<<1, 96>>>(in, out);
    CK(cudaDeviceSynchronize());
    int run = 0;
    for (int t = 0; t < 96; t++) {
        if (t / 32 == 1) run += in[t];
        expect("one warp", out[t], t / 32 == 1 ? run : -1, 0, t);
    }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
