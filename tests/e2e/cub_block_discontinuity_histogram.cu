// cub_block_discontinuity_histogram.cu: cub::BlockDiscontinuity and
// cub::BlockHistogram in kernels. FlagHeads and FlagTails with
// cub::Inequality (cuda::std::not_equal_to with CCCL 3) and a functor, with and without the tile's predecessor
// and successor, flags of int and bool; BlockHistogram's Histogram,
// InitHistogram + Composite (two rounds adding up) over unsigned char
// items, with both algorithms. The host reference: neighbours in the
// blocked order, and counts of each value.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cub/cub.cuh>
#if CUB_VERSION >= 300000
#include <cuda/std/functional>
#define NE_OP cuda::std::not_equal_to<>()   // CCCL 3 dropped cub::Inequality
#else
#define NE_OP cub::Inequality()
#endif

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define T 64
#define I 4
#define TILE (T * I)
#define NB 3
#define BINS 32

// Flags a rise of more than 2 between neighbours.
struct Jump {
    __host__ __device__ bool operator()(int a, int b) const { return b - a > 2; }
};

// out: 4 sets of flags per block, each TILE long, in blocked order.
__global__ void flags(const int *in, int *out)
{
    typedef cub::BlockDiscontinuity<int, T> BD;
    __shared__ typename BD::TempStorage temp;
    const int *x = in + blockIdx.x * TILE;
    int items[I], f[I];
    bool g[I];
    for (int i = 0; i < I; i++) items[i] = x[threadIdx.x * I + i];
    int *o = out + blockIdx.x * 4 * TILE + threadIdx.x * I;
    BD(temp).FlagHeads(f, items, NE_OP);
    for (int i = 0; i < I; i++) o[i] = f[i];
    __syncthreads();
    BD(temp).FlagHeads(g, items, Jump(), blockIdx.x == 0 ? -100 : x[-1]);
    for (int i = 0; i < I; i++) o[TILE + i] = g[i];
    __syncthreads();
    BD(temp).FlagTails(f, items, NE_OP);
    for (int i = 0; i < I; i++) o[2 * TILE + i] = f[i];
    __syncthreads();
    BD(temp).FlagTails(f, items, Jump(), blockIdx.x == NB - 1 ? 1000 : x[TILE]);
    for (int i = 0; i < I; i++) o[3 * TILE + i] = f[i];
}

template <cub::BlockHistogramAlgorithm ALG>
__global__ void histo(const unsigned char *in, unsigned *out)
{
    typedef cub::BlockHistogram<unsigned char, T, I, BINS, ALG> BH;
    __shared__ typename BH::TempStorage temp;
    __shared__ unsigned bins[BINS];
    unsigned char items[I];
    for (int i = 0; i < I; i++) items[i] = in[blockIdx.x * TILE + threadIdx.x * I + i];
    BH(temp).Histogram(items, bins);
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += T) out[blockIdx.x * 2 * BINS + b] = bins[b];
    __syncthreads();
    BH(temp).InitHistogram(bins);
    __syncthreads();
    BH(temp).Composite(items, bins);
    __syncthreads();
    BH(temp).Composite(items, bins);
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += T) out[blockIdx.x * 2 * BINS + BINS + b] = bins[b];
}

static int bad = 0;
static void expect(const char *what, int got, int want, int b, int p)
{
    if (got != want && bad++ < 12) printf("%s: block %d position %d: got %d, want %d\n", what, b, p, got, want);
}

template <cub::BlockHistogramAlgorithm ALG>
static int run_histo(const unsigned char *in, unsigned *out)
{
    histo<ALG><<<NB, T>>>(in, out);
    CK(cudaDeviceSynchronize());
    for (int b = 0; b < NB; b++) {
        int want[BINS] = {0};
        for (int p = 0; p < TILE; p++) want[in[b * TILE + p]]++;
        for (int k = 0; k < BINS; k++) {
            expect("Histogram", (int)out[b * 2 * BINS + k], want[k], b, k);
            expect("Init + 2 Composite", (int)out[b * 2 * BINS + BINS + k], 2 * want[k], b, k);
        }
    }
    return 0;
}

int main()
{
    int *in, *out;
    CK(cudaMallocManaged(&in, NB * TILE * sizeof(int)));
    CK(cudaMallocManaged(&out, NB * 4 * TILE * sizeof(int)));
    for (int k = 0; k < NB * TILE; k++) in[k] = k / 3 + (k % 7 == 0 ? 5 : 0);
    flags<<<NB, T>>>(in, out);
    CK(cudaDeviceSynchronize());
    for (int b = 0; b < NB; b++)
        for (int p = 0; p < TILE; p++) {
            const int *x = in + b * TILE, *o = out + b * 4 * TILE;
            int prev = p ? x[p - 1] : (b == 0 ? -100 : x[-1]);
            int next = p < TILE - 1 ? x[p + 1] : (b == NB - 1 ? 1000 : x[TILE]);
            expect("FlagHeads", o[p], p == 0 ? 1 : x[p - 1] != x[p], b, p);
            expect("FlagHeads predecessor", o[TILE + p], x[p] - prev > 2, b, p);
            expect("FlagTails", o[2 * TILE + p], p == TILE - 1 ? 1 : x[p] != x[p + 1], b, p);
            expect("FlagTails successor", o[3 * TILE + p], next - x[p] > 2, b, p);
        }
    unsigned char *hin;
    unsigned *hout;
    CK(cudaMallocManaged(&hin, NB * TILE));
    CK(cudaMallocManaged(&hout, NB * 2 * BINS * sizeof(unsigned)));
    for (int k = 0; k < NB * TILE; k++) hin[k] = (unsigned char)((k * k + 3 * k) % BINS);
    if (run_histo<cub::BLOCK_HISTO_SORT>(hin, hout) || run_histo<cub::BLOCK_HISTO_ATOMIC>(hin, hout)) return 1;
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
