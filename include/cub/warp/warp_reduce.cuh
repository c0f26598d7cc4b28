/* cub/warp/warp_reduce.cuh: cub::WarpReduce for the translator, as
 * cub/block/block_reduce.cuh: the front end lowers `WarpReduce(temp)
 * .Sum(x)` and `.Reduce(x, op)` like cg::reduce over a tile of
 * LOGICAL_WARP_THREADS lanes (src/frontend/lower_cub.c); the member
 * functions are never defined. */
#ifndef CUCPU_CUB_WARP_REDUCE_CUH
#define CUCPU_CUB_WARP_REDUCE_CUH
#include "../../cucpu_cub.h"

namespace cub {
template <typename T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpReduce {
public:
    struct TempStorage {
        T slot[LOGICAL_WARP_THREADS];
    };
    __device__ WarpReduce(TempStorage &) {}
    __device__ T Sum(T input);
    __device__ T Sum(T input, int valid_items);
    template <typename ReductionOp>
    __device__ T Reduce(T input, ReductionOp reduction_op) { cucpu_cub_not_lowered(); }
};
} // namespace cub
#endif
