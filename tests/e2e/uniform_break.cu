// uniform_break.cu: `if (c) break;` leaving a loop with barriers, c the
// same for every thread (hotspot's `if (i == iteration - 1) break;`), runs
// once per block between thread loops; a break whose condition differs
// between threads (here: every thread agrees on the value but reads it
// from its own element) and breaks of inner loops keep working. Nested
// barrier loops, a break as a compound `{ break; }`, a uniform break
// before any barrier of the iteration. Checked against the host.
#include <cstdio>
#include <cuda_runtime.h>

#define NT 32

// hotspot's pyramid: compute, barrier, stop at the last step, copy back
__global__ void pyramid(const float *in, float *out, int iters)
{
    __shared__ float t[NT], u[NT];
    int tx = threadIdx.x;
    t[tx] = in[blockIdx.x * NT + tx];
    __syncthreads();
    for (int i = 0; i < iters; i++) {
        u[tx] = t[tx] + (tx > 0 ? t[tx - 1] : 0.0f);
        __syncthreads();
        if (i == iters - 1)
            break;
        t[tx] = u[tx];
        __syncthreads();
    }
    out[blockIdx.x * NT + tx] = iters > 0 ? u[tx] : t[tx];
}

// nested: the inner loop's break leaves only the inner loop; the outer
// break comes first in its iteration, before any barrier
__global__ void nested(int *out, int stop_outer, int stop_inner, const int *same)
{
    __shared__ int s[NT];
    int tx = threadIdx.x;
    s[tx] = 0;
    __syncthreads();
    for (int o = 0; o < 6; o++) {
        if (o == stop_outer) { break; }
        for (int k = 0; k < 5; k++) {
            s[(tx + 1) % NT] += 1;
            __syncthreads();
            if (k == stop_inner) break;
            if (same[tx] == k) break;      // per-thread value (all equal)
            __syncthreads();
        }
        __syncthreads();
    }
    out[blockIdx.x * NT + tx] = s[tx];
}

static int fails;

int main()
{
    float hin[2 * NT], hout[2 * NT];
    for (int i = 0; i < 2 * NT; i++) hin[i] = (float)(i % 7);
    float *din, *dout;
    cudaMalloc(&din, sizeof hin);
    cudaMalloc(&dout, sizeof hout);
    cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
    for (int iters = 0; iters <= 4; iters++) {
        pyramid<<<2, NT>>>(din, dout, iters);
        cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
        for (int b = 0; b < 2; b++) {
            float t[NT], u[NT];
            for (int x = 0; x < NT; x++) t[x] = hin[b * NT + x];
            for (int i = 0; i < iters; i++) {
                for (int x = 0; x < NT; x++) u[x] = t[x] + (x > 0 ? t[x - 1] : 0.0f);
                if (i == iters - 1) break;
                for (int x = 0; x < NT; x++) t[x] = u[x];
            }
            for (int x = 0; x < NT; x++) {
                float want = iters > 0 ? u[x] : t[x];
                if (hout[b * NT + x] != want && fails++ < 10)
                    printf("pyramid(%d)[%d]: %g, want %g\n", iters, b * NT + x, hout[b * NT + x], want);
            }
        }
    }
    int hsame[NT], hs[2 * NT];
    int *dsame, *ds;
    cudaMalloc(&dsame, sizeof hsame);
    cudaMalloc(&ds, sizeof hs);
    const int cases[][3] = { { 6, 9, 9 }, { 3, 9, 9 }, { 0, 2, 9 }, { 4, 1, 3 }, { 6, 9, 2 } };
    for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        for (int x = 0; x < NT; x++) hsame[x] = cases[c][2];
        cudaMemcpy(dsame, hsame, sizeof hsame, cudaMemcpyHostToDevice);
        nested<<<2, NT>>>(ds, cases[c][0], cases[c][1], dsame);
        cudaMemcpy(hs, ds, sizeof hs, cudaMemcpyDeviceToHost);
        int want = 0;
        for (int o = 0; o < 6 && o != cases[c][0]; o++)
            for (int k = 0; k < 5; k++) {
                want++;
                if (k == cases[c][1] || k == cases[c][2]) break;
            }
        for (int i = 0; i < 2 * NT; i++)
            if (hs[i] != want && fails++ < 10) printf("nested(%u)[%d]: %d, want %d\n", c, i, hs[i], want);
    }
    if (fails) return 1;
    printf("PASS\n");
    return 0;
}
