// File-scope __shared__ arrays without `static` (cuda-samples dct8x8:
// `__shared__ float CurBlockLocal1[BLOCK_SIZE2];` in a .cuh used by two
// kernels). They have external linkage, and cucpu took them for dynamic
// shared memory: both arrays aliased the launch's 0-byte dynamic buffer
// (heap corruption, wrong results).
#include <cstdio>

#define N 64
__shared__ float tileA[N];
__shared__ float tileB[N];

// out[i] = in[i] reversed within the block, plus the sum of the two
// neighbours of the reversed position: needs both tiles, disjoint
__global__ void reverse_plus(const float *in, float *out)
{
    int t = threadIdx.x, base = blockIdx.x * N;
    tileA[t] = in[base + t];
    tileB[t] = 2.0f * in[base + t];
    __syncthreads();
    int r = N - 1 - t;
    out[base + t] = tileA[r] + tileB[(r + 1) % N];
}

__global__ void scale(float *x, float f)
{
    int t = threadIdx.x, base = blockIdx.x * N;
    tileB[t] = x[base + t] * f;
    __syncthreads();
    x[base + t] = tileB[N - 1 - t];
}

int main()
{
    const int nb = 6;
    float h[nb * N], r[nb * N], *d_in, *d_out;
    for (int i = 0; i < nb * N; i++) h[i] = (float)(i % 17) + 0.25f * (i % 5);
    cudaMalloc(&d_in, sizeof h);
    cudaMalloc(&d_out, sizeof h);
    cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);
    reverse_plus<<<nb, N>>>(d_in, d_out);
    scale<<<nb, N>>>(d_out, 3.0f);
    cudaMemcpy(r, d_out, sizeof r, cudaMemcpyDeviceToHost);
    cudaFree(d_in);
    cudaFree(d_out);
    int bad = 0;
    for (int b = 0; b < nb; b++)
        for (int t = 0; t < N; t++) {
            // after scale: position t holds 3 * first[N-1-t]
            int u = N - 1 - t, rr = N - 1 - u;
            float first = h[b * N + rr] + 2.0f * h[b * N + (rr + 1) % N];
            float want = 3.0f * first;
            if (r[b * N + t] != want) {
                if (bad < 5) printf("block %d thread %d: %g, expected %g\n", b, t, r[b * N + t], want);
                bad++;
            }
        }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
