// cucpu-flags: -arch=sm_80
// cg::memcpy_async, cg::wait and cg::wait_prior<N>
// (<cooperative_groups/memcpy_async.h>), as the CUDA programming guide
// defines them: a block copies a tile of global memory into __shared__
// (bytes as a cuda::aligned_size_t<16>), waits, and reads it back reversed; a two-stage
// pipeline over the tiles of a row (wait_prior<1> while the next copy is
// issued); tiles of 16 threads each copying their own slice with the
// element-count shape (dst count, src count: the smaller is copied);
// a copy of a byte count that no thread count divides; a copy into a row
// of a 2-D __shared__ array followed by a region that only reads it. Blocks of 40
// threads: the second warp is partial. The reference is plain host loops.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
namespace cg = cooperative_groups;

enum { NT = 40, NB = 3, TILE = 2 * NT, STAGES = 4, ODD = 37, OSTRIDE = 48 };

__global__ void reverse_tile(const int *in, int *out)
{
    __shared__ int s[TILE];
    cg::thread_block block = cg::this_thread_block();
    const int *src = in + blockIdx.x * TILE;
    cg::memcpy_async(block, s, src, cuda::aligned_size_t<16>(sizeof(int) * TILE));
    cg::wait(block);
    for (int i = block.thread_rank(); i < TILE; i += block.size())
        out[blockIdx.x * TILE + i] = s[TILE - 1 - i] * 2;
}

/* A copy into a row of a 2-D array, then a region that only reads: the
 * wait's barrier must stay (memcpy_async writes its destination). */
__global__ void row_then_read(const int *in, int *out)
{
    __shared__ int buf[2][NT];
    cg::thread_block block = cg::this_thread_block();
    cg::memcpy_async(block, buf[1], in + blockIdx.x * NT, sizeof(int) * NT);
    cg::wait(block);
    int v = buf[1][NT - 1 - block.thread_rank()];
    block.sync();
    out[blockIdx.x * NT + block.thread_rank()] = v;
}

/* Double buffering: copy stage k + 1 while summing stage k. */
__global__ void pipeline(const float *in, float *out)
{
    __shared__ float buf[2][NT];
    cg::thread_block block = cg::this_thread_block();
    const float *row = in + blockIdx.x * STAGES * NT;
    float acc = 0;
    cg::memcpy_async(block, buf[0], row, sizeof(float) * NT);
    for (int k = 0; k < STAGES; k++) {
        if (k + 1 < STAGES) {
            cg::memcpy_async(block, buf[(k + 1) % 2], row + (k + 1) * NT, sizeof(float) * NT);
            cg::wait_prior<1>(block);
        } else {
            cg::wait(block);
        }
        int t = block.thread_rank();
        acc += buf[k % 2][t] + buf[k % 2][(t + 1) % NT];
        block.sync();
    }
    out[blockIdx.x * NT + block.thread_rank()] = acc;
}

/* Each tile of 8 copies its own slice of 16 elements (fewer for the last
 * tile), with element counts; the fifth tile is in the partial warp. */
__global__ void tile_slices(const double *in, double *out)
{
    __shared__ double s[NT * 2];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<8> tile = cg::tiled_partition<8>(block);
    int base = tile.meta_group_rank() * 16;
    size_t n = tile.meta_group_rank() == 4 ? 11 : 16;
    cg::memcpy_async(tile, s + base, n, in + blockIdx.x * 2 * NT + base, (size_t)(n + 5));
    cg::wait(tile);
    int r = tile.thread_rank();
    out[blockIdx.x * NT + block.thread_rank()] = s[base + r] + (r + 8 < (int)n ? s[base + r + 8] : 0);
}

/* An odd byte count: the shares are not whole elements. Each block's source
 * starts 16-byte aligned (OSTRIDE): with a source at offset 74 of a char
 * array an H200 (CUDA 13) left the copy's last byte unwritten. */
__global__ void odd_bytes(const char *in, char *out)
{
    __shared__ char s[ODD];
    cg::thread_block block = cg::this_thread_block();
    cg::memcpy_async(block, s, in + blockIdx.x * OSTRIDE, (size_t)ODD);
    cg::wait_prior<0>(block);
    if (block.thread_rank() < ODD) out[blockIdx.x * ODD + block.thread_rank()] = s[ODD - 1 - block.thread_rank()];
}

static int fails;
#define CHECK(what, i, got, want)                                                            \
    do {                                                                                     \
        if ((got) != (want) && fails++ < 10)                                                 \
            printf("FAIL %s[%d]: got %g want %g\n", what, (int)(i), (double)(got), (double)(want)); \
    } while (0)

int main()
{
    int hi[NB * TILE], ho[NB * TILE];
    float hf[NB * STAGES * NT], hp[NB * NT];
    double hd[NB * 2 * NT], hs[NB * NT];
    char hc[NB * OSTRIDE], hco[NB * ODD];
    for (int i = 0; i < NB * TILE; i++) hi[i] = i * 7 - 100;
    for (int i = 0; i < NB * STAGES * NT; i++) hf[i] = (float)(i % 13) * 0.5f;
    for (int i = 0; i < NB * 2 * NT; i++) hd[i] = i * 0.25;
    for (int i = 0; i < NB * OSTRIDE; i++) hc[i] = (char)('a' + i % 26);
    int *di, *dout;
    float *df, *dp;
    double *dd, *ds;
    char *dc, *dco;
    cudaMalloc(&di, sizeof hi); cudaMalloc(&dout, sizeof ho);
    cudaMalloc(&df, sizeof hf); cudaMalloc(&dp, sizeof hp);
    cudaMalloc(&dd, sizeof hd); cudaMalloc(&ds, sizeof hs);
    cudaMalloc(&dc, sizeof hc); cudaMalloc(&dco, sizeof hco);
    cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
    cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
    cudaMemcpy(dd, hd, sizeof hd, cudaMemcpyHostToDevice);
    cudaMemcpy(dc, hc, sizeof hc, cudaMemcpyHostToDevice);
    int hr[NB * NT], *dr;
    cudaMalloc(&dr, sizeof hr);
    row_then_read<<<NB, NT>>>(di, dr);
    cudaMemcpy(hr, dr, sizeof hr, cudaMemcpyDeviceToHost);
    reverse_tile<<<NB, NT>>>(di, dout);
    pipeline<<<NB, NT>>>(df, dp);
    tile_slices<<<NB, NT>>>(dd, ds);
    odd_bytes<<<NB, NT>>>(dc, dco);
    cudaMemcpy(ho, dout, sizeof ho, cudaMemcpyDeviceToHost);
    cudaMemcpy(hp, dp, sizeof hp, cudaMemcpyDeviceToHost);
    cudaMemcpy(hs, ds, sizeof hs, cudaMemcpyDeviceToHost);
    cudaMemcpy(hco, dco, sizeof hco, cudaMemcpyDeviceToHost);

    for (int b = 0; b < NB; b++) {
        for (int i = 0; i < TILE; i++) CHECK("reverse", b * TILE + i, ho[b * TILE + i], hi[b * TILE + TILE - 1 - i] * 2);
        for (int t = 0; t < NT; t++) {
            CHECK("row_then_read", b * NT + t, hr[b * NT + t], hi[b * NT + NT - 1 - t]);
            float acc = 0;
            for (int k = 0; k < STAGES; k++) {
                const float *st = hf + (b * STAGES + k) * NT;
                acc += st[t] + st[(t + 1) % NT];
            }
            CHECK("pipeline", b * NT + t, hp[b * NT + t], acc);
            int m = t / 8, r = t % 8, base = m * 16, n = m == 4 ? 11 : 16;
            const double *row = hd + b * 2 * NT;
            CHECK("tile_slices", b * NT + t, hs[b * NT + t], row[base + r] + (r + 8 < n ? row[base + r + 8] : 0));
        }
        for (int i = 0; i < ODD; i++) CHECK("odd_bytes", b * ODD + i, hco[b * ODD + i], hc[b * OSTRIDE + ODD - 1 - i]);
    }
    if (fails) return 1;
    printf("PASS\n");
    return 0;
}
