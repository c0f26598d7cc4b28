/* cub/block/block_scan.cuh: cub::BlockScan for the translator, as
 * cub/block/block_reduce.cuh: the front end lowers `BlockScan(temp)
 * .ExclusiveSum(x, out)` and the other scans of one item per thread
 * (src/frontend/lower_cub.c); the member functions are never defined. */
#ifndef CUCPU_CUB_BLOCK_SCAN_CUH
#define CUCPU_CUB_BLOCK_SCAN_CUH
#include "../../cucpu_cub.h"

namespace cub {
enum BlockScanAlgorithm {
    BLOCK_SCAN_RAKING,
    BLOCK_SCAN_RAKING_MEMOIZE,
    BLOCK_SCAN_WARP_SCANS
};

template <typename T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockScan {
public:
    struct TempStorage {
        T slot[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
    };
    __device__ BlockScan() {}
    __device__ BlockScan(TempStorage &) {}
    __device__ void InclusiveSum(T input, T &output);
    __device__ void InclusiveSum(T input, T &output, T &block_aggregate);
    __device__ void ExclusiveSum(T input, T &output);
    __device__ void ExclusiveSum(T input, T &output, T &block_aggregate);
    template <typename ScanOp>
    __device__ void InclusiveScan(T input, T &output, ScanOp scan_op) { cucpu_cub_not_lowered(); }
    template <typename ScanOp>
    __device__ void InclusiveScan(T input, T &output, ScanOp scan_op, T &block_aggregate) { cucpu_cub_not_lowered(); }
    template <typename ScanOp>
    __device__ void ExclusiveScan(T input, T &output, T initial_value, ScanOp scan_op) { cucpu_cub_not_lowered(); }
    template <typename ScanOp>
    __device__ void ExclusiveScan(T input, T &output, T initial_value, ScanOp scan_op, T &block_aggregate) { cucpu_cub_not_lowered(); }
    /* declared so that the front end names them in its error: a scan
     * without an initial value, a prefix callback, several items per thread */
    template <typename ScanOp>
    __device__ void ExclusiveScan(T input, T &output, ScanOp scan_op) { cucpu_cub_not_lowered(); }
    template <typename BlockPrefixCallbackOp>
    __device__ void ExclusiveSum(T input, T &output, BlockPrefixCallbackOp &block_prefix_callback_op);
    template <typename BlockPrefixCallbackOp>
    __device__ void InclusiveSum(T input, T &output, BlockPrefixCallbackOp &block_prefix_callback_op);
    template <int ITEMS_PER_THREAD>
    __device__ void ExclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD]);
    template <int ITEMS_PER_THREAD>
    __device__ void InclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD]);
};
} // namespace cub
#endif
