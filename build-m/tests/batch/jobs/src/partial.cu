// A CUDA entry that cucpu rejects: a barrier that only some threads reach.
__global__ void partial(float *x)
{
    __shared__ float s[32];
    s[threadIdx.x] = x[threadIdx.x];
    if (threadIdx.x < 16) {
        __syncthreads();
        x[threadIdx.x] = s[threadIdx.x + 16];
    }
}
