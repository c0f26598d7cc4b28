// A reduction step under its guard, `if (t < s) a[t] += a[t + s];`, reads
// only elements that no lane of the step writes (for an array a), so it
// needs no lock step (exchange.c); lockstep_guard.sh counts the lock-step
// values of --emit-ir: none in `arr`, one each in `ptr` (a pointer may be
// indexed below 0) and `off` (t + s - 1 is not the guarded form). All three
// must still sum right.
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

int main()
{
    int *in, *o1, *o2, *o3;
    cudaMallocManaged(&in, NB * NT * sizeof(int));
    cudaMallocManaged(&o1, NB * sizeof(int));
    cudaMallocManaged(&o2, NB * sizeof(int));
    cudaMallocManaged(&o3, NB * sizeof(int));
    for (int i = 0; i < NB * NT; i++) in[i] = (i * 7 + 3) % 31;
    arr<<<NB, NT>>>(in, o1);
    ptr<<<NB, NT>>>(in, o2);
    off<<<NB, NT>>>(in, o3);
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
        if (o1[b] != e || o2[b] != e || o3[b] != s[0]) {
            bad++;
            printf("block %d: %d %d %d want %d %d\n", b, o1[b], o2[b], o3[b], e, s[0]);
        }
    }
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
