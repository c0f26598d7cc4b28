// Two warp-level shapes cucpu does not run as the GPU would: a store to
// volatile memory inside a larger expression is not made lock step (a
// warning naming the line), and cg::reduce with a lambda (an error: only
// cooperative groups' own function objects).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void shapes(volatile int *v, int *out)
{
    int t = threadIdx.x;
    out[t] = (v[t] += 1);
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    out[t] += cg::reduce(tile, out[t], [](int a, int b) { return a + b; });
}

int main()
{
    int *out = 0;
    shapes<<<2, 64>>>(0, out);
    return 0;
}
