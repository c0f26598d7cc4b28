// A __device__ function template with a barrier whose parameters carry a
// top-level const (`T *const buf`, `const U v`), called with deduced
// template arguments from a template kernel (HeCBench bitpacking:
// reduceMinAndMax(T *const minBuffer, ...) on a __shared__ LIMIT array).
#include <cstdio>

template <typename T, typename U>
__device__ void block_max(T *const buf, const U bias, int const n)
{
    for (int d = n / 2; d > 0; d >>= 1) {
        if (threadIdx.x < d) buf[threadIdx.x] = max(buf[threadIdx.x], buf[threadIdx.x + d]);
        __syncthreads();
    }
    if (threadIdx.x == 0) buf[0] += bias;
    __syncthreads();
}

template <typename V>
__global__ void maxes(const V *in, V *out)
{
    __shared__ V s[64];   /* clang spells its type `V[64]` */
    s[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
    __syncthreads();
    const int bias = 1;
    block_max(s, bias, 64);
    if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}

int main()
{
    const int nb = 3, n = nb * 64;
    long long h[n], r[nb], *din, *dout;
    for (int i = 0; i < n; i++) h[i] = (i * 37) % 101 - 50;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof r);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    maxes<<<nb, 64>>>(din, dout);
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < nb; b++) {
        long long ref = h[b * 64];
        for (int i = 1; i < 64; i++) if (h[b * 64 + i] > ref) ref = h[b * 64 + i];
        ref += 1;
        if (r[b] != ref) { printf("block %d: %lld, expected %lld\n", b, r[b], ref); bad = 1; }
    }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
