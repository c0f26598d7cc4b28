// A cooperative-groups partition whose arguments depend on a template
// parameter resolves only when the host compiler instantiates the template,
// after cucpu has lowered the kernel: an error naming the call. (Reductions
// and scans are lowered there, e2e.coop_reduce_template, and so is a
// template whose argument types are fixed, `template <int K>`.)
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <class T> __device__ unsigned positives(cg::thread_block_tile<32> tile, T v)
{
    return cg::binary_partition(tile, v > 0).size();
}

__global__ void count(float *in, unsigned *out)
{
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    out[threadIdx.x] = positives(tile, in[threadIdx.x]);
}

int main()
{
    count<<<1, 64>>>(0, 0);
    return 0;
}
