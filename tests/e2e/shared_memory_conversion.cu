// NVIDIA's SharedMemory<T> idiom in the shape of its reduction sample: a
// template kernel converts a temporary `SharedMemory<T>()` to T* through a
// conversion operator (no object is declared, and clang resolves no call of
// the dependent expression); the double specialization declares its own
// array. A kernel with its own `extern __shared__` array runs first, so a
// kernel that failed to get the block's buffer would read the stale one.
#include <cstdio>

template <class T> struct SharedMemory {
    __device__ inline operator T *() { extern __shared__ int smem_i[]; return (T *)smem_i; }
};
template <> struct SharedMemory<double> {
    __device__ inline operator double *() { extern __shared__ double smem_d[]; return smem_d; }
};

template <class T> struct Plain {
    __device__ inline operator T *() { extern __shared__ unsigned char smem_p[]; return (T *)smem_p; }
};

enum { NT = 64, NB = 5 };

__global__ void fill(int *out)
{
    extern __shared__ int s[];
    s[threadIdx.x] = (int)threadIdx.x;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}

template <class T> __global__ void blocksum(const T *in, T *out)
{
    T *sdata = SharedMemory<T>();
    unsigned tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = sdata[0];
}

template <class T> __global__ void reverse(const T *in, T *out)
{
    T *s = Plain<T>();
    s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}

int main()
{
    int *fo, *ii, *io, *ro;
    double *di, *dout;
    cudaMallocManaged(&fo, NB * NT * sizeof(int));
    cudaMallocManaged(&ii, NB * NT * sizeof(int));
    cudaMallocManaged(&io, NB * sizeof(int));
    cudaMallocManaged(&ro, NB * NT * sizeof(int));
    cudaMallocManaged(&di, NB * NT * sizeof(double));
    cudaMallocManaged(&dout, NB * sizeof(double));
    for (int i = 0; i < NB * NT; i++) { ii[i] = (i * 37) % 101 - 50; di[i] = i * 0.25; }
    fill<<<NB, NT, NT * sizeof(int)>>>(fo);
    blocksum<int><<<NB, NT, NT * sizeof(int)>>>(ii, io);
    blocksum<double><<<NB, NT, NT * sizeof(double)>>>(di, dout);
    reverse<int><<<NB, NT, NT * sizeof(int)>>>(ii, ro);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < NB; b++) {
        int si = 0;
        double sd = 0;
        for (int t = 0; t < NT; t++) {
            si += ii[b * NT + t];
            sd += di[b * NT + t];
            if (fo[b * NT + t] != NT - 1 - t && bad++ < 10) printf("fill %d: %d\n", b * NT + t, fo[b * NT + t]);
            int r = ii[b * NT + NT - 1 - t];
            if (ro[b * NT + t] != r && bad++ < 10) printf("reverse %d: %d, expected %d\n", b * NT + t, ro[b * NT + t], r);
        }
        if (io[b] != si && bad++ < 10) printf("int block %d: %d, expected %d\n", b, io[b], si);
        if (dout[b] != sd && bad++ < 10) printf("double block %d: %g, expected %g\n", b, dout[b], sd);
    }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
