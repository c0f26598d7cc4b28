// barrier_call_after_comma.cu: a call of a function with __syncthreads()
// that runs only after another operand (`,` here; `&&`, `||` and `?:` the
// same) cannot be run first: an error, not a reordering.
__device__ int rotate(int *s, int x)
{
    s[threadIdx.x] = x;
    __syncthreads();
    return s[31 - threadIdx.x];
}

__global__ void k(int *out)
{
    __shared__ int s[32];
    int x = 0;
    int y = (x = 5, rotate(s, x)) + 2;
    out[threadIdx.x] = y;
}
