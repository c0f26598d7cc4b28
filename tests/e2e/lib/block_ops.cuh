// block_ops.cuh: a header-only kernel library (used by included_kernels.cu):
// a __device__ function that reads threadIdx, one that calls
// __syncthreads(), and a template kernel with shared memory.
#ifndef BLOCK_OPS_CUH
#define BLOCK_OPS_CUH

__device__ inline int lane_id() { return (int)(threadIdx.x % 32); }

template <typename T>
__device__ T block_reverse(T v, T *s)
{
    s[threadIdx.x] = v;
    __syncthreads();
    T r = s[blockDim.x - 1 - threadIdx.x];
    __syncthreads();
    return r;
}

template <typename T, int B>
__global__ void reverse_blocks(const T *in, T *out)
{
    __shared__ T s[B];
    int i = blockIdx.x * B + threadIdx.x;
    out[i] = block_reverse(in[i], s) + (T)lane_id();
}

#endif
