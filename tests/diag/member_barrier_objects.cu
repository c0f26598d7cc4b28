// member_barrier_objects.cu: a member function with __syncthreads() called
// on a temporary (`BlockReduce(storage).Sum(x)`, lowered for CUB's own) or on a
// thread's own local object would need that object to live across the
// barrier in every thread: an error that says how to write it, not a C++
// error from the host compiler or a dangling reference.
struct BlockSum {
    struct TempStorage { float v[128]; };
    TempStorage &t;
    __device__ BlockSum(TempStorage &s) : t(s) {}
    __device__ float Sum(float x)
    {
        t.v[threadIdx.x] = x;
        __syncthreads();
        float r = 0;
        for (int i = 0; i < 128; i++) r += t.v[i];
        __syncthreads();
        return r;
    }
};

__global__ void k(float *o)
{
    __shared__ BlockSum::TempStorage tmp;
    float s = BlockSum(tmp).Sum(threadIdx.x);
    o[threadIdx.x] = s;
}

__global__ void k2(float *o)
{
    __shared__ BlockSum::TempStorage tmp;
    BlockSum mine(tmp);
    float s = mine.Sum(threadIdx.x);
    o[threadIdx.x] = s;
}
