// Locals given their values by later assignments, refined in place, and
// used across __syncthreads(): the versions pass gives each straight-line
// value its own declaration (so it can be recomputed or kept per block);
// writes of other kinds (+=, ++, inside an if or a loop) must keep the
// variable as it is, and so must a local that a reference or a lambda
// names (they would read the first version). A reference kept across the
// barrier keeps what it names alive. Every shape is checked against a host
// reference.
#include <cstdio>
#include <cuda_runtime.h>

#define N 64
#define BLOCKS 3

__global__ void shapes(const int *in, int *out, int lo, int hi, float scale)
{
    __shared__ int s[N];
    int tx = threadIdx.x;
    float k;                    // declared, then assigned a block-uniform value
    int a = tx - 1;             // refined in place
    int b;                      // declared, assigned a per-thread value
    int c = in[blockIdx.x * N + tx];
    k = scale * 2.0f;
    a = (a < lo) ? lo : a;
    a = (a > hi) ? hi : a;
    b = a * 3 + c;
    int d = b;                  // read, then refined: d_2 reads the old d
    d = d + a;
    int e = 5;
    e += tx;                    // compound: stays one variable
    e = e * 2;                  // after a compound write: no new version
    int f = tx;
    if (tx & 1) f = -tx;        // written in a branch: stays one variable
    f = f + 1;
    int g;
    g = blockIdx.x;             // uniform
    g = g * 10 + 1;             // uniform, refined
    s[tx] = c;
    __syncthreads();
    int r = s[(tx + 1) % N] + a + b + d + e + f + g + (int)k;
    __syncthreads();
    s[tx] = r;
    a = a + 1;                  // a refined after the barrier
    __syncthreads();
    out[blockIdx.x * N + tx] = s[N - 1 - tx] * 2 + a + (int)(k * b);
}

__global__ void aliases(int *out)
{
    __shared__ int s[N];
    int t = threadIdx.x;
    int v = t;
    int &r = v;                 // r names v: `v = ...` below must stay v
    v = t + 100;
    int w = t;
    auto g = [&]() { return w * 10; };
    w = t + 1;                  // g reads w when called
    s[t] = r + g();
    __syncthreads();
    out[t] = s[N - 1 - t] + r;  // r crosses the barrier: v must outlive it
}

static int clampi(int v, int lo, int hi) { v = v < lo ? lo : v; return v > hi ? hi : v; }

int main()
{
    int h_in[BLOCKS * N], h_out[BLOCKS * N], ref[BLOCKS * N];
    for (int i = 0; i < BLOCKS * N; i++) h_in[i] = (i * 37) % 101 - 50;
    const int lo = 3, hi = 50;
    const float scale = 1.5f;
    for (int bx = 0; bx < BLOCKS; bx++) {
        int r[N];
        int k = (int)(scale * 2.0f);
        for (int t = 0; t < N; t++) {
            int c = h_in[bx * N + t], cn = h_in[bx * N + (t + 1) % N];
            int a = clampi(t - 1, lo, hi), b = a * 3 + c, d = b + a;
            int e = (5 + t) * 2, f = ((t & 1) ? -t : t) + 1, g = bx * 10 + 1;
            r[t] = cn + a + b + d + e + f + g + k;
        }
        for (int t = 0; t < N; t++) {
            int c = h_in[bx * N + t];
            int a = clampi(t - 1, lo, hi), b = a * 3 + c;
            ref[bx * N + t] = r[N - 1 - t] * 2 + a + 1 + (int)(scale * 2.0f * b);
        }
    }
    int *d_in, *d_out;
    cudaMalloc(&d_in, sizeof h_in);
    cudaMalloc(&d_out, sizeof h_out);
    cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
    shapes<<<BLOCKS, N>>>(d_in, d_out, lo, hi, scale);
    cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < BLOCKS * N; i++)
        if (h_out[i] != ref[i] && bad++ < 5) printf("out[%d] = %d, expected %d\n", i, h_out[i], ref[i]);
    aliases<<<1, N>>>(d_out);
    cudaMemcpy(h_out, d_out, N * sizeof(int), cudaMemcpyDeviceToHost);
    for (int t = 0; t < N; t++) {
        int u = N - 1 - t, e = (u + 100 + (u + 1) * 10) + t + 100;
        if (h_out[t] != e && bad++ < 10) printf("aliases: out[%d] = %d, expected %d\n", t, h_out[t], e);
    }
    cudaFree(d_in);
    cudaFree(d_out);
    if (bad) { printf("FAIL: %d wrong\n", bad); return 1; }
    printf("PASS\n");
    return 0;
}
