// strided_guards.cu: thread loops of kernels with barriers whose body is
// one guarded statement, which the bounds pass turns into loop bounds:
// srad_v1's tree reduction (`if ((tx + 1) % i == 0)` under a uniform
// loop whose counter `i` is reused by a per-thread loop elsewhere, so the
// versions pass gives each loop its own counter), the classic halving
// reduction (`if (tid < s)`), strides with an offset, a negative or
// zero-free divisor from a parameter, a stride together with a bound, a
// two-dimensional block, `tid == at` (one thread, or none), hotspot's
// `computed = false;` before its guard (a thread loop of its own), a flat
// kernel's window `lo <= i < hi`, and a counter whose value is used after
// its loop (it keeps one variable). Everything is checked against the host.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define NT 64

// srad_v1's reduce: full blocks by a strided tree, the last one per thread
__global__ void tree_sum(int n, const float *in, float *out)
{
    int bx = blockIdx.x;
    int tx = threadIdx.x;
    int ei = bx * NT + tx;
    int i;
    __shared__ float ps[NT];
    ps[tx] = ei < n ? in[ei] : 0.0f;
    __syncthreads();
    if (bx != (int)gridDim.x - 1) {
        for (i = 2; i <= NT; i = 2 * i) {
            if ((tx + 1) % i == 0)
                ps[tx] = ps[tx] + ps[tx - i / 2];
            __syncthreads();
        }
        if (tx == NT - 1) out[bx] = ps[tx];
    } else {
        if (tx == 0) {
            float s = 0;
            for (i = 0; i < NT; i++) s += ps[i];
            out[bx] = s;
        }
    }
}

// the halving reduction: `tid < s` bounds the loop
__global__ void halving_sum(const int *in, int *out)
{
    __shared__ int sd[NT];
    int tid = threadIdx.x;
    sd[tid] = in[blockIdx.x * NT + tid];
    __syncthreads();
    for (int s = NT / 2; s > 0; s >>= 1) {
        if (tid < s) sd[tid] += sd[tid + s];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = sd[0];
}

// (tx + off) % m == 0 with m and off from the parameters (m may be
// negative: C's % then tests divisibility by |m|), and a bound
__global__ void marks(int off, int m, int lim, int lo, int *flag)
{
    __shared__ int s[NT];
    int tx = threadIdx.x;
    s[NT - 1 - tx] = 0;
    __syncthreads();
    if ((tx + off) % m == 0 && tx < lim && tx >= lo) s[tx] = 1 + tx;
    __syncthreads();
    flag[blockIdx.x * NT + tx] = s[NT - 1 - tx];
}

// one thread (`tid == at`, at maybe outside the block)
__global__ void pick(int at, int *flag)
{
    __shared__ int s[NT];
    int tx = threadIdx.x;
    s[NT - 1 - tx] = 0;
    __syncthreads();
    if (tx == at) s[tx] = 7;
    __syncthreads();
    flag[blockIdx.x * NT + tx] = s[NT - 1 - tx];
}

// a flat kernel: a window lo <= i < hi (a start and an end)
__global__ void window(int lo, int hi, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= lo && i < hi) out[i] = 2 * i + 1;
}

// hotspot's shape: `computed = false;` then the guarded update; the
// flag goes to a thread loop of its own, the update is bounded
__global__ void smooth(const float *in, float *out, int n, int iters)
{
    __shared__ float t[NT], u[NT];
    int tx = threadIdx.x;
    int g = blockIdx.x * (NT - 2) + tx - 1;
    t[tx] = g >= 0 && g < n ? in[g] : 0.0f;
    __syncthreads();
    bool computed = false;
    for (int i = 0; i < iters; i++) {
        computed = false;
        if (tx >= 1 + i && tx <= NT - 2 - i && g >= 0 && g < n) {
            computed = true;
            u[tx] = (t[tx - 1] + 2 * t[tx] + t[tx + 1]) * 0.25f;
        }
        __syncthreads();
        if (computed) t[tx] = u[tx];
        __syncthreads();
    }
    if (computed) out[g] = t[tx];
}

// a two-dimensional block: x innermost, the guard on x only; an
// interleaved tree (stride 2k, a bound from k) up to a uniform level
__global__ void marks2d(int levels, int *flag)
{
    __shared__ int s[4][16];
    int tx = threadIdx.x, ty = threadIdx.y;
    s[ty][tx] = tx * 3 + ty;
    __syncthreads();
    for (int k = 1; k < 1 << levels; k *= 2) {
        if (tx % (2 * k) == 0 && tx + k < 16) s[ty][tx] += s[ty][tx + k];
        __syncthreads();
    }
    flag[(blockIdx.x * 4 + ty) * 16 + tx] = s[ty][tx];
}

// the counter's last value is read after the loop: no new variable
__global__ void counter_after(int *out)
{
    __shared__ int s[NT];
    int tx = threadIdx.x;
    int i;
    s[tx] = tx;
    __syncthreads();
    for (i = 1; i < NT; i *= 2) {
        if (tx % (2 * i) == 0) s[tx] += s[tx + i];
        __syncthreads();
    }
    out[blockIdx.x * NT + tx] = s[tx] + i;
}

static int fails;

static void check(const char *what, long got, long want, int at)
{
    if (got != want && fails++ < 10) printf("%s[%d]: %ld, want %ld\n", what, at, got, want);
}

int main()
{
    const int nb = 5, n = nb * NT - 17;
    float *hin = (float *)malloc(nb * NT * sizeof(float)), *hout = (float *)malloc(nb * sizeof(float));
    for (int i = 0; i < nb * NT; i++) hin[i] = (float)((i * 7) % 13);
    float *din, *dout;
    cudaMalloc(&din, nb * NT * sizeof(float));
    cudaMalloc(&dout, nb * sizeof(float));
    cudaMemcpy(din, hin, nb * NT * sizeof(float), cudaMemcpyHostToDevice);
    tree_sum<<<nb, NT>>>(n, din, dout);
    cudaMemcpy(hout, dout, nb * sizeof(float), cudaMemcpyDeviceToHost);
    for (int b = 0; b < nb; b++) {
        float s = 0;
        for (int t = 0; t < NT; t++) s += b * NT + t < n ? hin[b * NT + t] : 0.0f;
        check("tree_sum", (long)hout[b], (long)s, b);
    }

    int *hi = (int *)malloc(nb * NT * sizeof(int)), *ho = (int *)malloc(nb * NT * sizeof(int));
    for (int i = 0; i < nb * NT; i++) hi[i] = i % 11 - 3;
    int *di, *dflag;
    cudaMalloc(&di, nb * NT * sizeof(int));
    cudaMalloc(&dflag, nb * NT * sizeof(int));   /* nb >= 3 */
    cudaMemcpy(di, hi, nb * NT * sizeof(int), cudaMemcpyHostToDevice);
    halving_sum<<<nb, NT>>>(di, dflag);
    cudaMemcpy(ho, dflag, nb * sizeof(int), cudaMemcpyDeviceToHost);
    for (int b = 0; b < nb; b++) {
        int s = 0;
        for (int t = 0; t < NT; t++) s += hi[b * NT + t];
        check("halving_sum", ho[b], s, b);
    }

    const int cases[][4] = { { 1, 2, NT, 0 }, { 0, 3, NT, 1 }, { 5, 4, 40, 7 }, { -3, 5, NT, -9 }, { 2, -4, NT, 30 },
                             { -70, 7, 50, 3 }, { 0, 1, 0, 0 }, { 3, 100, NT, 0 }, { 0, -1, 10, 4 }, { 1, 2, NT, 70 } };
    for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int off = cases[c][0], m = cases[c][1], lim = cases[c][2], lo = cases[c][3];
        marks<<<2, NT>>>(off, m, lim, lo, dflag);
        cudaMemcpy(ho, dflag, 2 * NT * sizeof(int), cudaMemcpyDeviceToHost);
        for (int i = 0; i < 2 * NT; i++) {
            int tx = i % NT;
            int mt = NT - 1 - tx;
            check("marks", ho[i], (mt + off) % m == 0 && mt < lim && mt >= lo ? 1 + mt : 0, (int)c * 1000 + i);
        }
    }
    const int ats[] = { 0, 5, NT - 1, NT, -1 };
    for (unsigned c = 0; c < sizeof ats / sizeof ats[0]; c++) {
        pick<<<2, NT>>>(ats[c], dflag);
        cudaMemcpy(ho, dflag, 2 * NT * sizeof(int), cudaMemcpyDeviceToHost);
        for (int i = 0; i < 2 * NT; i++) check("pick", ho[i], NT - 1 - i % NT == ats[c] ? 7 : 0, (int)c * 1000 + i);
    }
    const int wins[][2] = { { 0, 100 }, { 37, 200 }, { -5, 3 }, { 150, 140 }, { 300, 400 } };
    for (unsigned c = 0; c < sizeof wins / sizeof wins[0]; c++) {
        cudaMemset(dflag, 0, 3 * NT * sizeof(int));
        window<<<3, NT>>>(wins[c][0], wins[c][1], dflag);
        cudaMemcpy(ho, dflag, 3 * NT * sizeof(int), cudaMemcpyDeviceToHost);
        for (int i = 0; i < 3 * NT; i++) check("window", ho[i], i >= wins[c][0] && i < wins[c][1] ? 2 * i + 1 : 0, (int)c * 1000 + i);
    }

    for (int levels = 0; levels <= 5; levels += 2) {
        marks2d<<<3, dim3(16, 4)>>>(levels, dflag);
        cudaMemcpy(ho, dflag, 3 * 64 * sizeof(int), cudaMemcpyDeviceToHost);
        for (int b = 0; b < 3; b++)
            for (int ty = 0; ty < 4; ty++) {
                int s[16];
                for (int tx = 0; tx < 16; tx++) s[tx] = tx * 3 + ty;
                for (int k = 1; k < 1 << levels; k *= 2)
                    for (int tx = 0; tx < 16; tx++)
                        if (tx % (2 * k) == 0 && tx + k < 16) s[tx] += s[tx + k];
                for (int tx = 0; tx < 16; tx++) check("marks2d", ho[(b * 4 + ty) * 16 + tx], s[tx], levels * 1000 + tx);
            }
    }

    for (int iters = 0; iters <= 3; iters += 3) {
        const int sn = 3 * (NT - 2) - 20, sb = 3;
        float *sout = (float *)malloc(sn * sizeof(float)), *want = (float *)malloc(sn * sizeof(float));
        for (int i = 0; i < sn; i++) sout[i] = want[i] = -1.0f;
        float *dsout;
        cudaMalloc(&dsout, sn * sizeof(float));
        cudaMemcpy(dsout, sout, sn * sizeof(float), cudaMemcpyHostToDevice);
        smooth<<<sb, NT>>>(din, dsout, sn, iters);
        cudaMemcpy(sout, dsout, sn * sizeof(float), cudaMemcpyDeviceToHost);
        for (int b = 0; b < sb; b++) {
            float t[NT], u[NT];
            int comp[NT] = { 0 };
            for (int tx = 0; tx < NT; tx++) {
                int g = b * (NT - 2) + tx - 1;
                t[tx] = g >= 0 && g < sn ? hin[g] : 0.0f;
            }
            for (int i = 0; i < iters; i++) {
                for (int tx = 0; tx < NT; tx++) {
                    int g = b * (NT - 2) + tx - 1;
                    comp[tx] = tx >= 1 + i && tx <= NT - 2 - i && g >= 0 && g < sn;
                    if (comp[tx]) u[tx] = (t[tx - 1] + 2 * t[tx] + t[tx + 1]) * 0.25f;
                }
                for (int tx = 0; tx < NT; tx++)
                    if (comp[tx]) t[tx] = u[tx];
            }
            for (int tx = 0; tx < NT; tx++)
                if (comp[tx]) want[b * (NT - 2) + tx - 1] = t[tx];
        }
        for (int i = 0; i < sn; i++)
            if (sout[i] != want[i] && fails++ < 10) printf("smooth[%d] (%d steps): %g, want %g\n", i, iters, sout[i], want[i]);
        cudaFree(dsout);
        free(sout);
        free(want);
    }

    counter_after<<<2, NT>>>(dflag);
    cudaMemcpy(ho, dflag, 2 * NT * sizeof(int), cudaMemcpyDeviceToHost);
    {
        int s[NT], k;
        for (int tx = 0; tx < NT; tx++) s[tx] = tx;
        for (k = 1; k < NT; k *= 2)
            for (int tx = 0; tx < NT; tx++)
                if (tx % (2 * k) == 0) s[tx] += s[tx + k];
        for (int i = 0; i < 2 * NT; i++) check("counter_after", ho[i], s[i % NT] + k, i);
    }

    if (fails) return 1;
    printf("PASS\n");
    return 0;
}
