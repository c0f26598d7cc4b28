/* cub/block/block_exchange.cuh: cub::BlockExchange for the translator.
 * Its rearrangements are collectives that the front end lowers itself
 * (src/frontend/lower_cub.c, cucpu_cub_block.h: the block's items are
 * gathered and rearranged in one block-level step), so the member
 * functions are declared and never defined: a call that the front end
 * does not lower is an error there. The TempStorage only reserves the
 * shared memory a CUDA program declares. */
#ifndef CUCPU_CUB_BLOCK_EXCHANGE_CUH
#define CUCPU_CUB_BLOCK_EXCHANGE_CUH
#include "../../cucpu_cub_block.h"

namespace cub {
template <typename InputT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, bool WARP_TIME_SLICING = false,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockExchange {
public:
    struct TempStorage {
        InputT slot[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD];
    };
    __device__ BlockExchange() {}
    __device__ BlockExchange(TempStorage &) {}
    __device__ void StripedToBlocked(InputT (&items)[ITEMS_PER_THREAD]);
    template <typename OutputT>
    __device__ void StripedToBlocked(InputT (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD]);
    __device__ void BlockedToStriped(InputT (&items)[ITEMS_PER_THREAD]);
    template <typename OutputT>
    __device__ void BlockedToStriped(InputT (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD]);
    __device__ void WarpStripedToBlocked(InputT (&items)[ITEMS_PER_THREAD]);
    template <typename OutputT>
    __device__ void WarpStripedToBlocked(InputT (&input_items)[ITEMS_PER_THREAD],
                                         OutputT (&output_items)[ITEMS_PER_THREAD]);
    __device__ void BlockedToWarpStriped(InputT (&items)[ITEMS_PER_THREAD]);
    template <typename OutputT>
    __device__ void BlockedToWarpStriped(InputT (&input_items)[ITEMS_PER_THREAD],
                                         OutputT (&output_items)[ITEMS_PER_THREAD]);
    template <typename OffsetT>
    __device__ void ScatterToBlocked(InputT (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD]);
    template <typename OutputT, typename OffsetT>
    __device__ void ScatterToBlocked(InputT (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD],
                                     OffsetT (&ranks)[ITEMS_PER_THREAD]);
    template <typename OffsetT>
    __device__ void ScatterToStriped(InputT (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD]);
    template <typename OutputT, typename OffsetT>
    __device__ void ScatterToStriped(InputT (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD],
                                     OffsetT (&ranks)[ITEMS_PER_THREAD]);
};
} // namespace cub
#endif
