// Per-thread values kept in a local for each iteration of a thread loop
// (passes/registers.c) must reach memory on every path out of the
// iteration: the end of the body, an inlined function's early return
// (a jump to the loop's end), a per-thread loop's break and continue, a
// value updated only under conditions. The reference runs each thread's
// program on the host, block by block.
#include <cstdio>

enum { BS = 128, NB = 6, N = BS * NB };

__device__ int step(int x, int *s)
{
    s[threadIdx.x] = x;
    __syncthreads();
    x += s[(threadIdx.x + 1) % blockDim.x];
    if (x & 1) return x * 3;
    x -= 1;
    return x;
}

__global__ void paths(const int *in, int *out, int n)
{
    __shared__ int s[BS];
    int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    int acc = 0;
    float f = 1.0f;
    if (g < n) acc = in[g];
    if (acc > 40) acc -= 7;
    for (int k = 0; k < 8; k++) {
        if (in[(g + k) % n] % 3 == 0) { acc += k; continue; }
        if (acc > 60) break;
        acc += 1;
        f *= 1.5f;
    }
    acc = step(acc, s);
    __syncthreads();
    int left = s[(t + BS - 1) % BS];
    __syncthreads();
    if (acc % 5 == 0) acc = -acc;
    s[t] = acc;
    __syncthreads();
    out[g] = acc + left + s[(t + 3) % BS] + (int)f;
}

static int h_in[N], want[N];

static void reference()
{
    for (int b = 0; b < NB; b++) {
        int acc[BS], s[BS], left[BS];
        float f[BS];
        for (int t = 0; t < BS; t++) {
            int g = b * BS + t;
            acc[t] = h_in[g];
            if (acc[t] > 40) acc[t] -= 7;
            f[t] = 1.0f;
            for (int k = 0; k < 8; k++) {
                if (h_in[(g + k) % N] % 3 == 0) { acc[t] += k; continue; }
                if (acc[t] > 60) break;
                acc[t] += 1;
                f[t] *= 1.5f;
            }
            s[t] = acc[t];
        }
        for (int t = 0; t < BS; t++) {
            int x = acc[t] + s[(t + 1) % BS];
            acc[t] = (x & 1) ? x * 3 : x - 1;
        }
        for (int t = 0; t < BS; t++) left[t] = s[(t + BS - 1) % BS];
        for (int t = 0; t < BS; t++) {
            if (acc[t] % 5 == 0) acc[t] = -acc[t];
            s[t] = acc[t];
        }
        for (int t = 0; t < BS; t++) want[b * BS + t] = acc[t] + left[t] + s[(t + 3) % BS] + (int)f[t];
    }
}

int main()
{
    int *in, *out;
    cudaMallocManaged(&in, N * sizeof(int));
    cudaMallocManaged(&out, N * sizeof(int));
    for (int i = 0; i < N; i++) h_in[i] = in[i] = (i * 37 + 11) % 71;
    paths<<<NB, BS>>>(in, out, N);
    cudaDeviceSynchronize();
    reference();
    int bad = 0;
    for (int i = 0; i < N; i++)
        if (out[i] != want[i] && bad++ < 8) printf("out[%d] = %d, want %d\n", i, out[i], want[i]);
    cudaFree(in);
    cudaFree(out);
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
