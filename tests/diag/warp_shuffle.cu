// A warp shuffle: cucpu reports warp-level primitives it does not support.
__global__ void warp_sum(const int *in, int *out)
{
    int v = in[threadIdx.x];
    for (int off = 16; off > 0; off /= 2)
        v += __shfl_down_sync(0xffffffffu, v, off);
    if (threadIdx.x % 32 == 0)
        out[threadIdx.x / 32] = v;
}

int main()
{
    int *in = 0, *out = 0;
    warp_sum<<<1, 64>>>(in, out);
    return 0;
}
