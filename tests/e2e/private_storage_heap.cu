// Per-thread arrays that live across a barrier are kept one per thread of
// the block (privatize): 8 KB per thread at 1024 threads is 8 MB per
// OpenMP thread, more than a thread's stack holds, so cucpu keeps them on
// the heap. The reference is the same sum on the host.
#include <cstdio>

enum { NT = 1024, NB = 3, N = 2048 };

__global__ void big_private(const int *in, int *out)
{
    __shared__ int s[NT];
    int a[N];                                   /* 8 KB per thread */
    int g = blockIdx.x * NT + threadIdx.x;
    for (int i = 0; i < N; i++) a[i] = in[g] * 3 + i;
    s[threadIdx.x] = a[N - 1];
    __syncthreads();                            /* a lives across the barrier */
    int acc = s[(threadIdx.x + 1) % NT];
    for (int i = 0; i < N; i += 7) acc += a[i];
    out[g] = acc;
}

int main()
{
    const int n = NB * NT;
    int *in, *out;
    cudaMallocManaged(&in, n * sizeof(int));
    cudaMallocManaged(&out, n * sizeof(int));
    for (int i = 0; i < n; i++) in[i] = (i * 37) % 101;
    big_private<<<NB, NT>>>(in, out);
    cudaError_t err = cudaGetLastError();
    cudaDeviceSynchronize();
    int bad = err != cudaSuccess;
    if (bad) printf("launch: %s\n", cudaGetErrorString(err));
    for (int b = 0; b < NB && !bad; b++)
        for (int t = 0; t < NT; t++) {
            int g = b * NT + t, next = b * NT + (t + 1) % NT;
            int want = in[next] * 3 + N - 1;
            for (int i = 0; i < N; i += 7) want += in[g] * 3 + i;
            if (out[g] != want) {
                if (bad++ < 5) printf("block %d thread %d: got %d want %d\n", b, t, out[g], want);
            }
        }
    cudaFree(in);
    cudaFree(out);
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
