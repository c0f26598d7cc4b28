// Two warp-level shapes cucpu does not run as the GPU would: a store to
// volatile memory inside a larger expression is not made lock step (a
// warning naming the line), and grid.sync() needs every block of the grid
// running at once (an error).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void shapes(volatile int *v, int *out)
{
    int t = threadIdx.x;
    out[t] = (v[t] += 1);
    cg::grid_group grid = cg::this_grid();
    grid.sync();
    out[t] += v[t ^ 1];
}

int main()
{
    int *out = 0;
    shapes<<<2, 64>>>(0, out);
    return 0;
}
