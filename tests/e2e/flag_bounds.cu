// flag_bounds.cu: flags that record which threads passed a guard, tested
// after a barrier (the flags pass gives those tests the guard's bounds, and
// drops the flag's stores when no test is left). rodinia/hotspot's shape:
// the flag reset, set under a guard on tx, ty and the loop counter, tested
// in the loop and after it, the loop left by `if (i == n - 1) break;`,
// with 1 to 4 iterations and a guard range that is empty for some. Then
// the cases the pass must leave alone, each checked for its result: a
// flag initialized before the loop and a loop that may not run, a bound
// changed between the set and the test, a flag set only in some threads
// of the guard, a loop with a continue, a break on another iteration.
// Everything is checked against the host.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BS 8

static int failures;

static void check(const char *what, int got, int want, int at)
{
    if (got != want && failures++ < 10) printf("%s[%d]: %d, expected %d\n", what, at, got, want);
}

// hotspot's shape: a tile shrinks by one each iteration; w holds what
// the guarded threads computed from their neighbours in v
__global__ void shrink(const int *in, int *out, int n, int lo)
{
    __shared__ int v[BS][BS];
    __shared__ int w[BS][BS];
    int tx = threadIdx.x, ty = threadIdx.y;
    v[ty][tx] = in[(blockIdx.x * BS + ty) * BS + tx];
    __syncthreads();
    bool computed;
    for (int i = 0; i < n; i++) {
        computed = false;
        if (tx >= i + lo && tx <= BS - 1 - i && ty >= i && ty <= BS - 1 - i) {
            computed = true;
            w[ty][tx] = v[ty][(tx + 1) % BS] * 2 + v[(ty + 1) % BS][tx] + i;
        }
        __syncthreads();
        if (i == n - 1) break;
        if (computed) v[ty][tx] = w[ty][tx];
        __syncthreads();
    }
    if (computed) out[(blockIdx.x * BS + ty) * BS + tx] = w[ty][tx];
}

static void host_shrink(const int *in, int *out, int nb, int n, int lo)
{
    for (int b = 0; b < nb; b++) {
        int v[BS][BS], w[BS][BS] = { { 0 } }, set[BS][BS] = { { 0 } };
        for (int ty = 0; ty < BS; ty++)
            for (int tx = 0; tx < BS; tx++) v[ty][tx] = in[(b * BS + ty) * BS + tx];
        for (int i = 0; i < n; i++) {
            for (int ty = 0; ty < BS; ty++)
                for (int tx = 0; tx < BS; tx++) {
                    set[ty][tx] = tx >= i + lo && tx <= BS - 1 - i && ty >= i && ty <= BS - 1 - i;
                    if (set[ty][tx]) w[ty][tx] = v[ty][(tx + 1) % BS] * 2 + v[(ty + 1) % BS][tx] + i;
                }
            if (i == n - 1) break;
            for (int ty = 0; ty < BS; ty++)
                for (int tx = 0; tx < BS; tx++)
                    if (set[ty][tx]) v[ty][tx] = w[ty][tx];
        }
        // (a thread that never passed keeps the -1 the host put in out)
        for (int ty = 0; ty < BS; ty++)
            for (int tx = 0; tx < BS; tx++) out[(b * BS + ty) * BS + tx] = set[ty][tx] ? w[ty][tx] : -1;
    }
}

// left alone (WHICH): 0, the flag starts true and the loop may not run
// (n == 0: every thread writes; the test in the loop takes bounds, the one
// after it must not); 1, `l` changes between the set and the test; 2, the
// flag is set only in the even threads of the guard; 3, a continue skips
// an iteration's break; 4, the loop breaks before its last iteration
__global__ void alone0(int *out, int n, int lo)
{
    __shared__ int w[64], u[64];
    int tx = threadIdx.x;
    w[tx] = 0;
    u[tx] = 0;
    __syncthreads();
    int l = lo;
    bool f = true;
    for (int i = 0; i < n; i++) {
        f = false;
        if (tx >= l + i && tx < 64 - i) {
            f = true;
            w[tx] = tx * 3 + i + u[(tx + 1) % 64];
        }
        __syncthreads();
        if (i == n - 1) break;
        if (f) u[tx] = w[(tx + 1) % 64] + l;
        __syncthreads();
    }
    out[tx] = f ? tx + 1000 + u[tx] : -1;
}

__global__ void alone1(int *out, int n, int lo)
{
    __shared__ int w[64], u[64];
    int tx = threadIdx.x;
    w[tx] = 0;
    u[tx] = 0;
    __syncthreads();
    int l = lo;
    bool f = true;
    for (int i = 0; i < n; i++) {
        f = false;
        if (tx >= l + i && tx < 64 - i) {
            f = true;
            w[tx] = tx * 3 + i + u[(tx + 1) % 64];
        }
        __syncthreads();
        if (i == n - 1) break;
        l = l + 1;
        if (f) u[tx] = w[(tx + 1) % 64] + l;
        __syncthreads();
    }
    out[tx] = f ? tx + 1000 + u[tx] : -1;
}

__global__ void alone2(int *out, int n, int lo)
{
    __shared__ int w[64], u[64];
    int tx = threadIdx.x;
    w[tx] = 0;
    u[tx] = 0;
    __syncthreads();
    int l = lo;
    bool f = true;
    for (int i = 0; i < n; i++) {
        f = false;
        if (tx >= l + i && tx < 64 - i) {
            if (tx % 2 == 0) f = true;
            w[tx] = tx * 3 + i + u[(tx + 1) % 64];
        }
        __syncthreads();
        if (i == n - 1) break;
        if (f) u[tx] = w[(tx + 1) % 64] + l;
        __syncthreads();
    }
    out[tx] = f ? tx + 1000 + u[tx] : -1;
}

__global__ void alone3(int *out, int n, int lo)
{
    __shared__ int w[64], u[64];
    int tx = threadIdx.x;
    w[tx] = 0;
    u[tx] = 0;
    __syncthreads();
    int l = lo;
    bool f = true;
    for (int i = 0; i < n; i++) {
        f = false;
        if (tx >= l + i && tx < 64 - i) {
            f = true;
            w[tx] = tx * 3 + i + u[(tx + 1) % 64];
        }
        __syncthreads();
        if (i == 1) continue;
        if (i == n - 1) break;
        if (f) u[tx] = w[(tx + 1) % 64] + l;
        __syncthreads();
    }
    out[tx] = f ? tx + 1000 + u[tx] : -1;
}

__global__ void alone4(int *out, int n, int lo)
{
    __shared__ int w[64], u[64];
    int tx = threadIdx.x;
    w[tx] = 0;
    u[tx] = 0;
    __syncthreads();
    int l = lo;
    bool f = true;
    for (int i = 0; i < n; i++) {
        f = false;
        if (tx >= l + i && tx < 64 - i) {
            f = true;
            w[tx] = tx * 3 + i + u[(tx + 1) % 64];
        }
        __syncthreads();
        if (i == n - 2) break;
        if (f) u[tx] = w[(tx + 1) % 64] + l;
        __syncthreads();
    }
    out[tx] = f ? tx + 1000 + u[tx] : -1;
}


static void host_alone(int *out, int n, int lo, int which)
{
    int w[64] = { 0 }, u[64] = { 0 }, f[64];
    for (int tx = 0; tx < 64; tx++) f[tx] = 1;
    for (int i = 0; i < n; i++) {
        for (int tx = 0; tx < 64; tx++) {
            f[tx] = 0;
            if (tx >= lo + i && tx < 64 - i) {
                f[tx] = which != 2 || tx % 2 == 0;
                w[tx] = tx * 3 + i + u[(tx + 1) % 64];
            }
        }
        if (which == 3 && i == 1) continue;
        if (which == 4 ? i == n - 2 : i == n - 1) break;
        if (which == 1) lo = lo + 1;
        for (int tx = 0; tx < 64; tx++)
            if (f[tx]) u[tx] = w[(tx + 1) % 64] + lo;
    }
    for (int tx = 0; tx < 64; tx++) out[tx] = f[tx] ? tx + 1000 + u[tx] : -1;
}

int main()
{
    const int nb = 3, size = nb * BS * BS;
    int *hin = (int *)malloc(size * sizeof(int)), *hout = (int *)malloc(size * sizeof(int));
    int *want = (int *)malloc(size * sizeof(int));
    for (int i = 0; i < size; i++) hin[i] = (i * 37) % 23 - 11;
    int *din, *dout;
    cudaMalloc(&din, size * sizeof(int));
    cudaMalloc(&dout, size * sizeof(int));
    cudaMemcpy(din, hin, size * sizeof(int), cudaMemcpyHostToDevice);
    for (int n = 1; n <= 4; n++)
        for (int lo = 0; lo <= 9; lo += 3) {
            for (int i = 0; i < size; i++) hout[i] = -1;
            cudaMemcpy(dout, hout, size * sizeof(int), cudaMemcpyHostToDevice);
            shrink<<<nb, dim3(BS, BS)>>>(din, dout, n, lo);
            cudaMemcpy(hout, dout, size * sizeof(int), cudaMemcpyDeviceToHost);
            host_shrink(hin, want, nb, n, lo);
            for (int i = 0; i < size; i++) check("shrink", hout[i], want[i], n * 100000 + lo * 1000 + i);
        }
    for (int which = 0; which <= 4; which++)
        for (int n = 0; n <= 4; n++)
            for (int lo = 0; lo <= 40; lo += 20) {
                if (which == 4 && n < 2) continue;   // (its break needs two iterations)
                void (*k[])(int *, int, int) = { alone0, alone1, alone2, alone3, alone4 };
                k[which]<<<1, 64>>>(dout, n, lo);
                cudaMemcpy(hout, dout, 64 * sizeof(int), cudaMemcpyDeviceToHost);
                host_alone(want, n, lo, which);
                for (int i = 0; i < 64; i++) check("alone", hout[i], want[i], which * 100000 + n * 1000 + lo * 10 + i);
            }
    cudaFree(din);
    cudaFree(dout);
    free(hin);
    free(hout);
    free(want);
    if (failures) {
        printf("FAIL (%d)\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
