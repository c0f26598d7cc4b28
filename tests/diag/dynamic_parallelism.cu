// Dynamic parallelism: a kernel that launches a kernel.
__global__ void child(int *x)
{
    x[threadIdx.x] += 1;
}

__global__ void parent(int *x)
{
    if (threadIdx.x == 0)
        child<<<1, 32>>>(x);
}

int main()
{
    int *d = 0;
    parent<<<1, 32>>>(d);
    return 0;
}
