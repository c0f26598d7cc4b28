/* cub/warp/warp_reduce.cuh: cub::WarpReduce is declared but cannot be
 * used with cucpu, for the reason cub/block/block_reduce.cuh gives:
 * naming the class is an error at that line. */
#ifndef CUCPU_CUB_WARP_REDUCE_CUH
#define CUCPU_CUB_WARP_REDUCE_CUH
#include "../../cucpu_cub.h"

namespace cub {
template <typename T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class CUCPU_CUB_UNAVAILABLE("cub::WarpReduce") WarpReduce {
public:
    struct TempStorage {
        T slot[LOGICAL_WARP_THREADS];
    };
    __device__ WarpReduce(TempStorage &temp_storage);
    __device__ T Sum(T input);
    __device__ T Sum(T input, int valid_items);
    template <typename ReductionOp>
    __device__ T Reduce(T input, ReductionOp reduction_op);
};
} // namespace cub
#endif
