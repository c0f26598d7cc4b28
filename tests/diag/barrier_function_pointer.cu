// A pointer to a __device__ function that contains __syncthreads(): cucpu
// inlines such functions at their calls, so there is nothing to point to.
__device__ void bump(float *s)
{
    __syncthreads();
    s[threadIdx.x] += 1.0f;
}

__global__ void k(float *out)
{
    __shared__ float s[64];
    void (*p)(float *) = bump;
    s[threadIdx.x] = 0.0f;
    p(s);
    out[threadIdx.x] = s[63 - threadIdx.x];
}
