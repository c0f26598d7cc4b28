// cg::reduce in a template whose argument makes its group a thread_block
// (only tiles and coalesced groups reduce): an error at the call, naming
// the group's type.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

template <class G, class T> __device__ T total(const G &g, T v)
{
    return cg::reduce(g, v, cg::plus<T>());
}

__global__ void sums(float *out)
{
    cg::thread_block block = cg::this_thread_block();
    out[threadIdx.x] = total(block, out[threadIdx.x]);
}

int main()
{
    sums<<<1, 64>>>(0);
    return 0;
}
