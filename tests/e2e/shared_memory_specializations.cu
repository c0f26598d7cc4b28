// `extern __shared__` arrays declared in __device__ functions that are not
// inlined (no barrier inside): a plain function, a member of a plain class,
// and NVIDIA's SharedMemory<T> idiom in the shape of its simpleTemplates
// sample, where only the explicit specializations declare an array (one
// per type) and a template kernel calls smem.getPointer() on SharedMemory<T>.
#include <cstdio>

template <class T> struct SharedMemory {
    __device__ T *getPointer() { return nullptr; }   // never used: no such T
};
template <> struct SharedMemory<int> {
    __device__ int *getPointer() { extern __shared__ int s_int[]; return s_int; }
};
template <> struct SharedMemory<float> {
    __device__ float *getPointer() { extern __shared__ float s_float[]; return s_float; }
};

struct Scratch {
    __device__ int *words() { extern __shared__ int s_words[]; return s_words; }
};

__device__ int *raw() { extern __shared__ int s_raw[]; return s_raw; }

enum { NT = 48, NB = 3 };

template <class T> __global__ void reverse(const T *in, T *out)
{
    SharedMemory<T> smem;
    T *s = smem.getPointer();
    s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}

__global__ void rotate(int *out)
{
    Scratch sc;
    sc.words()[threadIdx.x] = (int)(blockIdx.x * 100 + threadIdx.x);
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = raw()[(threadIdx.x + 1) % blockDim.x];
}

int main()
{
    int *ii, *io, *ro;
    float *fi, *fo;
    cudaMallocManaged(&ii, NB * NT * sizeof(int));
    cudaMallocManaged(&io, NB * NT * sizeof(int));
    cudaMallocManaged(&ro, NB * NT * sizeof(int));
    cudaMallocManaged(&fi, NB * NT * sizeof(float));
    cudaMallocManaged(&fo, NB * NT * sizeof(float));
    for (int i = 0; i < NB * NT; i++) { ii[i] = i * 7 - 5; fi[i] = i * 0.5f; }
    reverse<int><<<NB, NT, NT * sizeof(int)>>>(ii, io);
    reverse<float><<<NB, NT, NT * sizeof(float)>>>(fi, fo);
    rotate<<<NB, NT, NT * sizeof(int)>>>(ro);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < NB; b++)
        for (int t = 0; t < NT; t++) {
            int i = b * NT + t, j = b * NT + NT - 1 - t;
            if (io[i] != ii[j] && bad++ < 10) printf("int %d: %d, expected %d\n", i, io[i], ii[j]);
            if (fo[i] != fi[j] && bad++ < 10) printf("float %d: %g, expected %g\n", i, fo[i], fi[j]);
            int w = b * 100 + (t + 1) % NT;
            if (ro[i] != w && bad++ < 10) printf("rotate %d: %d, expected %d\n", i, ro[i], w);
        }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
