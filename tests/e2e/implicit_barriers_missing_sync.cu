// cucpu-only-flags: --implicit-barriers
// --implicit-barriers on the shape of Rodinia heartwall's missing barrier
// (kernel.cu:757-789): one loop writes a per-block buffer in global memory
// element by element (thread t: t, t+T, ...), and the next loop, with no
// __syncthreads() between them, has thread r walk column r of the buffer
// seen as rows x cols (column-major), a running sum in place, reading the
// elements other threads wrote. On a GPU the warps finish the first loop at
// about the same time and the second loop reads the new values; cucpu runs a
// thread's whole interval before the next thread's, so without the option
// thread 0 reads elements threads 1.. have not written yet. With it, the
// result is the one of the kernel with the barrier, which the host computes
// below. A second kernel has barriers whose neighbours do not conflict (they
// must give the same result as without the option) and one in a loop body.
#include <cstdio>
#include <cstdlib>

#define T 64            // threads per block
#define ROWS 37         // not a divisor of T: a column's elements come from many threads
#define COLS 23
#define ELEMS (ROWS * COLS)

__global__ void cumsum_columns(const float *in, float *buf, float *out)
{
    float *b = buf + blockIdx.x * ELEMS;
    const float *x = in + blockIdx.x * ELEMS;
    int tx = threadIdx.x;
    for (int e = tx; e < ELEMS; e += T) b[e] = x[e] * 2.0f + 1.0f;
    __syncthreads();
    for (int e = tx; e < ELEMS; e += T) b[e] = b[e] - x[e];      // the missing barrier is after this loop
    for (int r = tx; r < ROWS; r += T) {
        float sum = 0;
        for (int p = r; p < ELEMS; p += ROWS) { b[p] = b[p] + sum; sum = b[p]; }
    }
    __syncthreads();
    for (int e = tx; e < ELEMS; e += T) out[blockIdx.x * ELEMS + e] = b[e];
}

/* A shared-memory reduction with a barrier in its loop and statements that
 * touch only the thread's own elements: the same result with or without. */
__global__ void reduce_own(const float *in, float *out)
{
    __shared__ float s[T];
    int tx = threadIdx.x;
    float v = in[blockIdx.x * T + tx];
    v = v * 3.0f;
    s[tx] = v;
    __syncthreads();
    for (int st = T / 2; st > 0; st /= 2) {
        float mine = s[tx];
        if (tx < st) mine += s[tx + st];
        __syncthreads();
        s[tx] = mine;
        __syncthreads();
    }
    if (tx == 0) out[blockIdx.x] = s[0];
}

int main()
{
    const int blocks = 5;
    const int n = blocks * ELEMS;
    float *h_in = (float *)malloc(n * sizeof(float)), *h_out = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) h_in[i] = (float)((i * 7919) % 101) - 50.0f;
    float *d_in, *d_buf, *d_out;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_buf, n * sizeof(float));
    cudaMalloc(&d_out, n * sizeof(float));
    cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemset(d_buf, 0, n * sizeof(float));
    cumsum_columns<<<blocks, T>>>(d_in, d_buf, d_out);
    cudaMemcpy(h_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);

    int bad = 0;
    for (int bk = 0; bk < blocks; bk++) {
        const float *x = h_in + bk * ELEMS;
        for (int r = 0; r < ROWS; r++) {
            float sum = 0;
            for (int p = r; p < ELEMS; p += ROWS) {
                float v = (x[p] * 2.0f + 1.0f - x[p]) + sum;   // every thread's first two loops, then the column sum
                sum = v;
                if (h_out[bk * ELEMS + p] != v && bad++ < 5)
                    printf("cumsum block %d element %d: %g, expected %g\n", bk, p, h_out[bk * ELEMS + p], v);
            }
        }
    }

    const int rn = blocks * T;
    float *r_in = (float *)malloc(rn * sizeof(float)), r_out[blocks];
    for (int i = 0; i < rn; i++) r_in[i] = (float)(i % 13);
    float *d_rin, *d_rout;
    cudaMalloc(&d_rin, rn * sizeof(float));
    cudaMalloc(&d_rout, blocks * sizeof(float));
    cudaMemcpy(d_rin, r_in, rn * sizeof(float), cudaMemcpyHostToDevice);
    reduce_own<<<blocks, T>>>(d_rin, d_rout);
    cudaMemcpy(r_out, d_rout, blocks * sizeof(float), cudaMemcpyDeviceToHost);
    for (int bk = 0; bk < blocks; bk++) {
        float s = 0;                       // integers: any order of the sum is exact
        for (int t = 0; t < T; t++) s += r_in[bk * T + t] * 3.0f;
        if (r_out[bk] != s && bad++ < 10) printf("reduce block %d: %g, expected %g\n", bk, r_out[bk], s);
    }
    if (bad) { printf("FAIL: %d wrong\n", bad); return 1; }
    printf("PASS\n");
    return 0;
}
