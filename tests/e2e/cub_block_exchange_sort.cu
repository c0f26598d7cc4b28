// cub_block_exchange_sort.cu: cub::BlockExchange and cub::BlockRadixSort
// in kernels. BlockExchange: StripedToBlocked, BlockedToStriped,
// WarpStripedToBlocked and BlockedToWarpStriped, in place and into another
// array, ScatterToBlocked and ScatterToStriped (ranks reversing the
// block); BlockRadixSort: Sort of int keys, of unsigned keys with int
// values, of float keys with negatives and -0.0, SortDescending with
// values, a bit range, SortBlockedToStriped, in a loop reusing the
// TempStorage. The host reference: the arrangements' definitions and a
// stable sort by the keys (for the bit range: by those bits).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <cub/cub.cuh>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define T 64   // threads: two warps
#define I 3
#define TILE (T * I)
#define NB 2

static int pos_blocked(int t, int i) { return t * I + i; }
static int pos_striped(int t, int i) { return i * T + t; }
static int pos_warp(int t, int i) { return t / 32 * 32 * I + i * 32 + t % 32; }

// Thread t's items are in[...pos(t, i)] for its kernel's input arrangement;
// each writes its results to out[k * NB * TILE + (b * T + t) * I + i] (k: which
// exchange).
__global__ void exchange(const int *in, int *out)
{
    typedef cub::BlockExchange<int, T, I> BE;
    __shared__ typename BE::TempStorage temp;
    const int *x = in + blockIdx.x * TILE;
    int t = threadIdx.x, a[I], b[I];
    long long c[I];
    int *o = out + (blockIdx.x * T + t) * I;
    for (int i = 0; i < I; i++) a[i] = x[i * T + t];          // striped
    BE(temp).StripedToBlocked(a);
    for (int i = 0; i < I; i++) o[i] = a[i];
    __syncthreads();
    for (int i = 0; i < I; i++) a[i] = x[t * I + i];          // blocked
    BE(temp).BlockedToStriped(a, c);                          // into another array (of long long)
    for (int i = 0; i < I; i++) o[NB * TILE + i] = (int)c[i];
    __syncthreads();
    for (int i = 0; i < I; i++) a[i] = x[t / 32 * 32 * I + i * 32 + t % 32];  // warp-striped
    BE(temp).WarpStripedToBlocked(a);
    for (int i = 0; i < I; i++) o[2 * NB * TILE + i] = a[i];
    __syncthreads();
    for (int i = 0; i < I; i++) a[i] = x[t * I + i];
    BE(temp).BlockedToWarpStriped(a, b);
    for (int i = 0; i < I; i++) o[3 * NB * TILE + i] = b[i];
    __syncthreads();
    int rk[I];
    for (int i = 0; i < I; i++) a[i] = x[t * I + i], rk[i] = TILE - 1 - (t * I + i);   // reverse
    BE(temp).ScatterToBlocked(a, rk);
    for (int i = 0; i < I; i++) o[4 * NB * TILE + i] = a[i];
    __syncthreads();
    for (int i = 0; i < I; i++) a[i] = x[t * I + i];
    BE(temp).ScatterToStriped(a, b, rk);
    for (int i = 0; i < I; i++) o[5 * NB * TILE + i] = b[i];
}

// Sorts: k selects the variant; keys and values in blocked order in, out.
__global__ void sort_int(const int *in, int *out, int reps)
{
    typedef cub::BlockRadixSort<int, T, I> BRS;
    __shared__ typename BRS::TempStorage temp;
    int keys[I];
    for (int i = 0; i < I; i++) keys[i] = in[blockIdx.x * TILE + threadIdx.x * I + i];
    for (int r = 0; r < reps; r++) {   // sorting sorted keys again changes nothing
        BRS(temp).Sort(keys);
        __syncthreads();
    }
    for (int i = 0; i < I; i++) out[blockIdx.x * TILE + threadIdx.x * I + i] = keys[i];
}

__global__ void sort_pairs(const unsigned *kin, unsigned *kout, int *vout, int variant)
{
    typedef cub::BlockRadixSort<unsigned, T, I, int> BRS;
    __shared__ typename BRS::TempStorage temp;
    unsigned keys[I];
    int vals[I];
    for (int i = 0; i < I; i++) {
        keys[i] = kin[blockIdx.x * TILE + threadIdx.x * I + i];
        vals[i] = threadIdx.x * I + i;   // the key's position: shows stability
    }
    if (variant == 0) {
        BRS(temp).Sort(keys, vals);
    } else if (variant == 1) {
        BRS(temp).SortDescending(keys, vals);
    } else if (variant == 2) {
        BRS(temp).Sort(keys, vals, 4, 12);     // bits 4..11 only
    } else {
        BRS(temp).SortBlockedToStriped(keys, vals);
    }
    for (int i = 0; i < I; i++) {
        kout[blockIdx.x * TILE + threadIdx.x * I + i] = keys[i];
        vout[blockIdx.x * TILE + threadIdx.x * I + i] = vals[i];
    }
}

__global__ void sort_float(const float *in, float *out)
{
    typedef cub::BlockRadixSort<float, T, I> BRS;
    __shared__ typename BRS::TempStorage temp;
    float keys[I];
    for (int i = 0; i < I; i++) keys[i] = in[blockIdx.x * TILE + threadIdx.x * I + i];
    BRS(temp).SortDescendingBlockedToStriped(keys);
    for (int i = 0; i < I; i++) out[blockIdx.x * TILE + threadIdx.x * I + i] = keys[i];
}

static int bad = 0;
static void expect(const char *what, long long got, long long want, int b, int t, int i)
{
    if (got != want && bad++ < 12)
        printf("%s: block %d thread %d item %d: got %lld, want %lld\n", what, b, t, i, got, want);
}

// The stable order of n keys by key(k) (a permutation).
template <typename F> static void stable_order(int *perm, int n, F key)
{
    for (int k = 0; k < n; k++) perm[k] = k;
    std::stable_sort(perm, perm + n, [&](int a, int b) { return key(a) < key(b); });
}

int main()
{
    int *in, *out;
    CK(cudaMallocManaged(&in, NB * TILE * sizeof(int)));
    CK(cudaMallocManaged(&out, 6 * NB * TILE * sizeof(int)));
    for (int k = 0; k < NB * TILE; k++) in[k] = (k * 7919 + 13) % 1000 - 500;
    exchange<<<NB, T>>>(in, out);
    CK(cudaDeviceSynchronize());
    for (int b = 0; b < NB; b++)
        for (int t = 0; t < T; t++)
            for (int i = 0; i < I; i++) {
                const int *x = in + b * TILE, *o = out + (b * T + t) * I + i;
                // StripedToBlocked: thread t's blocked item i is the block's position t*I+i
                expect("StripedToBlocked", o[0], x[pos_blocked(t, i)], b, t, i);
                expect("BlockedToStriped", o[NB * TILE], x[pos_striped(t, i)], b, t, i);
                expect("WarpStripedToBlocked", o[2 * NB * TILE], x[pos_blocked(t, i)], b, t, i);
                expect("BlockedToWarpStriped", o[3 * NB * TILE], x[pos_warp(t, i)], b, t, i);
                expect("ScatterToBlocked", o[4 * NB * TILE], x[TILE - 1 - pos_blocked(t, i)], b, t, i);
                expect("ScatterToStriped", o[5 * NB * TILE], x[TILE - 1 - pos_striped(t, i)], b, t, i);
            }

    int perm[TILE];
    sort_int<<<NB, T>>>(in, out, 2);
    CK(cudaDeviceSynchronize());
    for (int b = 0; b < NB; b++) {
        const int *x = in + b * TILE;
        stable_order(perm, TILE, [&](int k) { return x[k]; });
        for (int p = 0; p < TILE; p++) expect("Sort int", out[b * TILE + p], x[perm[p]], b, p / I, p % I);
    }

    unsigned *kin, *kout;
    int *vout;
    CK(cudaMallocManaged(&kin, NB * TILE * sizeof(unsigned)));
    CK(cudaMallocManaged(&kout, NB * TILE * sizeof(unsigned)));
    CK(cudaMallocManaged(&vout, NB * TILE * sizeof(int)));
    for (int k = 0; k < NB * TILE; k++) kin[k] = (unsigned)(k * 2654435761u) >> (k % 3 ? 20 : 0);
    for (int k = 0; k < NB * TILE; k += 5) kin[k] = kin[k / 2];   // equal keys
    for (int variant = 0; variant < 4; variant++) {
        sort_pairs<<<NB, T>>>(kin, kout, vout, variant);
        CK(cudaDeviceSynchronize());
        for (int b = 0; b < NB; b++) {
            const unsigned *x = kin + b * TILE;
            if (variant == 1)
                stable_order(perm, TILE, [&](int k) { return ~x[k]; });
            else if (variant == 2)
                stable_order(perm, TILE, [&](int k) { return (x[k] >> 4) & 0xff; });
            else
                stable_order(perm, TILE, [&](int k) { return x[k]; });
            for (int t = 0; t < T; t++)
                for (int i = 0; i < I; i++) {
                    int p = variant == 3 ? pos_striped(t, i) : pos_blocked(t, i);
                    int q = b * TILE + pos_blocked(t, i);
                    expect("Sort pairs key", kout[q], x[perm[p]], b, t, i + 10 * variant);
                    expect("Sort pairs value", vout[q], perm[p], b, t, i + 10 * variant);
                }
        }
    }

    float *fin, *fout;
    CK(cudaMallocManaged(&fin, NB * TILE * sizeof(float)));
    CK(cudaMallocManaged(&fout, NB * TILE * sizeof(float)));
    for (int k = 0; k < NB * TILE; k++) fin[k] = (float)((k * 37) % 101 - 50) / 8.0f;
    fin[3] = -0.0f;
    sort_float<<<NB, T>>>(fin, fout);
    CK(cudaDeviceSynchronize());
    for (int b = 0; b < NB; b++) {
        const float *x = fin + b * TILE;
        stable_order(perm, TILE, [&](int k) { return -(x[k] == 0 ? 0.0f : x[k]); });   // descending; -0 == +0
        for (int t = 0; t < T; t++)
            for (int i = 0; i < I; i++) {
                float g = fout[b * TILE + pos_blocked(t, i)], w = x[perm[pos_striped(t, i)]];
                unsigned gb, wb;
                memcpy(&gb, &g, 4);
                memcpy(&wb, &w, 4);
                expect("Sort float (bits)", gb, wb, b, t, i);
            }
    }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
