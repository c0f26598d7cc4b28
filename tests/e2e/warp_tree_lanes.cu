// Warp trees whose results only some lanes read (passes/lanes.c computes
// only those lanes, and the lanes they need). Each kernel reads a
// different set of lanes after the tree; the reference emulates every
// lane of every step on the host, so a lane computed wrong, or left out
// while read, shows:
//   two_level: the block reduction of bench/warp (lane 0 of each warp, then
//              lane 0 of warp 0), blocks of 256 and of 80 (a partial warp)
//   strided:   lanes 0, 8, 16, 24 read (`(threadIdx.x & 7) == 0`)
//   xor0:      an xor tree, lane 0 read; xor16: width 16, lanes 0 and 16
//   down16:    a down tree of width 16, lanes 0 and 16
//   two_d:     lane 0 of threadIdx.x in blocks of 16 x 4: lanes 0 and 16
//              of each warp are read (blockDim.y is not 1)
//   killed:    lane 0 stored, then every thread overwrites v and reads it
//   cond_kill: v overwritten in some threads only, every thread reads it
//   bcast:     the tree's lane 0 broadcast with __shfl_sync
#include <cstdio>

#define FULL 0xffffffffu

__device__ float warp_sum(float v)
{
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(FULL, v, o);
    return v;
}

__global__ void two_level(const float *in, float *out)
{
    __shared__ float w[32];
    int t = threadIdx.x, nw = (blockDim.x + 31) / 32;
    float v = in[blockIdx.x * blockDim.x + t];
    v = warp_sum(v);
    if (t % 32 == 0) w[t / 32] = v;
    __syncthreads();
    if (t < 32) {
        v = t < nw ? w[t] : 0;
        v = warp_sum(v);
        if (t == 0) out[blockIdx.x] = v;
    }
}

__global__ void strided(const float *in, float *out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[g];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(FULL, v, o);
    if ((threadIdx.x & 7) == 0) out[g / 8] = v;
}

__global__ void xor0(const float *in, float *out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[g], y = in[g];
    for (int m = 1; m < 32; m <<= 1) x += __shfl_xor_sync(FULL, x, m);
    for (int m = 8; m > 0; m >>= 1) y += __shfl_xor_sync(FULL, y, m, 16);
    if (threadIdx.x % 32 == 0) out[g / 32] = x;
    if (threadIdx.x % 16 == 0) out[1024 + g / 16] = y;
}

__global__ void down16(const float *in, float *out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    float z = in[g];
    for (int o = 8; o > 0; o >>= 1) z += __shfl_down_sync(FULL, z, o, 16);
    if (threadIdx.x % 16 == 0) out[g / 16] = z;
}

__global__ void two_d(const float *in, float *out)
{
    int tid = threadIdx.y * blockDim.x + threadIdx.x, b = blockIdx.x * blockDim.x * blockDim.y;
    float v = in[b + tid];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(FULL, v, o);
    if (threadIdx.x == 0) out[blockIdx.x * blockDim.y + threadIdx.y] = v;
}

__global__ void killed(const float *in, float *out)
{
    __shared__ float w[8];
    int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    float v = in[g];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(FULL, v, o);
    if (t % 32 == 0) w[t / 32] = v;
    v = 1.0f;
    __syncthreads();
    out[g] = v + w[t / 32];
}

__global__ void cond_kill(const float *in, float *out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[g];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(FULL, v, o);
    if (in[g] > 0) v = 0;
    out[g] = v;
}

__global__ void bcast(const float *in, float *out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[g];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(FULL, v, o);
    v = __shfl_sync(FULL, v, 0);
    out[g] = v;
}

// ---- the host: every lane of every step ------------------------------------

// One warp of n lanes (the rest of the block past it), in place: each step
// gives lane l op(own, src), src its own value past the segment or warp.
static void emulate(float *w, int n, const int *offs, int steps, int width, int is_xor)
{
    for (int s = 0; s < steps; s++) {
        float t[32];
        for (int l = 0; l < n; l++) t[l] = w[l];
        for (int l = 0; l < n; l++) {
            int last = (l & ~(width - 1)) | (width - 1);
            int j = is_xor ? (l ^ offs[s]) : l + offs[s];
            w[l] = t[l] + (j > last || j >= n ? t[l] : t[j]);
        }
    }
}

static const int DOWN32[] = { 16, 8, 4, 2, 1 }, XOR32[] = { 1, 2, 4, 8, 16 }, HALF16[] = { 8, 4, 2, 1 };

// The trees of a block of nt threads (values v), lane by lane.
static void block_trees(float *v, int nt, const int *offs, int steps, int width, int is_xor)
{
    for (int b = 0; b < nt; b += 32) emulate(v + b, nt - b < 32 ? nt - b : 32, offs, steps, width, is_xor);
}

static int bad;

static void check(const char *what, int i, float got, float want)
{
    if (got != want && bad++ < 10) printf("%s [%d]: got %g want %g\n", what, i, got, want);
}

enum { N = 4096 };
static float h_in[N];

static void run_two_level(float *in, float *out, int nt)
{
    int nb = N / nt;
    two_level<<<nb, nt>>>(in, out);
    cudaDeviceSynchronize();
    for (int b = 0; b < nb; b++) {
        float v[1024], w[32] = { 0 };
        for (int t = 0; t < nt; t++) v[t] = h_in[b * nt + t];
        block_trees(v, nt, DOWN32, 5, 32, 0);
        for (int t = 0; t < nt; t += 32) w[t / 32] = v[t];
        emulate(w, 32, DOWN32, 5, 32, 0);
        check(nt == 256 ? "two_level 256" : "two_level 80", b, out[b], w[0]);
    }
}

int main()
{
    float *in, *out;
    cudaMallocManaged(&in, N * sizeof(float));
    cudaMallocManaged(&out, 2 * N * sizeof(float));
    for (int i = 0; i < N; i++) h_in[i] = in[i] = (float)((i * 7) % 13) - 6.0f + 0.25f * (float)(i % 3);
    float v[N];

    run_two_level(in, out, 256);
    run_two_level(in, out, 80);

    strided<<<N / 96, 96>>>(in, out);
    cudaDeviceSynchronize();
    for (int i = 0; i < N; i++) v[i] = h_in[i];
    for (int b = 0; b < N / 96; b++) block_trees(v + b * 96, 96, DOWN32, 5, 32, 0);
    for (int g = 0; g < N / 96 * 96; g += 8) check("strided", g, out[g / 8], v[g]);

    xor0<<<N / 128, 128>>>(in, out);
    cudaDeviceSynchronize();
    float y[N];
    for (int i = 0; i < N; i++) v[i] = y[i] = h_in[i];
    block_trees(v, N, XOR32, 5, 32, 1);
    block_trees(y, N, HALF16, 4, 16, 1);
    for (int g = 0; g < N; g += 32) check("xor0", g, out[g / 32], v[g]);
    for (int g = 0; g < N; g += 16) check("xor16", g, out[1024 + g / 16], y[g]);

    down16<<<N / 64, 64>>>(in, out);
    cudaDeviceSynchronize();
    for (int i = 0; i < N; i++) v[i] = h_in[i];
    block_trees(v, N, HALF16, 4, 16, 0);
    for (int g = 0; g < N; g += 16) check("down16", g, out[g / 16], v[g]);

    two_d<<<N / 64, dim3(16, 4)>>>(in, out);
    cudaDeviceSynchronize();
    for (int i = 0; i < N; i++) v[i] = h_in[i];
    block_trees(v, N, DOWN32, 5, 32, 0);
    for (int g = 0; g < N; g += 16) check("two_d", g, out[g / 16], v[g]);

    killed<<<N / 256, 256>>>(in, out);
    cudaDeviceSynchronize();
    for (int i = 0; i < N; i++) v[i] = h_in[i];
    block_trees(v, N, DOWN32, 5, 32, 0);
    for (int g = 0; g < N; g++) check("killed", g, out[g], 1.0f + v[g & ~31]);

    cond_kill<<<N / 64, 64>>>(in, out);
    cudaDeviceSynchronize();
    for (int i = 0; i < N; i++) v[i] = h_in[i];
    block_trees(v, N, DOWN32, 5, 32, 0);
    for (int g = 0; g < N; g++) check("cond_kill", g, out[g], h_in[g] > 0 ? 0.0f : v[g]);

    bcast<<<N / 64, 64>>>(in, out);
    cudaDeviceSynchronize();
    for (int i = 0; i < N; i++) v[i] = h_in[i];
    block_trees(v, N, DOWN32, 5, 32, 0);
    for (int g = 0; g < N; g++) check("bcast", g, out[g], v[g & ~31]);

    cudaFree(in);
    cudaFree(out);
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
