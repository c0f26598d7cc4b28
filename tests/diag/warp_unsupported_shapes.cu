// Two warp-level shapes cucpu does not run as the GPU would: a store to
// volatile memory inside a larger expression is not made lock step (a
// warning naming the line), and cg::reduce with a lambda that captures
// (an error: cooperative groups' own function objects, or a lambda without
// captures written in the call).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void shapes(volatile int *v, int *out)
{
    int t = threadIdx.x;
    out[t] = (v[t] += 1);
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    out[t] += cg::reduce(tile, out[t], [t](int a, int b) { return a + b * t; });
}

int main()
{
    int *out = 0;
    shapes<<<2, 64>>>(0, out);
    return 0;
}
