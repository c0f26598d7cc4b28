// __syncthreads under a thread-dependent condition: only some threads of the
// block reach the barrier, which CUDA leaves undefined; cucpu rejects it.
__global__ void partial(float *x)
{
    __shared__ float s[32];
    s[threadIdx.x] = x[threadIdx.x];
    if (threadIdx.x < 16) {
        __syncthreads();
        x[threadIdx.x] = s[threadIdx.x + 16];
    }
}

int main()
{
    float *d = 0;
    partial<<<1, 32>>>(d);
    return 0;
}
