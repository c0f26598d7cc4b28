// cucpu-only-flags: --lockstep-plain-memory
// A reduction step under its guard, `if (t < s) a[t] += a[t + s];`, reads
// only elements that no lane of the step writes (for an array a and an s
// the same in all lanes), so it needs no lock step (exchange.c); nor do
// `if (t % (2 * s) == 0) a[t] += a[t + s];` and `if ((t + 1) % m == 0)
// a[t] += a[t - m / 2];`. lockstep_guard.sh counts the lock-step values of
// --emit-ir: none in `arr` and `mod`, one each in `ptr` (a pointer may be
// indexed below 0), `off` (t + s + 1 is not the guarded form) and `varying`
// (each lane has its own s: lane 30 stores a[1], which lane 31 reads). All
// must give the GPU's results.
#include <cstdio>

enum { NT = 128, NB = 4 };

__global__ void arr(const int *in, int *out)
{
    __shared__ int a[NT];
    int t = threadIdx.x;
    a[t] = in[blockIdx.x * NT + t];
    __syncthreads();
    for (int s = NT / 2; s > 0; s >>= 1) {
        if (t < s) a[t] += a[t + s];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = a[0];
}

__global__ void ptr(const int *in, int *out)
{
    __shared__ int buf[NT];
    int *a = buf, t = threadIdx.x;
    a[t] = in[blockIdx.x * NT + t];
    __syncthreads();
    for (int s = NT / 2; s > 0; s >>= 1) {
        if (t < s) a[t] += a[t + s];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = a[0];
}

__global__ void off(const int *in, int *out)
{
    __shared__ int a[NT + 1];
    int t = threadIdx.x;
    a[t + 1] = in[blockIdx.x * NT + t];
    if (t == 0) a[0] = 0;
    __syncthreads();
    for (int s = NT / 2; s > 0; s >>= 1) {
        if (t < s) a[t] += a[t + s + 1];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = a[0];
}

__global__ void mod(const int *in, int *out)
{
    __shared__ int a[NT], b[NT];
    int t = threadIdx.x;
    a[t] = b[t] = in[blockIdx.x * NT + t];
    __syncthreads();
    for (int s = 1; s < NT; s *= 2) {
        if (t % (2 * s) == 0) a[t] += a[t + s];
        __syncthreads();
    }
    for (int m = 2; m <= NT; m = 2 * m) {
        if ((t + 1) % m == 0) b[t] = b[t] + b[t - m / 2];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = a[0] * 100000 + b[NT - 1];
}

__global__ void varying(const int *in, int *out)
{
    __shared__ int a[2 * 32];
    int t = threadIdx.x, i = 31 - t, s = t == 30 ? 5 : 1;
    if (t < 32) {
        a[t] = in[blockIdx.x * NT + t];
        a[t + 32] = 0;
    }
    __syncthreads();
    if (t < 32 && i < s) a[i] += a[i + s];
    __syncthreads();
    if (t < 2) out[blockIdx.x * 2 + t] = a[t];
}

int main()
{
    int *in, *o1, *o2, *o3, *o4, *o5;
    cudaMallocManaged(&in, NB * NT * sizeof(int));
    cudaMallocManaged(&o1, NB * sizeof(int));
    cudaMallocManaged(&o2, NB * sizeof(int));
    cudaMallocManaged(&o3, NB * sizeof(int));
    cudaMallocManaged(&o4, NB * sizeof(int));
    cudaMallocManaged(&o5, 2 * NB * sizeof(int));
    for (int i = 0; i < NB * NT; i++) in[i] = (i * 7 + 3) % 31;
    arr<<<NB, NT>>>(in, o1);
    ptr<<<NB, NT>>>(in, o2);
    off<<<NB, NT>>>(in, o3);
    mod<<<NB, NT>>>(in, o4);
    varying<<<NB, NT>>>(in, o5);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < NB; b++) {
        int s[NT + 1], e = 0;
        for (int t = 0; t < NT; t++) e += in[b * NT + t];
        /* off: each step, lanes t < s all read before any writes */
        s[0] = 0;
        for (int t = 0; t < NT; t++) s[t + 1] = in[b * NT + t];
        for (int k = NT / 2; k > 0; k >>= 1) {
            int n[NT + 1];
            for (int t = 0; t < k; t++) n[t] = s[t] + s[t + k + 1];
            for (int t = 0; t < k; t++) s[t] = n[t];
        }
        if (o1[b] != e || o2[b] != e || o3[b] != s[0] || o4[b] != e * 100000 + e) {
            bad++;
            printf("block %d: %d %d %d %d want %d %d\n", b, o1[b], o2[b], o3[b], o4[b], e, s[0]);
        }
        /* varying: lane 31 (i = 0) reads a[1] from before lane 30 (i = 1) adds a[6] */
        const int *x = in + b * NT;
        int v0 = x[0] + x[1], v1 = x[1] + x[6];
        if (o5[2 * b] != v0 || o5[2 * b + 1] != v1) {
            bad++;
            printf("block %d varying: %d %d want %d %d\n", b, o5[2 * b], o5[2 * b + 1], v0, v1);
        }
    }
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
