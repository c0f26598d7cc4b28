/* cub/block/block_discontinuity.cuh: cub::BlockDiscontinuity for the
 * translator, as cub/block/block_exchange.cuh: the front end lowers
 * FlagHeads and FlagTails (with and without the tile's predecessor or
 * successor item) to one block-level step over the block's items
 * (src/frontend/lower_cub.c, cucpu_cub_block.h); the operator is called
 * as flag_op(a, b). The member functions are never defined. */
#ifndef CUCPU_CUB_BLOCK_DISCONTINUITY_CUH
#define CUCPU_CUB_BLOCK_DISCONTINUITY_CUH
#include "../../cucpu_cub_block.h"

namespace cub {
template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockDiscontinuity {
public:
    struct TempStorage {
        T first_items[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
        T last_items[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
    };
    __device__ BlockDiscontinuity() {}
    __device__ BlockDiscontinuity(TempStorage &) {}
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    __device__ void FlagHeads(FlagT (&head_flags)[ITEMS_PER_THREAD], T (&input)[ITEMS_PER_THREAD], FlagOp flag_op)
    {
        cucpu_cub_not_lowered();
    }
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    __device__ void FlagHeads(FlagT (&head_flags)[ITEMS_PER_THREAD], T (&input)[ITEMS_PER_THREAD], FlagOp flag_op,
                              T tile_predecessor_item)
    {
        cucpu_cub_not_lowered();
    }
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    __device__ void FlagTails(FlagT (&tail_flags)[ITEMS_PER_THREAD], T (&input)[ITEMS_PER_THREAD], FlagOp flag_op)
    {
        cucpu_cub_not_lowered();
    }
    template <int ITEMS_PER_THREAD, typename FlagT, typename FlagOp>
    __device__ void FlagTails(FlagT (&tail_flags)[ITEMS_PER_THREAD], T (&input)[ITEMS_PER_THREAD], FlagOp flag_op,
                              T tile_successor_item)
    {
        cucpu_cub_not_lowered();
    }
};
} // namespace cub
#endif
