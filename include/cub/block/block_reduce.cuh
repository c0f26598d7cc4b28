/* cub/block/block_reduce.cuh: cub::BlockReduce for the translator.
 * `BlockReduce(temp_storage).Sum(x)` and `.Reduce(x, op)` are collectives
 * that the front end recognizes and lowers itself (src/frontend/lower_cub.c:
 * each thread's value, a block-level reduction, the result read by every
 * thread), so the member functions are declared and never defined: a call
 * that the front end does not lower is an error there, never a silent
 * link error. The object is a placeholder; TempStorage only reserves the
 * shared memory a CUDA program declares. */
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
class BlockReduce {
public:
    struct TempStorage {
        T slot[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
    };
    __device__ BlockReduce() {}
    __device__ BlockReduce(TempStorage &) {}
    __device__ T Sum(T input);
    __device__ T Sum(T input, int num_valid);
    template <typename ReductionOp>
    __device__ T Reduce(T input, ReductionOp reduction_op) { cucpu_cub_not_lowered(); }
    template <typename ReductionOp>
    __device__ T Reduce(T input, ReductionOp reduction_op, int num_valid) { cucpu_cub_not_lowered(); }
    /* several items per thread: declared so that the front end names them
     * in its error */
    template <int ITEMS_PER_THREAD>
    __device__ T Sum(T (&inputs)[ITEMS_PER_THREAD]);
    template <int ITEMS_PER_THREAD, typename ReductionOp>
    __device__ T Reduce(T (&inputs)[ITEMS_PER_THREAD], ReductionOp reduction_op) { cucpu_cub_not_lowered(); }
};
} // namespace cub
#endif
