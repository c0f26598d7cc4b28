// Loops of shuffles that fold warps (lower_warp_tree.c) under a branch
// whose condition bounds the thread loops (`if (t >= 32)`): only the warps
// of the threads in the branch fold (bounds.c, range_trees). Every lane of
// the branch is checked against a host emulation of the shuffles (a source
// lane past the warp gives the caller's own value):
//   tail:   t >= 32 in blocks of 112 (warps 1 to 3, the last of 16 lanes)
//   middle: t >= 32 && t < 96 in blocks of 128, xor
//   block:  blockIdx.x % 2 == 0 && t < 64: a test the same for the block
//   rows:   t >= 32 with blockDim (16, 7): rows of 16 threads, every warp
// Threads outside the branch keep their input.
#include <cstdio>

enum { NB = 4 };

__device__ float down_sum(float v)
{
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    return v;
}

__global__ void tail(const float *in, float *out)
{
    int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    float v = in[g];
    if (t >= 32) v = down_sum(v);
    out[g] = v;
}

__global__ void middle(const int *in, int *out)
{
    int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    int v = in[g];
    if (t >= 32 && t < 96)
        for (int m = 1; m < 32; m <<= 1) v ^= __shfl_xor_sync(0xffffffffu, v, m);
    out[g] = v;
}

__global__ void block(const float *in, float *out)
{
    int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    float v = in[g];
    if (blockIdx.x % 2 == 0 && t < 64) v = down_sum(v);
    out[g] = v;
}

__global__ void rows(const float *in, float *out)
{
    int t = threadIdx.y * blockDim.x + threadIdx.x, g = blockIdx.x * blockDim.x * blockDim.y + t;
    float v = in[g];
    if (t >= 32) v = down_sum(v);
    out[g] = v;
}

// the host's shuffles: lanes [base, base + n) of a warp, in place
static void host_down(float *w, int n)
{
    for (int o = 16; o > 0; o >>= 1) {
        float nx[32];
        for (int l = 0; l < n; l++) nx[l] = w[l] + (l + o < n ? w[l + o] : w[l]);
        for (int l = 0; l < n; l++) w[l] = nx[l];
    }
}

static void host_xor(int *w, int n)
{
    for (int m = 1; m < 32; m <<= 1) {
        int nx[32];
        for (int l = 0; l < n; l++) nx[l] = w[l] ^ ((l ^ m) < n ? w[l ^ m] : w[l]);
        for (int l = 0; l < n; l++) w[l] = nx[l];
    }
}

// each warp of a block of nt threads whose first thread is in [lo, hi)
// folds; the rest keep their values
static void host_fold(float *v, int nt, int lo, int hi)
{
    for (int b = 0; b < nt; b += 32)
        if (b >= lo && b < hi) host_down(v + b, nt - b < 32 ? nt - b : 32);
}

static int check(const char *name, const float *got, const float *want, int n)
{
    int fails = 0;
    for (int i = 0; i < n; i++)
        if (got[i] != want[i] && fails++ < 5) printf("FAIL %s at %d: got %g want %g\n", name, i, got[i], want[i]);
    return fails;
}

int main()
{
    const int N = NB * 128;
    float *in, *out, want[N];
    int *iin, *iout, iwant[N], fails = 0;
    cudaMallocManaged(&in, N * sizeof(float));
    cudaMallocManaged(&out, N * sizeof(float));
    cudaMallocManaged(&iin, N * sizeof(int));
    cudaMallocManaged(&iout, N * sizeof(int));
    for (int i = 0; i < N; i++) {
        in[i] = (float)((i * 37 + 5) % 61) * ((i % 3) ? 1.0f : 1024.0f);
        iin[i] = i * 2654435761u >> 7;
    }

    tail<<<NB, 112>>>(in, out);
    cudaDeviceSynchronize();
    for (int b = 0; b < NB; b++) {
        for (int t = 0; t < 112; t++) want[b * 112 + t] = in[b * 112 + t];
        host_fold(want + b * 112, 112, 32, 112);
    }
    fails += check("tail", out, want, NB * 112);

    middle<<<NB, 128>>>(iin, iout);
    cudaDeviceSynchronize();
    for (int i = 0; i < N; i++) iwant[i] = iin[i];
    for (int b = 0; b < NB; b++)
        for (int w = 32; w < 96; w += 32) host_xor(iwant + b * 128 + w, 32);
    for (int i = 0; i < N; i++)
        if (iout[i] != iwant[i] && fails++ < 5) printf("FAIL middle at %d: got %d want %d\n", i, iout[i], iwant[i]);

    block<<<NB, 96>>>(in, out);
    cudaDeviceSynchronize();
    for (int b = 0; b < NB; b++) {
        for (int t = 0; t < 96; t++) want[b * 96 + t] = in[b * 96 + t];
        if (b % 2 == 0) host_fold(want + b * 96, 96, 0, 64);
    }
    fails += check("block", out, want, NB * 96);

    rows<<<NB, dim3(16, 7)>>>(in, out);
    cudaDeviceSynchronize();
    for (int b = 0; b < NB; b++) {
        for (int t = 0; t < 112; t++) want[b * 112 + t] = in[b * 112 + t];
        host_fold(want + b * 112, 112, 32, 112);
    }
    fails += check("rows", out, want, NB * 112);

    printf(fails ? "FAIL\n" : "PASS\n");
    return fails != 0;
}
