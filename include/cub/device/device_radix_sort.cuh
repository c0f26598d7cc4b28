/* cub/device/device_radix_sort.cuh: cucpu's cub::DeviceRadixSort, on the
 * host (see cucpu_cub.h for the protocol and the stream).
 * SortKeys, SortPairs, SortKeysDescending, SortPairsDescending, each with
 * separate input and output arrays or a DoubleBuffer (the result is left
 * in the other buffer, which becomes Current()). Keys are integers, float
 * or double; [begin_bit, end_bit) selects the bits of CUB's radix form of
 * the key (sign bit flipped for signed integers and positive floats,
 * every bit for negative floats, all of it inverted when descending); the
 * sort is stable, and -0.0 equals +0.0, as in CUB. */
#ifndef CUCPU_CUB_DEVICE_RADIX_SORT_CUH
#define CUCPU_CUB_DEVICE_RADIX_SORT_CUH
#include "../../cucpu_cub.h"

namespace cub {

struct DeviceRadixSort {
#define CUCPU_RADIX_PAIRS(NAME, DESC)                                                                      \
    template <typename KeyT, typename ValueT, typename NumItemsT>                                           \
    static cudaError_t NAME(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,        \
                            KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out,              \
                            NumItemsT num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,        \
                            cudaStream_t stream = 0, bool debug_synchronous = false)                        \
    {                                                                                                      \
        (void)stream, (void)debug_synchronous;                                                             \
        if (cucpu_detail::size_query(d_temp_storage, temp_storage_bytes, 1)) return cudaSuccess;           \
        cucpu_detail::radix_sort(d_keys_in, d_keys_out, d_values_in, d_values_out, (long long)num_items,   \
                                 begin_bit, end_bit, DESC);                                                \
        return cudaSuccess;                                                                                \
    }                                                                                                      \
    template <typename KeyT, typename ValueT, typename NumItemsT>                                           \
    static cudaError_t NAME(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,   \
                            DoubleBuffer<ValueT> &d_values, NumItemsT num_items, int begin_bit = 0,        \
                            int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0,                        \
                            bool debug_synchronous = false)                                                \
    {                                                                                                      \
        (void)stream, (void)debug_synchronous;                                                             \
        if (cucpu_detail::size_query(d_temp_storage, temp_storage_bytes, 1)) return cudaSuccess;           \
        cucpu_detail::radix_sort(d_keys.Current(), d_keys.Alternate(), d_values.Current(),                 \
                                 d_values.Alternate(), (long long)num_items, begin_bit, end_bit, DESC);    \
        d_keys.selector ^= 1;                                                                              \
        d_values.selector ^= 1;                                                                            \
        return cudaSuccess;                                                                                \
    }
#define CUCPU_RADIX_KEYS(NAME, DESC)                                                                       \
    template <typename KeyT, typename NumItemsT>                                                           \
    static cudaError_t NAME(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,        \
                            KeyT *d_keys_out, NumItemsT num_items, int begin_bit = 0,                      \
                            int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0,                        \
                            bool debug_synchronous = false)                                                \
    {                                                                                                      \
        (void)stream, (void)debug_synchronous;                                                             \
        if (cucpu_detail::size_query(d_temp_storage, temp_storage_bytes, 1)) return cudaSuccess;           \
        cucpu_detail::radix_sort(d_keys_in, d_keys_out, (const char *)0, (char *)0, (long long)num_items,  \
                                 begin_bit, end_bit, DESC);                                                \
        return cudaSuccess;                                                                                \
    }                                                                                                      \
    template <typename KeyT, typename NumItemsT>                                                           \
    static cudaError_t NAME(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,   \
                            NumItemsT num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,        \
                            cudaStream_t stream = 0, bool debug_synchronous = false)                        \
    {                                                                                                      \
        (void)stream, (void)debug_synchronous;                                                             \
        if (cucpu_detail::size_query(d_temp_storage, temp_storage_bytes, 1)) return cudaSuccess;           \
        cucpu_detail::radix_sort(d_keys.Current(), d_keys.Alternate(), (const char *)0, (char *)0,         \
                                 (long long)num_items, begin_bit, end_bit, DESC);                          \
        d_keys.selector ^= 1;                                                                              \
        return cudaSuccess;                                                                                \
    }
    CUCPU_RADIX_PAIRS(SortPairs, 0)
    CUCPU_RADIX_PAIRS(SortPairsDescending, 1)
    CUCPU_RADIX_KEYS(SortKeys, 0)
    CUCPU_RADIX_KEYS(SortKeysDescending, 1)
#undef CUCPU_RADIX_PAIRS
#undef CUCPU_RADIX_KEYS
};

} // namespace cub
#endif
