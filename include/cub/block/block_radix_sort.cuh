/* cub/block/block_radix_sort.cuh: cub::BlockRadixSort for the translator,
 * as cub/block/block_exchange.cuh: the front end lowers Sort,
 * SortDescending, SortBlockedToStriped and SortDescendingBlockedToStriped
 * (keys, or keys and values; optionally begin_bit and end_bit) to one
 * block-level stable sort by CUB's radix form of the keys
 * (cucpu_cub_block.h), so the results are CUB's exactly; the member
 * functions are never defined. Decomposers (custom key types) are not
 * supported. */
#ifndef CUCPU_CUB_BLOCK_RADIX_SORT_CUH
#define CUCPU_CUB_BLOCK_RADIX_SORT_CUH
#include "../../cucpu_cub_block.h"
#include "block_scan.cuh"

namespace cub {
template <typename KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, typename ValueT = NullType, int RADIX_BITS = 4,
          bool MEMOIZE_OUTER_SCAN = true, BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          cudaSharedMemConfig SMEM_CONFIG = cudaSharedMemBankSizeFourByte, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1,
          int LEGACY_PTX_ARCH = 0>
class BlockRadixSort {
public:
    struct TempStorage {
        KeyT keys[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD];
    };
    __device__ BlockRadixSort() {}
    __device__ BlockRadixSort(TempStorage &) {}
    __device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8);
    __device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0,
                         int end_bit = sizeof(KeyT) * 8);
    __device__ void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8);
    __device__ void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
                                   int begin_bit = 0, int end_bit = sizeof(KeyT) * 8);
    __device__ void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0,
                                         int end_bit = sizeof(KeyT) * 8);
    __device__ void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
                                         int begin_bit = 0, int end_bit = sizeof(KeyT) * 8);
    __device__ void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0,
                                                   int end_bit = sizeof(KeyT) * 8);
    __device__ void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
                                                   int begin_bit = 0, int end_bit = sizeof(KeyT) * 8);
};
} // namespace cub
#endif
