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

/* a pointer passed by reference, `A *&a` (HeCBench btree's split_node1) */
template <typename A>
__device__ void add_to(A *&acc, int v)
{
    __syncthreads();
    if (threadIdx.x == 0) acc->total += v;
    __syncthreads();
}

struct Acc { long long total; };

/* deduced from `&acc` where acc's type is the kernel's parameter A */
template <typename A>
__device__ void add_all(A *acc, const long long *buf)
{
    add_to(acc, (int)buf[0]);
}

template <typename V, typename A>
__global__ void maxes_acc(const V *in, V *out, A acc, long long *total)
{
    __shared__ V s[64];
    s[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
    __syncthreads();
    block_max(s, 0, 64);
    add_all(&acc, s);
    if (threadIdx.x == 0) { out[blockIdx.x] = s[0]; total[blockIdx.x] = acc.total; }
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
    long long r2[nb], t2[nb], *dt;
    cudaMalloc(&dt, sizeof t2);
    maxes_acc<<<nb, 64>>>(din, dout, Acc{100}, dt);
    cudaMemcpy(r2, dout, sizeof r2, cudaMemcpyDeviceToHost);
    cudaMemcpy(t2, dt, sizeof t2, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < nb; b++) {
        long long ref = h[b * 64];
        for (int i = 1; i < 64; i++) if (h[b * 64 + i] > ref) ref = h[b * 64 + i];
        ref += 1;
        if (r[b] != ref) { printf("block %d: %lld, expected %lld\n", b, r[b], ref); bad = 1; }
        if (r2[b] != ref - 1 || t2[b] != 100 + ref - 1) {
            printf("block %d: %lld %lld, expected %lld %lld\n", b, r2[b], t2[b], ref - 1, 100 + ref - 1);
            bad = 1;
        }
    }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
