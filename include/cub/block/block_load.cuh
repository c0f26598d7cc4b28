/* cub/block/block_load.cuh: cub::BlockLoad and the direct loads
 * (LoadDirectBlocked, LoadDirectStriped, LoadDirectWarpStriped,
 * LoadDirectBlockedVectorized), as plain per-thread code.
 *
 * What a thread ends with depends only on the arrangement an algorithm
 * gives, not on how the GPU gets there: BLOCK_LOAD_DIRECT, _VECTORIZE,
 * _TRANSPOSE, _WARP_TRANSPOSE and _WARP_TRANSPOSE_TIMESLICED all leave the
 * blocked arrangement (thread t holds items t * ITEMS_PER_THREAD ..), the
 * transposes after coalesced reads through the TempStorage; here each
 * thread reads its own items directly, with no barrier and no use of the
 * TempStorage. BLOCK_LOAD_STRIPED leaves the striped arrangement (item i of
 * thread t is i * BLOCK_THREADS + t). A guarded load reads the positions
 * below valid_items and leaves the others as they were, or sets them to
 * oob_default. The thread's rank is CUB's: x + y * BLOCK_DIM_X + z *
 * BLOCK_DIM_X * BLOCK_DIM_Y. */
#ifndef CUCPU_CUB_BLOCK_LOAD_CUH
#define CUCPU_CUB_BLOCK_LOAD_CUH
#include "../../cucpu_cub.h"

namespace cub {

template <typename T, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ __forceinline__ void LoadDirectBlocked(int linear_tid, InputIteratorT block_itr,
                                                  T (&items)[ITEMS_PER_THREAD])
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++) items[i] = block_itr[linear_tid * ITEMS_PER_THREAD + i];
}

template <typename T, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ __forceinline__ void LoadDirectBlocked(int linear_tid, InputIteratorT block_itr,
                                                  T (&items)[ITEMS_PER_THREAD], int valid_items)
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        if (linear_tid * ITEMS_PER_THREAD + i < valid_items) items[i] = block_itr[linear_tid * ITEMS_PER_THREAD + i];
}

template <typename T, typename DefaultT, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ __forceinline__ void LoadDirectBlocked(int linear_tid, InputIteratorT block_itr,
                                                  T (&items)[ITEMS_PER_THREAD], int valid_items, DefaultT oob_default)
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++) items[i] = oob_default;
    LoadDirectBlocked(linear_tid, block_itr, items, valid_items);
}

template <typename T, int ITEMS_PER_THREAD>
__device__ __forceinline__ void LoadDirectBlockedVectorized(int linear_tid, T *block_ptr, T (&items)[ITEMS_PER_THREAD])
{
    LoadDirectBlocked(linear_tid, block_ptr, items);
}

template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ __forceinline__ void LoadDirectStriped(int linear_tid, InputIteratorT block_itr,
                                                  T (&items)[ITEMS_PER_THREAD])
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++) items[i] = block_itr[i * BLOCK_THREADS + linear_tid];
}

template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ __forceinline__ void LoadDirectStriped(int linear_tid, InputIteratorT block_itr,
                                                  T (&items)[ITEMS_PER_THREAD], int valid_items)
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        if (i * BLOCK_THREADS + linear_tid < valid_items) items[i] = block_itr[i * BLOCK_THREADS + linear_tid];
}

template <int BLOCK_THREADS, typename T, typename DefaultT, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ __forceinline__ void LoadDirectStriped(int linear_tid, InputIteratorT block_itr,
                                                  T (&items)[ITEMS_PER_THREAD], int valid_items, DefaultT oob_default)
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++) items[i] = oob_default;
    LoadDirectStriped<BLOCK_THREADS>(linear_tid, block_itr, items, valid_items);
}

/* Warp-striped: warp w's items start at w * 32 * ITEMS_PER_THREAD; item i
 * of lane l is at that start + i * 32 + l. */
template <typename T, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ __forceinline__ void LoadDirectWarpStriped(int linear_tid, InputIteratorT block_itr,
                                                      T (&items)[ITEMS_PER_THREAD])
{
    int lane = linear_tid % 32, base = linear_tid / 32 * 32 * ITEMS_PER_THREAD;
    for (int i = 0; i < ITEMS_PER_THREAD; i++) items[i] = block_itr[base + i * 32 + lane];
}

template <typename T, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ __forceinline__ void LoadDirectWarpStriped(int linear_tid, InputIteratorT block_itr,
                                                      T (&items)[ITEMS_PER_THREAD], int valid_items)
{
    int lane = linear_tid % 32, base = linear_tid / 32 * 32 * ITEMS_PER_THREAD;
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        if (base + i * 32 + lane < valid_items) items[i] = block_itr[base + i * 32 + lane];
}

template <typename T, typename DefaultT, int ITEMS_PER_THREAD, typename InputIteratorT>
__device__ __forceinline__ void LoadDirectWarpStriped(int linear_tid, InputIteratorT block_itr,
                                                      T (&items)[ITEMS_PER_THREAD], int valid_items,
                                                      DefaultT oob_default)
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++) items[i] = oob_default;
    LoadDirectWarpStriped(linear_tid, block_itr, items, valid_items);
}

enum BlockLoadAlgorithm {
    BLOCK_LOAD_DIRECT,
    BLOCK_LOAD_STRIPED,
    BLOCK_LOAD_VECTORIZE,
    BLOCK_LOAD_TRANSPOSE,
    BLOCK_LOAD_WARP_TRANSPOSE,
    BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED
};

template <typename InputT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockLoad {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
public:
    /* Reserves what a CUDA program declares; nothing is stored in it. */
    struct TempStorage {
        InputT slot[1];
    };
    __device__ BlockLoad() {}
    __device__ BlockLoad(TempStorage &) {}

    /* Load and its overloads are what programs call: the front end turns
     * each call into the static cucpu_load, with the thread's rank first (CUB's
     * x + y * BLOCK_DIM_X + z * BLOCK_DIM_X * BLOCK_DIM_Y, as the block's
     * linear thread id is when its dimensions are the class's), since these
     * headers are not translated and cannot read threadIdx. */
    template <typename InputIteratorT>
    __device__ void Load(InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD]);
    template <typename InputIteratorT>
    __device__ void Load(InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD], int valid_items);
    template <typename InputIteratorT, typename DefaultT>
    __device__ void Load(InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD], int valid_items,
                         DefaultT oob_default);

    template <typename InputIteratorT>
    static __device__ void cucpu_load(int rank, InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD])
    {
        if (ALGORITHM == BLOCK_LOAD_STRIPED) LoadDirectStriped<BLOCK_THREADS>(rank, block_itr, items);
        else LoadDirectBlocked(rank, block_itr, items);
    }
    template <typename InputIteratorT>
    static __device__ void cucpu_load(int rank, InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD], int valid_items)
    {
        if (ALGORITHM == BLOCK_LOAD_STRIPED) LoadDirectStriped<BLOCK_THREADS>(rank, block_itr, items, valid_items);
        else LoadDirectBlocked(rank, block_itr, items, valid_items);
    }
    template <typename InputIteratorT, typename DefaultT>
    static __device__ void cucpu_load(int rank, InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD],
                               int valid_items, DefaultT oob_default)
    {
        if (ALGORITHM == BLOCK_LOAD_STRIPED)
            LoadDirectStriped<BLOCK_THREADS>(rank, block_itr, items, valid_items, oob_default);
        else LoadDirectBlocked(rank, block_itr, items, valid_items, oob_default);
    }
};
} // namespace cub
#endif
