// A warp shuffle of a member of a template parameter's type (HeCBench
// degrid: sum.x of a CmplxType sum): the exchange buffer has no type to
// be declared with, so it is an error rather than a host-compiler error.
template <typename C>
__global__ void fold(C *out, const C *in)
{
    C sum = in[threadIdx.x];
    for (int s = 16; s > 0; s /= 2)
        sum.x += __shfl_down_sync(0xffffffff, sum.x, s);
    if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

int main()
{
    fold<<<1, 32>>>((float2 *)0, (const float2 *)0);
    return 0;
}
