// cuda::barrier (libcu++) is not provided: <cuda/barrier> gives only
// cuda::aligned_size_t, for cg::memcpy_async. Naming the barrier is an
// error at the use.
#include <cuda/barrier>

__global__ void uses_barrier(int *out)
{
    __shared__ cuda::barrier<cuda::thread_scope_block> *bar;
    out[threadIdx.x] = bar != 0;
}

int main()
{
    uses_barrier<<<1, 32>>>(0);
    return 0;
}
