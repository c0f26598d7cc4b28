/* cub/device/device_scan.cuh: cucpu's cub::DeviceScan, on the host with
 * OpenMP (see cucpu_cub.h for the protocol and the stream).
 * InclusiveSum, ExclusiveSum (from 0), InclusiveScan (with or without an
 * initial value), ExclusiveScan (with one); d_in == d_out is allowed.
 * Integer results are exact; floating-point sums are those of a chunked
 * order (one chunk per OpenMP thread). */
#ifndef CUCPU_CUB_DEVICE_SCAN_CUH
#define CUCPU_CUB_DEVICE_SCAN_CUH
#include "../../cucpu_cub.h"

namespace cub {

struct DeviceScan {
    template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
    static cudaError_t InclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                    OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0,
                                    bool debug_synchronous = false)
    {
        return InclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, cub::Sum(), num_items, stream,
                             debug_synchronous);
    }

    template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
    static cudaError_t ExclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                    OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0,
                                    bool debug_synchronous = false)
    {
        (void)stream, (void)debug_synchronous;
        if (cucpu_detail::size_query(d_temp_storage, temp_storage_bytes, 1)) return cudaSuccess;
        typedef typename cucpu_detail::in_value<InputIteratorT>::type In;
        typedef typename cucpu_detail::out_value<OutputIteratorT, In>::type Acc;
        cucpu_detail::scan(d_in, d_out, (long long)num_items, cub::Sum(), Acc(), 1, 1);
        return cudaSuccess;
    }

    template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename NumItemsT>
    static cudaError_t InclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                     OutputIteratorT d_out, ScanOpT scan_op, NumItemsT num_items,
                                     cudaStream_t stream = 0, bool debug_synchronous = false)
    {
        (void)stream, (void)debug_synchronous;
        if (cucpu_detail::size_query(d_temp_storage, temp_storage_bytes, 1)) return cudaSuccess;
        typedef typename cucpu_detail::in_value<InputIteratorT>::type In;
        typedef typename cucpu_detail::out_value<OutputIteratorT, In>::type Acc;
        cucpu_detail::scan(d_in, d_out, (long long)num_items, scan_op, Acc(), 0, 0);
        return cudaSuccess;
    }

    /* With an initial value (CUB 2.x): init op in[0] op ... op in[i]. */
    template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename InitValueT,
              typename NumItemsT>
    static cudaError_t InclusiveScanInit(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                         OutputIteratorT d_out, ScanOpT scan_op, InitValueT init_value,
                                         NumItemsT num_items, cudaStream_t stream = 0)
    {
        (void)stream;
        if (cucpu_detail::size_query(d_temp_storage, temp_storage_bytes, 1)) return cudaSuccess;
        typedef typename cucpu_detail::out_value<OutputIteratorT, InitValueT>::type Acc;
        cucpu_detail::scan(d_in, d_out, (long long)num_items, scan_op, (Acc)init_value, 1, 0);
        return cudaSuccess;
    }

    template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename InitValueT,
              typename NumItemsT>
    static cudaError_t ExclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                     OutputIteratorT d_out, ScanOpT scan_op, InitValueT init_value,
                                     NumItemsT num_items, cudaStream_t stream = 0, bool debug_synchronous = false)
    {
        (void)stream, (void)debug_synchronous;
        if (cucpu_detail::size_query(d_temp_storage, temp_storage_bytes, 1)) return cudaSuccess;
        typedef typename cucpu_detail::out_value<OutputIteratorT, InitValueT>::type Acc;
        cucpu_detail::scan(d_in, d_out, (long long)num_items, scan_op, (Acc)init_value, 1, 1);
        return cudaSuccess;
    }
};

} // namespace cub
#endif
