/* cub/block/block_store.cuh: cub::BlockStore and the direct stores
 * (StoreDirectBlocked, StoreDirectStriped, StoreDirectWarpStriped,
 * StoreDirectBlockedVectorized), as plain per-thread code, as
 * block_load.cuh does the loads: every algorithm but BLOCK_STORE_STRIPED
 * takes the blocked arrangement (thread t's items go to t *
 * ITEMS_PER_THREAD ..), BLOCK_STORE_STRIPED the striped one (item i of
 * thread t to i * BLOCK_THREADS + t); each thread writes its own items
 * directly, and a guarded store writes the positions below valid_items. */
#ifndef CUCPU_CUB_BLOCK_STORE_CUH
#define CUCPU_CUB_BLOCK_STORE_CUH
#include "../../cucpu_cub.h"

namespace cub {

template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ __forceinline__ void StoreDirectBlocked(int linear_tid, OutputIteratorT block_itr,
                                                   T (&items)[ITEMS_PER_THREAD])
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++) block_itr[linear_tid * ITEMS_PER_THREAD + i] = items[i];
}

template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ __forceinline__ void StoreDirectBlocked(int linear_tid, OutputIteratorT block_itr,
                                                   T (&items)[ITEMS_PER_THREAD], int valid_items)
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        if (linear_tid * ITEMS_PER_THREAD + i < valid_items) block_itr[linear_tid * ITEMS_PER_THREAD + i] = items[i];
}

template <typename T, int ITEMS_PER_THREAD>
__device__ __forceinline__ void StoreDirectBlockedVectorized(int linear_tid, T *block_ptr,
                                                             T (&items)[ITEMS_PER_THREAD])
{
    StoreDirectBlocked(linear_tid, block_ptr, items);
}

template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ __forceinline__ void StoreDirectStriped(int linear_tid, OutputIteratorT block_itr,
                                                   T (&items)[ITEMS_PER_THREAD])
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++) block_itr[i * BLOCK_THREADS + linear_tid] = items[i];
}

template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ __forceinline__ void StoreDirectStriped(int linear_tid, OutputIteratorT block_itr,
                                                   T (&items)[ITEMS_PER_THREAD], int valid_items)
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        if (i * BLOCK_THREADS + linear_tid < valid_items) block_itr[i * BLOCK_THREADS + linear_tid] = items[i];
}

template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ __forceinline__ void StoreDirectWarpStriped(int linear_tid, OutputIteratorT block_itr,
                                                       T (&items)[ITEMS_PER_THREAD])
{
    int lane = linear_tid % 32, base = linear_tid / 32 * 32 * ITEMS_PER_THREAD;
    for (int i = 0; i < ITEMS_PER_THREAD; i++) block_itr[base + i * 32 + lane] = items[i];
}

template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ __forceinline__ void StoreDirectWarpStriped(int linear_tid, OutputIteratorT block_itr,
                                                       T (&items)[ITEMS_PER_THREAD], int valid_items)
{
    int lane = linear_tid % 32, base = linear_tid / 32 * 32 * ITEMS_PER_THREAD;
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        if (base + i * 32 + lane < valid_items) block_itr[base + i * 32 + lane] = items[i];
}

enum BlockStoreAlgorithm {
    BLOCK_STORE_DIRECT,
    BLOCK_STORE_STRIPED,
    BLOCK_STORE_VECTORIZE,
    BLOCK_STORE_TRANSPOSE,
    BLOCK_STORE_WARP_TRANSPOSE,
    BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED
};

template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockStore {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
public:
    /* Reserves what a CUDA program declares; nothing is stored in it. */
    struct TempStorage {
        T slot[1];
    };
    __device__ BlockStore() {}
    __device__ BlockStore(TempStorage &) {}

    /* Store and its overload are what programs call: the front end turns
     * each call into the static cucpu_store, with the thread's rank first (see
     * BlockLoad). */
    template <typename OutputIteratorT>
    __device__ void Store(OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD]);
    template <typename OutputIteratorT>
    __device__ void Store(OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items);

    template <typename OutputIteratorT>
    static __device__ void cucpu_store(int rank, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD])
    {
        if (ALGORITHM == BLOCK_STORE_STRIPED) StoreDirectStriped<BLOCK_THREADS>(rank, block_itr, items);
        else StoreDirectBlocked(rank, block_itr, items);
    }
    template <typename OutputIteratorT>
    static __device__ void cucpu_store(int rank, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items)
    {
        if (ALGORITHM == BLOCK_STORE_STRIPED) StoreDirectStriped<BLOCK_THREADS>(rank, block_itr, items, valid_items);
        else StoreDirectBlocked(rank, block_itr, items, valid_items);
    }
};
} // namespace cub
#endif
