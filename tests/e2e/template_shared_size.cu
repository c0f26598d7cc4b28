// A __shared__ array sized by a template parameter (`__shared__ int
// buf[W]`) in a template __device__ function with barriers, inlined twice
// with different sizes: each inlining declares its own array of its own
// size (it was a host compile error, "'W' was not declared"). The
// reference is computed on the host.
#include <cstdio>

template <int W>
__device__ int reversed(int v)
{
    __shared__ int buf[W];
    if (threadIdx.x < W) buf[threadIdx.x] = v;
    __syncthreads();
    int r = threadIdx.x < W ? buf[W - 1 - threadIdx.x] : -1;
    __syncthreads();
    return r;
}

__global__ void twice(const int *in, int *out)
{
    int v = in[blockIdx.x * 64 + threadIdx.x];
    int a = reversed<32>(v);
    int b = reversed<64>(v * 2);
    out[(blockIdx.x * 64 + threadIdx.x) * 2] = a;
    out[(blockIdx.x * 64 + threadIdx.x) * 2 + 1] = b;
}

int main()
{
    const int nb = 3, n = nb * 64;
    int *in, *out;
    cudaMallocManaged(&in, n * sizeof(int));
    cudaMallocManaged(&out, n * 2 * sizeof(int));
    for (int i = 0; i < n; i++) in[i] = (i * 7 + 3) % 23;
    twice<<<nb, 64>>>(in, out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < nb; b++)
        for (int t = 0; t < 64; t++) {
            const int *blk = in + b * 64;
            int want[2] = { t < 32 ? blk[31 - t] : -1, blk[63 - t] * 2 };
            for (int j = 0; j < 2; j++)
                if (out[(b * 64 + t) * 2 + j] != want[j] && bad++ < 5)
                    printf("block %d thread %d [%d]: %d, want %d\n", b, t, j, out[(b * 64 + t) * 2 + j], want[j]);
        }
    if (bad) { printf("FAIL: %d wrong\n", bad); return 1; }
    printf("PASS\n");
    return 0;
}
