/* cub/block/block_reduce.cuh: cub::BlockReduce is declared but cannot be
 * used with cucpu: `BlockReduce(temp_storage).Sum(x)` keeps a temporary
 * object across the barriers inside Sum, which the translator cannot
 * split (tests/diag/member_barrier_objects). Naming the class is an error
 * at that line: "'BlockReduce<...>' is unavailable: cucpu: ...". */
#ifndef CUCPU_CUB_BLOCK_REDUCE_CUH
#define CUCPU_CUB_BLOCK_REDUCE_CUH
#include "../../cucpu_cub.h"

namespace cub {
enum BlockReduceAlgorithm {
    BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
    BLOCK_REDUCE_RAKING,
    BLOCK_REDUCE_WARP_REDUCTIONS
};

template <typename T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class CUCPU_CUB_UNAVAILABLE("cub::BlockReduce") BlockReduce {
public:
    struct TempStorage {
        T slot[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
    };
    __device__ BlockReduce();
    __device__ BlockReduce(TempStorage &temp_storage);
    __device__ T Sum(T input);
    __device__ T Sum(T input, int num_valid);
    template <typename ReductionOp>
    __device__ T Reduce(T input, ReductionOp reduction_op);
    template <typename ReductionOp>
    __device__ T Reduce(T input, ReductionOp reduction_op, int num_valid);
};
} // namespace cub
#endif
