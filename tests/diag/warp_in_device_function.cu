// A warp primitive in a __device__ function (no barrier around it).
__device__ int swap_lanes(int v)
{
    return __shfl_xor_sync(0xffffffff, v, 1);
}

__global__ void k(int *o)
{
    o[threadIdx.x] = swap_lanes(o[threadIdx.x]);
}

int main()
{
    return 0;
}
