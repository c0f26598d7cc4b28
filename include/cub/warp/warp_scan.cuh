/* cub/warp/warp_scan.cuh: cub::WarpScan for the translator, as
 * cub/warp/warp_reduce.cuh: the front end lowers its scans like
 * cg::inclusive_scan and cg::exclusive_scan over a tile of
 * LOGICAL_WARP_THREADS lanes (src/frontend/lower_cub.c), the initial value
 * combined afterwards, the warp aggregate as a cg::reduce; the member
 * functions are never defined. */
#ifndef CUCPU_CUB_WARP_SCAN_CUH
#define CUCPU_CUB_WARP_SCAN_CUH
#include "../../cucpu_cub_block.h"

namespace cub {
template <typename T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpScan {
public:
    struct TempStorage {
        T slot[LOGICAL_WARP_THREADS];
    };
    __device__ WarpScan(TempStorage &) {}
    __device__ void InclusiveSum(T input, T &output);
    __device__ void InclusiveSum(T input, T &output, T &warp_aggregate);
    __device__ void ExclusiveSum(T input, T &output);
    __device__ void ExclusiveSum(T input, T &output, T &warp_aggregate);
    template <typename ScanOp>
    __device__ void InclusiveScan(T input, T &output, ScanOp scan_op) { cucpu_cub_not_lowered(); }
    template <typename ScanOp>
    __device__ void InclusiveScan(T input, T &output, ScanOp scan_op, T &warp_aggregate) { cucpu_cub_not_lowered(); }
    template <typename ScanOp>
    __device__ void InclusiveScan(T input, T &output, T initial_value, ScanOp scan_op) { cucpu_cub_not_lowered(); }
    template <typename ScanOp>
    __device__ void InclusiveScan(T input, T &output, T initial_value, ScanOp scan_op, T &warp_aggregate)
    {
        cucpu_cub_not_lowered();
    }
    template <typename ScanOp>
    __device__ void ExclusiveScan(T input, T &output, ScanOp scan_op) { cucpu_cub_not_lowered(); }
    template <typename ScanOp>
    __device__ void ExclusiveScan(T input, T &output, ScanOp scan_op, T &warp_aggregate) { cucpu_cub_not_lowered(); }
    template <typename ScanOp>
    __device__ void ExclusiveScan(T input, T &output, T initial_value, ScanOp scan_op) { cucpu_cub_not_lowered(); }
    template <typename ScanOp>
    __device__ void ExclusiveScan(T input, T &output, T initial_value, ScanOp scan_op, T &warp_aggregate)
    {
        cucpu_cub_not_lowered();
    }
};
} // namespace cub
#endif
