// A member call on an object of a template parameter's type is lowered
// when the template's argument makes the object a tile, a coalesced group
// or (for sync) a thread block. Syncing the grid through such a template,
// or a block's exchange it does not have, is an error naming the call.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <class G> __device__ void meet(G g) { g.sync(); }

__global__ void grid_step(int *out)
{
    cg::grid_group grid = cg::this_grid();
    out[grid.thread_rank()] = 1;
    meet(grid);
}

int main()
{
    void *args[] = { 0 };
    cudaLaunchCooperativeKernel((void *)grid_step, 2, 64, args);
    return 0;
}
