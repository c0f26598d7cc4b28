// A value that lives across __syncthreads() (v is loaded, so it is kept per
// thread) is used inside a macro body, where cucpu cannot rewrite it.
#define GETV (v + s[0])

__global__ void k(int *o)
{
    __shared__ int s[32];
    int v = o[threadIdx.x];
    s[threadIdx.x] = v;
    __syncthreads();
    o[threadIdx.x] = GETV;
}

int main()
{
    return 0;
}
