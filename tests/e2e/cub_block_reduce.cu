// cub_block_reduce.cu: cub::BlockReduce inside kernels. Sum(x) as an
// initializer, an assignment, inside a larger expression and in a
// __device__ function's return; Sum(x, num_valid); Reduce(x, op) with
// CUB's operators (cuda::maximum/minimum in CCCL 3) and a user functor;
// a 2D block; a reduction in a uniform loop; a template kernel whose
// BlockReduce depends on its parameter, calling a template __device__
// function that reduces too. CUB defines the result in
// thread 0 only, so only thread 0's value is checked.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cub/cub.cuh>
#if CUB_VERSION >= 300000
#include <cuda/functional>
#define MAX_OP cuda::maximum<>()
#define MIN_OP cuda::minimum<>()
#else
#define MAX_OP cub::Max()
#define MIN_OP cub::Min()
#endif

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define NB 5
#define B 128

struct AbsMax {
    __host__ __device__ int operator()(int a, int b) const { return abs(a) < abs(b) ? b : a; }
};

__device__ float block_sum(float v)
{
    typedef cub::BlockReduce<float, B> BR;
    __shared__ typename BR::TempStorage tmp;
    return BR(tmp).Sum(v);
}

__global__ void reductions(const int *in, int *out, float *fout)
{
    typedef cub::BlockReduce<int, B> BRI;
    __shared__ typename BRI::TempStorage t1;
    __shared__ typename BRI::TempStorage t2;
    __shared__ typename BRI::TempStorage t3;
    __shared__ typename BRI::TempStorage t4;
    __shared__ typename BRI::TempStorage t5;
    int v = in[blockIdx.x * B + threadIdx.x];
    int s = BRI(t1).Sum(v);
    int mx;
    mx = BRI(t2).Reduce(v, MAX_OP);
    int mn = 1 + BRI(t3).Reduce(v * 2, MIN_OP);
    int am = BRI(t4).Reduce(v, AbsMax());
    int part = BRI(t5).Sum(v, 37 + blockIdx.x);
    float fs = block_sum((float)v * 0.5f);
    if (threadIdx.x == 0) {
        out[blockIdx.x * 5 + 0] = s;
        out[blockIdx.x * 5 + 1] = mx;
        out[blockIdx.x * 5 + 2] = mn;
        out[blockIdx.x * 5 + 3] = am;
        out[blockIdx.x * 5 + 4] = part;
        fout[blockIdx.x] = fs;
    }
}

/* a 16 x 8 block: linear thread id x + 16 y; the reduction runs three
 * times, the TempStorage reused after a barrier */
__global__ void block2d(const int *in, int *out, int rounds)
{
    typedef cub::BlockReduce<long long, 16, cub::BLOCK_REDUCE_WARP_REDUCTIONS, 8> BR;
    __shared__ typename BR::TempStorage tmp;
    int tid = threadIdx.y * 16 + threadIdx.x;
    long long acc = 0;
    for (int r = 1; r <= rounds; r++) {
        acc += BR(tmp).Sum((long long)in[blockIdx.x * B + tid] * r);
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = (int)acc;
}

template <typename T>
__device__ T block_max(T v)
{
    typedef cub::BlockReduce<T, B> BR;
    __shared__ typename BR::TempStorage tmp;
    return BR(tmp).Reduce(v, MAX_OP);
}

template <typename T>
__global__ void typed(const int *in, T *out)
{
    using BR = cub::BlockReduce<T, B>;
    __shared__ typename BR::TempStorage tmp;
    T v = (T)in[blockIdx.x * B + threadIdx.x] / 4;
    T s = BR(tmp).Sum(v);
    T m = block_max<T>(v);
    if (threadIdx.x == 0) {
        out[blockIdx.x * 2] = s;
        out[blockIdx.x * 2 + 1] = m;
    }
}

int main()
{
    int n = NB * B;
    int *in, *out, *out2;
    float *fout;
    double *dout;
    CK(cudaMallocManaged(&dout, NB * 2 * sizeof(double)));
    CK(cudaMallocManaged(&in, n * sizeof(int)));
    CK(cudaMallocManaged(&out, NB * 5 * sizeof(int)));
    CK(cudaMallocManaged(&out2, NB * sizeof(int)));
    CK(cudaMallocManaged(&fout, NB * sizeof(float)));
    for (int i = 0; i < n; i++) in[i] = (i * 37 + 11) % 201 - 100;
    reductions<<<NB, B>>>(in, out, fout);
    block2d<<<NB, dim3(16, 8)>>>(in, out2, 3);
    typed<double><<<NB, B>>>(in, dout);
    CK(cudaDeviceSynchronize());
    int bad = 0;
    for (int b = 0; b < NB; b++) {
        const int *x = in + b * B;
        int s = 0, mx = x[0], mn = 2 * x[0], am = x[0], part = 0;
        float fs = 0;
        for (int t = 0; t < B; t++) {
            s += x[t];
            mx = x[t] > mx ? x[t] : mx;
            mn = 2 * x[t] < mn ? 2 * x[t] : mn;
            am = AbsMax()(am, x[t]);
            if (t < 37 + b) part += x[t];
            fs += x[t] * 0.5f;
        }
        int want[5] = { s, mx, 1 + mn, am, part };
        for (int k = 0; k < 5; k++)
            if (out[b * 5 + k] != want[k]) {
                printf("block %d result %d: got %d, want %d\n", b, k, out[b * 5 + k], want[k]);
                bad++;
            }
        if (fout[b] != fs) {
            printf("block %d float sum: got %g, want %g\n", b, fout[b], fs);
            bad++;
        }
        double ds = 0, dm = x[0] / 4.0;
        for (int t = 0; t < B; t++) {
            ds += x[t] / 4.0;
            dm = x[t] / 4.0 > dm ? x[t] / 4.0 : dm;
        }
        if (dout[b * 2] != ds || dout[b * 2 + 1] != dm) {
            printf("block %d typed: got %g %g, want %g %g\n", b, dout[b * 2], dout[b * 2 + 1], ds, dm);
            bad++;
        }
        if (out2[b] != 6 * s) {
            printf("block %d 2d: got %d, want %d\n", b, out2[b], 6 * s);
            bad++;
        }
    }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
