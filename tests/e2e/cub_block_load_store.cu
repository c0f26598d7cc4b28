// cub_block_load_store.cu: cub::BlockLoad and cub::BlockStore in kernels,
// with every algorithm (direct, striped, vectorize, transpose, warp
// transpose and its time-sliced form), full and guarded (valid_items, with
// and without an out-of-bounds default), a 2D block, and the direct
// functions (LoadDirectBlocked, LoadDirectStriped, LoadDirectWarpStriped,
// StoreDirect*). Each thread writes what it holds, item by item, to a
// per-thread slot; the host computes which input each slot must hold from
// the arrangement's definition (blocked: thread t holds t * ITEMS + i;
// striped: i * THREADS + t; warp-striped: the warp's base + i * 32 + lane).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cub/cub.cuh>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define T 64      // threads
#define I 3       // items per thread
#define TILE (T * I)
#define NB 3

// The thread's items in slots out[(blockIdx.x * T + t) * I + i].
template <cub::BlockLoadAlgorithm ALG>
__global__ void load(const int *in, int *out, int valid)
{
    typedef cub::BlockLoad<int, T, I, ALG> BL;
    __shared__ typename BL::TempStorage temp;
    int items[I] = {-7, -7, -7};
    const int *tile = in + blockIdx.x * TILE;
    if (valid < 0) {
        BL(temp).Load(tile, items);
    } else if (valid < TILE) {
        BL(temp).Load(tile, items, valid, -1);
    } else {
        BL(temp).Load(tile, items, valid - TILE);  // no default: the rest keep -7
    }
    for (int i = 0; i < I; i++) out[(blockIdx.x * T + threadIdx.x) * I + i] = items[i];
}

// Each thread holds its slots' values and stores them back with ALG.
template <cub::BlockStoreAlgorithm ALG>
__global__ void store(const int *slots, int *out, int valid)
{
    typedef cub::BlockStore<int, T, I, ALG> BS;
    __shared__ typename BS::TempStorage temp;
    int items[I];
    for (int i = 0; i < I; i++) items[i] = slots[(blockIdx.x * T + threadIdx.x) * I + i];
    if (valid < 0) {
        BS(temp).Store(out + blockIdx.x * TILE, items);
    } else {
        BS(temp).Store(out + blockIdx.x * TILE, items, valid);
    }
}

// The direct functions, a 2D block of 16 x 4 (CUB's rank: x + 16 y).
__global__ void direct(const int *in, int *out)
{
    int t = threadIdx.x + threadIdx.y * 16;
    const int *tile = in + blockIdx.x * TILE;
    int a[I], b[I], c[I];
    cub::LoadDirectBlocked(t, tile, a);
    cub::LoadDirectStriped<T>(t, tile, b);
    cub::LoadDirectWarpStriped(t, tile, c);
    int *o = out + blockIdx.x * TILE * 3;
    cub::StoreDirectStriped<T>(t, o, a);          // blocked in, striped out
    cub::StoreDirectBlocked(t, o + TILE, b);      // striped in, blocked out
    cub::StoreDirectWarpStriped(t, o + 2 * TILE, c);
}

static int pos_blocked(int t, int i) { return t * I + i; }
static int pos_striped(int t, int i) { return i * T + t; }
static int pos_warp(int t, int i) { return t / 32 * 32 * I + i * 32 + t % 32; }

static int bad = 0;
static void expect(const char *what, int got, int want, int b, int t, int i)
{
    if (got != want && bad++ < 12)
        printf("%s: block %d thread %d item %d: got %d, want %d\n", what, b, t, i, got, want);
}

// Checks load<ALG> for valid (-1: all; < TILE: with default -1; else valid -
// TILE items, no default).
static void check_load(const char *what, const int *in, const int *out, int valid, int striped)
{
    for (int b = 0; b < NB; b++)
        for (int t = 0; t < T; t++)
            for (int i = 0; i < I; i++) {
                int p = striped ? pos_striped(t, i) : pos_blocked(t, i);
                int lim = valid < 0 ? TILE : valid < TILE ? valid : valid - TILE;
                int want = p < lim ? in[b * TILE + p] : valid < TILE ? -1 : -7;
                expect(what, out[(b * T + t) * I + i], want, b, t, i);
            }
}

static void check_store(const char *what, const int *slots, const int *out, int valid, int striped)
{
    for (int b = 0; b < NB; b++)
        for (int t = 0; t < T; t++)
            for (int i = 0; i < I; i++) {
                int p = striped ? pos_striped(t, i) : pos_blocked(t, i);
                int want = valid < 0 || p < valid ? slots[(b * T + t) * I + i] : -5;
                expect(what, out[b * TILE + p], want, b, t, i);
            }
}

template <cub::BlockLoadAlgorithm ALG>
static int run_load(const char *what, const int *in, int *out)
{
    int valids[4] = {-1, 100, TILE + 70, TILE + 0};
    for (int v = 0; v < 4; v++) {
        load<ALG><<<NB, T>>>(in, out, valids[v]);
        CK(cudaDeviceSynchronize());
        check_load(what, in, out, valids[v], ALG == cub::BLOCK_LOAD_STRIPED);
    }
    return 0;
}

template <cub::BlockStoreAlgorithm ALG>
static int run_store(const char *what, const int *slots, int *out)
{
    int valids[3] = {-1, 77, 0};
    for (int v = 0; v < 3; v++) {
        for (int k = 0; k < NB * TILE; k++) out[k] = -5;
        store<ALG><<<NB, T>>>(slots, out, valids[v]);
        CK(cudaDeviceSynchronize());
        check_store(what, slots, out, valids[v], ALG == cub::BLOCK_STORE_STRIPED);
    }
    return 0;
}

int main()
{
    int *in, *out;
    CK(cudaMallocManaged(&in, NB * TILE * sizeof(int)));
    CK(cudaMallocManaged(&out, 3 * NB * TILE * sizeof(int)));
    for (int k = 0; k < NB * TILE; k++) in[k] = (k * 37 + 11) % 1000;
    if (run_load<cub::BLOCK_LOAD_DIRECT>("load direct", in, out) ||
        run_load<cub::BLOCK_LOAD_STRIPED>("load striped", in, out) ||
        run_load<cub::BLOCK_LOAD_VECTORIZE>("load vectorize", in, out) ||
        run_load<cub::BLOCK_LOAD_TRANSPOSE>("load transpose", in, out) ||
        run_load<cub::BLOCK_LOAD_WARP_TRANSPOSE>("load warp transpose", in, out) ||
        run_load<cub::BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED>("load warp transpose timesliced", in, out))
        return 1;
    if (run_store<cub::BLOCK_STORE_DIRECT>("store direct", in, out) ||
        run_store<cub::BLOCK_STORE_STRIPED>("store striped", in, out) ||
        run_store<cub::BLOCK_STORE_VECTORIZE>("store vectorize", in, out) ||
        run_store<cub::BLOCK_STORE_TRANSPOSE>("store transpose", in, out) ||
        run_store<cub::BLOCK_STORE_WARP_TRANSPOSE>("store warp transpose", in, out) ||
        run_store<cub::BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED>("store warp transpose timesliced", in, out))
        return 1;
    direct<<<NB, dim3(16, 4)>>>(in, out);
    CK(cudaDeviceSynchronize());
    for (int b = 0; b < NB; b++)
        for (int t = 0; t < T; t++)
            for (int i = 0; i < I; i++) {
                const int *o = out + b * TILE * 3, *x = in + b * TILE;
                expect("direct blocked", o[pos_striped(t, i)], x[pos_blocked(t, i)], b, t, i);
                expect("direct striped", o[TILE + pos_blocked(t, i)], x[pos_striped(t, i)], b, t, i);
                expect("direct warp-striped", o[2 * TILE + pos_warp(t, i)], x[pos_warp(t, i)], b, t, i);
            }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
