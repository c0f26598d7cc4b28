// A cooperative-groups call whose arguments depend on a template parameter
// resolves only when the host compiler instantiates the template, after
// cucpu has lowered the kernel: an error naming the call. (A template whose
// group and value types are fixed, `template <int K>`, is lowered.)
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

template <class T> __device__ T tile_sum(cg::thread_block_tile<32> tile, T v)
{
    return cg::reduce(tile, v, cg::plus<T>());
}

__global__ void sums(float *out)
{
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    out[threadIdx.x] = tile_sum(tile, out[threadIdx.x]);
}

int main()
{
    sums<<<1, 64>>>(0);
    return 0;
}
