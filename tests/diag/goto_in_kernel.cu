// goto in a kernel with a barrier: the IR is structured, and a jump cannot
// be split at the barrier, so cucpu rejects goto.
__global__ void clamp(int *x, int n)
{
    __shared__ int s[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = 0;
    if (i >= n)
        goto done;
    if (x[i] < 0)
        s[threadIdx.x] = 1;
done:
    __syncthreads();
    if (i < n && s[(threadIdx.x + 1) % 32])
        x[i] = 0;
}

int main()
{
    int *d = 0;
    clamp<<<1, 32>>>(d, 32);
    return 0;
}
