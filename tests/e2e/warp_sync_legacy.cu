// Legacy warp-synchronous code: the last 64 elements of a block reduction
// are folded by the first warp through `volatile` shared memory with no
// barrier (the classic reduction tail, here in a __device__ function), and
// an inclusive warp scan reads lower lanes through volatile memory. The
// GPU runs a warp's lanes in lock step at each statement; the reference is
// the plain sum and prefix sums on the host.
#include <cstdio>

enum { NT = 256, NB = 4 };

__device__ void warp_reduce(volatile int *s, int tid)
{
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
    s[tid] += s[tid + 8];
    s[tid] += s[tid + 4];
    s[tid] += s[tid + 2];
    s[tid] += s[tid + 1];
}

__global__ void reduce(const int *in, int *out)
{
    __shared__ int s[NT];
    int tid = threadIdx.x;
    s[tid] = in[blockIdx.x * NT + tid];
    __syncthreads();
    for (int k = NT / 2; k > 32; k >>= 1) {
        if (tid < k) s[tid] += s[tid + k];
        __syncthreads();
    }
    if (tid < 32) warp_reduce(s, tid);
    if (tid == 0) out[blockIdx.x] = s[0];
}

__global__ void scan(const int *in, int *out)
{
    __shared__ int buf[NT];
    int tid = threadIdx.x, lane = tid & 31;
    volatile int *s = buf;
    s[tid] = in[blockIdx.x * NT + tid];
    if (lane >= 1) s[tid] = s[tid] + s[tid - 1];
    if (lane >= 2) s[tid] = s[tid] + s[tid - 2];
    if (lane >= 4) s[tid] += s[tid - 4];
    if (lane >= 8) s[tid] += s[tid - 8];
    if (lane >= 16) s[tid] += s[tid - 16];
    out[blockIdx.x * NT + tid] = s[tid];
}

int main()
{
    const int n = NB * NT;
    int *in, *sum, *pre;
    cudaMallocManaged(&in, n * sizeof(int));
    cudaMallocManaged(&sum, NB * sizeof(int));
    cudaMallocManaged(&pre, n * sizeof(int));
    for (int i = 0; i < n; i++) in[i] = (i * 13 + 5) % 17;
    reduce<<<NB, NT>>>(in, sum);
    scan<<<NB, NT>>>(in, pre);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < NB; b++) {
        int e = 0;
        for (int t = 0; t < NT; t++) e += in[b * NT + t];
        if (sum[b] != e && bad++ < 5) printf("reduce block %d: got %d want %d\n", b, sum[b], e);
    }
    for (int i = 0; i < n; i++) {
        int e = 0;
        for (int j = i / 32 * 32; j <= i; j++) e += in[j];
        if (pre[i] != e && bad++ < 10) printf("scan %d: got %d want %d\n", i, pre[i], e);
    }
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
