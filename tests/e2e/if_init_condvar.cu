// if_init_condvar.cu: statements whose headers declare, around barriers:
// an if with a condition variable (and an else), an if with an init
// statement, a braceless if whose then-branch is __syncthreads(), and while
// and for loops whose conditions declare a variable. Each block reverses or
// rotates its slice through shared memory; the host recomputes every step.
#include <cstdio>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define B 64

__global__ void condvar_if(const int *in, int *out, int n)
{
    __shared__ int s[B];
    int t = threadIdx.x, i = blockIdx.x * B + t;
    s[t] = in[i];
    if (int m = n * 2) {
        __syncthreads();
        out[i] = s[B - 1 - t] + m;
    } else {
        out[i] = -1;
    }
}

__global__ void init_if(const int *in, int *out, int n)
{
    __shared__ int s[B];
    int t = threadIdx.x, i = blockIdx.x * B + t;
    s[t] = in[i];
    if (int q = n + (int)blockIdx.x; q > 2) {
        __syncthreads();
        out[i] = s[(t + 1) % B] * q;
    } else
        out[i] = s[t];
}

__global__ void braceless(const int *in, int *out, int n)
{
    __shared__ int s[B];
    int t = threadIdx.x, i = blockIdx.x * B + t;
    s[t] = in[i];
    if (n > 0) __syncthreads(); else s[t] = 0;
    int v = s[B - 1 - t];
    if (n > 0) __syncthreads();
    s[t] = v + 1;
    __syncthreads();
    out[i] = s[(t + 3) % B];
}

__global__ void condvar_loops(const int *in, int *out, int n)
{
    __shared__ int s[B];
    int t = threadIdx.x, i = blockIdx.x * B + t;
    int v = in[i], m = n, k = n;
    while (int w = m--) {
        s[t] = v + w;
        __syncthreads();
        v = s[(t + 1) % B];
        __syncthreads();
    }
    for (int r = 0; int left = k - r; r++) {
        s[t] = v * left;
        __syncthreads();
        v = s[B - 1 - t] % 1000;
        __syncthreads();
    }
    out[i] = v;
}

int main()
{
    const int nb = 5, N = nb * B;
    int in[N], out[N], ref[N], tmp[N];
    for (int i = 0; i < N; i++) in[i] = (i * 37) % 101 - 50;
    int *din, *dout;
    CK(cudaMalloc(&din, sizeof in));
    CK(cudaMalloc(&dout, sizeof out));
    CK(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice));
    int failures = 0, n = 3;
#define CHECK(name) do { CK(cudaGetLastError()); CK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost)); \
    for (int i = 0; i < N; i++) if (out[i] != ref[i]) { if (failures++ < 5) printf(name ": out[%d] = %d, expected %d\n", i, out[i], ref[i]); } } while (0)

    condvar_if<<<nb, B>>>(din, dout, n);
    for (int b = 0; b < nb; b++) for (int t = 0; t < B; t++) ref[b * B + t] = in[b * B + B - 1 - t] + 2 * n;
    CHECK("condvar_if");
    condvar_if<<<nb, B>>>(din, dout, 0);
    for (int i = 0; i < N; i++) ref[i] = -1;
    CHECK("condvar_if(0)");

    init_if<<<nb, B>>>(din, dout, 1);
    for (int b = 0; b < nb; b++) for (int t = 0; t < B; t++) {
        int q = 1 + b;
        ref[b * B + t] = q > 2 ? in[b * B + (t + 1) % B] * q : in[b * B + t];
    }
    CHECK("init_if");

    braceless<<<nb, B>>>(din, dout, n);
    for (int b = 0; b < nb; b++) {
        for (int t = 0; t < B; t++) tmp[b * B + t] = in[b * B + B - 1 - t] + 1;
        for (int t = 0; t < B; t++) ref[b * B + t] = tmp[b * B + (t + 3) % B];
    }
    CHECK("braceless");

    condvar_loops<<<nb, B>>>(din, dout, n);
    for (int b = 0; b < nb; b++) {
        int v[B], s[B];
        for (int t = 0; t < B; t++) v[t] = in[b * B + t];
        for (int w = n; w; w--) {
            for (int t = 0; t < B; t++) s[t] = v[t] + w;
            for (int t = 0; t < B; t++) v[t] = s[(t + 1) % B];
        }
        for (int r = 0; n - r; r++) {
            for (int t = 0; t < B; t++) s[t] = v[t] * (n - r);
            for (int t = 0; t < B; t++) v[t] = s[B - 1 - t] % 1000;
        }
        for (int t = 0; t < B; t++) ref[b * B + t] = v[t];
    }
    CHECK("condvar_loops");

    CK(cudaFree(din));
    CK(cudaFree(dout));
    if (failures) { printf("FAIL: %d mismatches\n", failures); return 1; }
    printf("PASS\n");
    return 0;
}
