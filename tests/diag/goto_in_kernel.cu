// goto in a kernel: the IR is structured, so cucpu rejects goto.
__global__ void clamp(int *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        goto done;
    if (x[i] < 0)
        x[i] = 0;
done:
    return;
}

int main()
{
    int *d = 0;
    clamp<<<1, 32>>>(d, 32);
    return 0;
}
