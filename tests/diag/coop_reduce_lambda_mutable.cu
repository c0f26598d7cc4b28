// The operator of cg::reduce is a lambda made again after the exchange,
// capturing by reference: a mutable one, or one with an init-capture,
// could see its copies change, and is refused.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void sums(int *out, int k)
{
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    int v = out[threadIdx.x];
    out[threadIdx.x] = cg::reduce(tile, v, [k](int a, int b) mutable { k++; return a + b + k; });
    out[threadIdx.x] += cg::reduce(tile, v, [j = k * 2](int a, int b) { return a + b + j; });
}

int main()
{
    sums<<<1, 64>>>(0, 1);
    return 0;
}
