/* cub/device/device_reduce.cuh: cucpu's cub::DeviceReduce, on the host
 * with OpenMP (see cucpu_cub.h for the protocol and the stream).
 * Sum, Min, Max, Reduce, ArgMin, ArgMax. For n == 0: Sum writes 0, Min
 * the type's max(), Max its lowest(), Reduce init, and ArgMin/ArgMax
 * {1, max()} / {1, lowest()} in the KeyValuePair form, as CUB does. Ties
 * of ArgMin/ArgMax give the first index. */
#ifndef CUCPU_CUB_DEVICE_REDUCE_CUH
#define CUCPU_CUB_DEVICE_REDUCE_CUH
#include "../../cucpu_cub.h"

namespace cub {
namespace cucpu_detail {
/* (index, value) pairs reduce to the first extremum. */
template <typename T, int Max>
struct arg_op {
    template <typename P>
    P operator()(const P &a, const P &b) const
    {
        bool take_b = Max ? a.value < b.value : b.value < a.value;
        if (!take_b && !(a.value < b.value) && !(b.value < a.value)) take_b = b.key < a.key;
        return take_b ? b : a;
    }
};
template <typename In, typename T>
struct indexed {
    In in;
    KeyValuePair<long long, T> operator[](long long i) const { return KeyValuePair<long long, T>(i, in[i]); }
};
template <int Max, typename In>
static KeyValuePair<long long, typename in_value<In>::type> arg_extremum(In in, long long n)
{
    typedef typename in_value<In>::type T;
    indexed<In, T> ix = {in};
    KeyValuePair<long long, T> first(0, in[0]);
    return reduce(ix, n, arg_op<T, Max>(), first);
}
} // namespace cucpu_detail

struct DeviceReduce {
    template <typename InputIteratorT, typename OutputIteratorT, typename ReductionOpT, typename T,
              typename NumItemsT>
    static cudaError_t Reduce(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, NumItemsT num_items, ReductionOpT reduction_op, T init,
                              cudaStream_t stream = 0, bool debug_synchronous = false)
    {
        (void)stream, (void)debug_synchronous;
        if (cucpu_detail::size_query(d_temp_storage, temp_storage_bytes, 1)) return cudaSuccess;
        typedef typename cucpu_detail::out_value<OutputIteratorT, T>::type Acc;
        *d_out = cucpu_detail::reduce(d_in, (long long)num_items, reduction_op, (Acc)init);
        return cudaSuccess;
    }

    template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
    static cudaError_t Sum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                           OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0,
                           bool debug_synchronous = false)
    {
        typedef typename cucpu_detail::in_value<InputIteratorT>::type In;
        typedef typename cucpu_detail::out_value<OutputIteratorT, In>::type Acc;
        return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, cub::Sum(), Acc(), stream,
                      debug_synchronous);
    }

    template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
    static cudaError_t Min(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                           OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0,
                           bool debug_synchronous = false)
    {
        typedef typename cucpu_detail::in_value<InputIteratorT>::type In;
        return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, cub::Min(),
                      std::numeric_limits<In>::max(), stream, debug_synchronous);
    }

    template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
    static cudaError_t Max(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                           OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0,
                           bool debug_synchronous = false)
    {
        typedef typename cucpu_detail::in_value<InputIteratorT>::type In;
        return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, cub::Max(),
                      std::numeric_limits<In>::lowest(), stream, debug_synchronous);
    }

    /* KeyValuePair<int, T> form: {index, value}. */
    template <typename InputIteratorT, typename OutputIteratorT>
    static cudaError_t ArgMin(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, int num_items, cudaStream_t stream = 0,
                              bool debug_synchronous = false)
    {
        return arg_pair<0>(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, stream, debug_synchronous);
    }
    template <typename InputIteratorT, typename OutputIteratorT>
    static cudaError_t ArgMax(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, int num_items, cudaStream_t stream = 0,
                              bool debug_synchronous = false)
    {
        return arg_pair<1>(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, stream, debug_synchronous);
    }

    /* Two-output form (CUB 2.8+): the extremum and its index. */
    template <typename InputIteratorT, typename ExtremumOutIteratorT, typename IndexOutIteratorT>
    static cudaError_t ArgMin(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              ExtremumOutIteratorT d_min_out, IndexOutIteratorT d_index_out, long long num_items,
                              cudaStream_t stream = 0)
    {
        return arg_two<0>(d_temp_storage, temp_storage_bytes, d_in, d_min_out, d_index_out, num_items, stream);
    }
    template <typename InputIteratorT, typename ExtremumOutIteratorT, typename IndexOutIteratorT>
    static cudaError_t ArgMax(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              ExtremumOutIteratorT d_max_out, IndexOutIteratorT d_index_out, long long num_items,
                              cudaStream_t stream = 0)
    {
        return arg_two<1>(d_temp_storage, temp_storage_bytes, d_in, d_max_out, d_index_out, num_items, stream);
    }

private:
    template <int IsMax, typename InputIteratorT, typename OutputIteratorT>
    static cudaError_t arg_pair(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                OutputIteratorT d_out, int num_items, cudaStream_t, bool)
    {
        if (cucpu_detail::size_query(d_temp_storage, temp_storage_bytes, 1)) return cudaSuccess;
        typedef typename cucpu_detail::in_value<InputIteratorT>::type T;
        typedef typename cucpu_detail::out_value<OutputIteratorT, KeyValuePair<int, T> >::type P;
        P r;
        if (num_items <= 0) {
            r.key = 1;
            r.value = IsMax ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
        } else {
            KeyValuePair<long long, T> e = cucpu_detail::arg_extremum<IsMax>(d_in, num_items);
            r.key = (int)e.key;
            r.value = e.value;
        }
        *d_out = r;
        return cudaSuccess;
    }
    template <int IsMax, typename InputIteratorT, typename ExtremumOutIteratorT, typename IndexOutIteratorT>
    static cudaError_t arg_two(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                               ExtremumOutIteratorT d_ext, IndexOutIteratorT d_index, long long num_items,
                               cudaStream_t)
    {
        if (cucpu_detail::size_query(d_temp_storage, temp_storage_bytes, 1)) return cudaSuccess;
        typedef typename cucpu_detail::in_value<InputIteratorT>::type T;
        if (num_items <= 0) {
            *d_ext = IsMax ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
            *d_index = 0;
            return cudaSuccess;
        }
        KeyValuePair<long long, T> e = cucpu_detail::arg_extremum<IsMax>(d_in, num_items);
        *d_ext = e.value;
        *d_index = e.key;
        return cudaSuccess;
    }
};

} // namespace cub
#endif
