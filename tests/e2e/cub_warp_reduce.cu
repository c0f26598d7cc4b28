// cub_warp_reduce.cu: cub::WarpReduce inside kernels: Sum(x) and
// Reduce(x, op) of each warp of a 128-thread block (one TempStorage per
// warp), a logical warp of 16 lanes, and warp 0 alone under a condition
// (the value type a local typedef). CUB defines the result in each
// logical warp's first lane, so only that lane's value is checked.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cub/cub.cuh>
#if CUB_VERSION >= 300000
#include <cuda/functional>
#define MAX_OP cuda::maximum<>()
#else
#define MAX_OP cub::Max()
#endif

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define NB 3
#define B 128

struct XorOp {
    __host__ __device__ unsigned operator()(unsigned a, unsigned b) const { return a ^ b; }
};

__global__ void warps(const int *in, int *sum, int *mx, unsigned *x16, int *first)
{
    typedef cub::WarpReduce<int> WR;
    typedef cub::WarpReduce<unsigned, 16> WR16;
    __shared__ typename WR::TempStorage tmp[B / 32];
    __shared__ typename WR16::TempStorage tmp16[B / 16];
    int i = blockIdx.x * B + threadIdx.x;
    int warp = threadIdx.x / 32;
    int s = WR(tmp[warp]).Sum(in[i]);
    int m;
    m = WR(tmp[warp]).Reduce(in[i], MAX_OP);
    unsigned x = WR16(tmp16[threadIdx.x / 16]).Reduce((unsigned)in[i] * 2654435761u, XorOp());
    if (threadIdx.x % 32 == 0) {
        sum[i / 32] = s;
        mx[i / 32] = m;
    }
    if (threadIdx.x % 16 == 0) x16[i / 16] = x;
    typedef long long wide;
    __shared__ typename cub::WarpReduce<wide>::TempStorage t0;
    wide f = 0;
    if (threadIdx.x < 32) f = cub::WarpReduce<wide>(t0).Sum((wide)in[i] * 3);
    if (threadIdx.x == 0) first[blockIdx.x] = (int)f;
}

int main()
{
    int n = NB * B;
    int *in, *sum, *mx;
    unsigned *x16;
    int *first;
    CK(cudaMallocManaged(&first, NB * sizeof(int)));
    CK(cudaMallocManaged(&in, n * sizeof(int)));
    CK(cudaMallocManaged(&sum, n / 32 * sizeof(int)));
    CK(cudaMallocManaged(&mx, n / 32 * sizeof(int)));
    CK(cudaMallocManaged(&x16, n / 16 * sizeof(unsigned)));
    for (int i = 0; i < n; i++) in[i] = (i * 29 + 5) % 77 - 38;
    warps<<<NB, B>>>(in, sum, mx, x16, first);
    CK(cudaDeviceSynchronize());
    int bad = 0;
    for (int w = 0; w < n / 32; w++) {
        int s = 0, m = in[w * 32];
        for (int l = 0; l < 32; l++) {
            s += in[w * 32 + l];
            m = in[w * 32 + l] > m ? in[w * 32 + l] : m;
        }
        if (sum[w] != s && bad++ < 10) printf("warp %d sum: got %d, want %d\n", w, sum[w], s);
        if (mx[w] != m && bad++ < 10) printf("warp %d max: got %d, want %d\n", w, mx[w], m);
        if (w % (B / 32) == 0 && first[w / (B / 32)] != 3 * s && bad++ < 10)
            printf("block %d warp 0: got %d, want %d\n", w / (B / 32), first[w / (B / 32)], 3 * s);
    }
    for (int w = 0; w < n / 16; w++) {
        unsigned x = 0;
        for (int l = 0; l < 16; l++) x ^= (unsigned)in[w * 16 + l] * 2654435761u;
        if (x16[w] != x && bad++ < 10) printf("logical warp %d xor: got %u, want %u\n", w, x16[w], x);
    }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
