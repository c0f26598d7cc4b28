// Two warp-level shapes cucpu does not run as the GPU would: a store to
// volatile memory inside a larger expression is not made lock step (a
// warning naming the line), and cg::reduce with a function object of the
// user's class, which may hold state (an error: cooperative groups' own
// function objects, a lambda, or a local lambda variable).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

struct Scaled {
    int k;
    __device__ int operator()(int a, int b) const { return a + b * k; }
};

__global__ void shapes(volatile int *v, int *out)
{
    int t = threadIdx.x;
    out[t] = (v[t] += 1);
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    out[t] += cg::reduce(tile, out[t], Scaled{t});
}

int main()
{
    int *out = 0;
    shapes<<<2, 64>>>(0, out);
    return 0;
}
