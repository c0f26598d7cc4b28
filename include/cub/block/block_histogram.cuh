/* cub/block/block_histogram.cuh: cub::BlockHistogram for the translator:
 * the front end lowers InitHistogram(bins), Histogram(items, bins) and
 * Composite(items, bins) (src/frontend/lower_cub.c): thread 0 clears the
 * bins, a barrier, every thread counts its items into them atomically, a
 * barrier (cucpu_cub_block.h). Either algorithm gives the same counts.
 * The member functions are never defined. */
#ifndef CUCPU_CUB_BLOCK_HISTOGRAM_CUH
#define CUCPU_CUB_BLOCK_HISTOGRAM_CUH
#include "../../cucpu_cub_block.h"

namespace cub {
enum BlockHistogramAlgorithm { BLOCK_HISTO_SORT, BLOCK_HISTO_ATOMIC };

template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BINS,
          BlockHistogramAlgorithm ALGORITHM = BLOCK_HISTO_SORT, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1,
          int LEGACY_PTX_ARCH = 0>
class BlockHistogram {
public:
    struct TempStorage {
        T slot[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD];
    };
    __device__ BlockHistogram() {}
    __device__ BlockHistogram(TempStorage &) {}
    template <typename CounterT>
    __device__ void InitHistogram(CounterT (&histogram)[BINS]);
    template <typename CounterT>
    __device__ void Histogram(T (&items)[ITEMS_PER_THREAD], CounterT (&histogram)[BINS]);
    template <typename CounterT>
    __device__ void Composite(T (&items)[ITEMS_PER_THREAD], CounterT (&histogram)[BINS]);
};
} // namespace cub
#endif
