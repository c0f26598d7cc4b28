// cuda-samples' cudasharedmem.h (MC_SingleAsianOptionP): the SharedMemory<T>
// specializations are made by a macro whose body declares
// `extern __shared__ t n[];`, and a template kernel uses an object of it
// through operator[] (a dependent call clang does not resolve). cucpu once
// replaced each macro call by a file-scope pointer (host compiler: "abstract
// class type"), then, with the body rewritten, gave the kernel no dynamic
// shared memory (segfault).
#include <cstdio>

template <typename T> struct SharedMemory {
    virtual __device__ T &operator*() = 0;
    virtual __device__ T &operator[](int i) = 0;
};

#define BUILD_SHAREDMEMORY_TYPE(t, n)   \
    template <> struct SharedMemory<t>  \
    {                                   \
        __device__ t &operator*()       \
        {                               \
            extern __shared__ t n[];    \
            return *n;                  \
        }                               \
        __device__ t &operator[](int i) \
        {                               \
            extern __shared__ t n[];    \
            return n[i];                \
        }                               \
    }

BUILD_SHAREDMEMORY_TYPE(int, s_int);
BUILD_SHAREDMEMORY_TYPE(float, s_float);
BUILD_SHAREDMEMORY_TYPE(double, s_double);

// per block: the sum of in[] over the block, by a tree in shared memory
template <typename T> __global__ void block_sum(const T *in, T *out)
{
    SharedMemory<T> sdata;
    unsigned tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = *sdata;
}

template <typename T> static int check(const char *name)
{
    const int nb = 8, nt = 128;
    T h[nb * nt], r[nb], *d_in, *d_out;
    for (int i = 0; i < nb * nt; i++) h[i] = (T)(i % 13);
    cudaMalloc(&d_in, sizeof h);
    cudaMalloc(&d_out, sizeof r);
    cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);
    block_sum<T><<<nb, nt, nt * sizeof(T)>>>(d_in, d_out);
    cudaMemcpy(r, d_out, sizeof r, cudaMemcpyDeviceToHost);
    cudaFree(d_in);
    cudaFree(d_out);
    int bad = 0;
    for (int b = 0; b < nb; b++) {
        T want = 0;
        for (int i = 0; i < nt; i++) want += h[b * nt + i];
        if (r[b] != want) { printf("%s block %d: %g, expected %g\n", name, b, (double)r[b], (double)want); bad = 1; }
    }
    return bad;
}

int main()
{
    int bad = check<int>("int") | check<float>("float") | check<double>("double");
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
