/* cucpu_cub.h: what cucpu's CUB headers (include/cub/) share.
 *
 * CUB's device-wide algorithms (cub::DeviceReduce, DeviceScan,
 * DeviceRadixSort) run on the host: device memory is host memory, and each
 * call has finished when it returns, as a launch has. They keep CUB's
 * two-call protocol: a call with d_temp_storage == NULL only sets
 * temp_storage_bytes (at least 1, so that the caller's allocation is not
 * NULL) and returns cudaSuccess; a call with storage runs. The stream is
 * accepted and unused. Loops are OpenMP loops over contiguous chunks, one
 * per thread, combined in order (the host compile has -fopenmp).
 *
 * Also here: cub::KeyValuePair, cub::DoubleBuffer and the operators
 * cub::Sum, Min, Max (CUB 1.x/2.x names). Block- and warp-level CUB
 * (BlockReduce, BlockScan, WarpReduce) is declared in include/cub/block
 * and include/cub/warp; the front end lowers their collectives itself
 * (src/frontend/lower_cub.c). */
#ifndef CUCPU_CUB_H
#define CUCPU_CUB_H
#include "cuda_runtime_api.h"
#include <stddef.h>
#include <string.h>
/* CUDA's CUB (CCCL) brings these with it (HeCBench's nonzero times with
 * std::chrono after <cub/cub.cuh> alone) */
#include <iostream>
#include <chrono>
#include <algorithm>
#include <iterator>
#include <limits>
#include <type_traits>
#include <vector>
#include <omp.h>

#define CUB_VERSION 101702
#define CUB_NAMESPACE_BEGIN namespace cub {
#define CUB_NAMESPACE_END }
#define CUB_NS_QUALIFIER ::cub
#define CUB_RUNTIME_FUNCTION __host__

namespace cub {

/* The body of the member functions of BlockReduce, BlockScan and
 * WarpReduce that take an operator: never run, since the front end lowers
 * or rejects every call of them; defined so that clang accepts a lambda's
 * type as the operator's (an undefined function of a type without linkage
 * is an error). The others are declared only. */
[[noreturn]] __host__ __device__ inline void cucpu_cub_not_lowered() { __builtin_trap(); }

template <typename Key, typename Value>
struct KeyValuePair {
    typedef Key first_type;
    typedef Value second_type;
    Key key;
    Value value;
    __host__ __device__ KeyValuePair() {}
    __host__ __device__ KeyValuePair(const Key &k, const Value &v) : key(k), value(v) {}
    __host__ __device__ bool operator!=(const KeyValuePair &b) const { return key != b.key || value != b.value; }
};

/* Two buffers and a selector: the sort reads Current() and leaves its
 * result in the other, which becomes Current(). */
template <typename T>
struct DoubleBuffer {
    T *d_buffers[2];
    int selector;
    __host__ __device__ DoubleBuffer() : selector(0) { d_buffers[0] = d_buffers[1] = NULL; }
    __host__ __device__ DoubleBuffer(T *current, T *alternate) : selector(0)
    {
        d_buffers[0] = current;
        d_buffers[1] = alternate;
    }
    __host__ __device__ T *Current() { return d_buffers[selector]; }
    __host__ __device__ T *Alternate() { return d_buffers[selector ^ 1]; }
};

struct Sum {
    template <typename A, typename B>
    __host__ __device__ auto operator()(const A &a, const B &b) const -> decltype(a + b) { return a + b; }
};
struct Max {
    template <typename T>
    __host__ __device__ T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
struct Min {
    template <typename T>
    __host__ __device__ T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};

namespace cucpu_detail {

/* The type an output iterator stores, or Fallback where it says void
 * (CUB's rule for the type of a reduction's or scan's result). */
template <typename It, typename Fallback>
struct out_value {
    typedef typename std::iterator_traits<It>::value_type v;
    typedef typename std::conditional<std::is_void<v>::value, Fallback, v>::type type;
};
template <typename It>
struct in_value {
    typedef typename std::remove_cv<typename std::iterator_traits<It>::value_type>::type type;
};

/* The first call of the protocol: the size. Returns 1 when it answered. */
static inline int size_query(void *d_temp_storage, size_t &temp_storage_bytes, size_t need)
{
    if (d_temp_storage)
        return 0;
    temp_storage_bytes = need ? need : 1;
    return 1;
}

/* Chunk t of n items split among nt threads: [*b, *e). */
static inline void chunk(long long n, int t, int nt, long long *b, long long *e)
{
    long long q = n / nt, r = n % nt;
    *b = t * q + (t < r ? t : r);
    *e = *b + q + (t < r ? 1 : 0);
}

/* part[t] = in[b] op ... op in[e-1] over chunk t of nt (has[t] 0 for an
 * empty chunk), one OpenMP thread per chunk. */
template <typename Acc, typename In, typename Op>
static void chunk_totals(In in, long long n, Op op, int nt, std::vector<Acc> &part, std::vector<char> &has)
{
#pragma omp parallel for num_threads(nt) schedule(static, 1)
    for (int t = 0; t < nt; t++) {
        long long b, e;
        chunk(n, t, nt, &b, &e);
        if (b == e) continue;
        Acc a = in[b];
        for (long long i = b + 1; i < e; i++) a = op(a, in[i]);
        part[t] = a;
        has[t] = 1;
    }
}

/* init op in[0] op ... op in[n-1]: each thread reduces its chunk, and
 * the partial results are combined in order. */
template <typename Acc, typename In, typename Op>
static Acc reduce(In in, long long n, Op op, Acc init)
{
    int nt = n < 4096 ? 1 : omp_get_max_threads();
    std::vector<Acc> part(nt);
    std::vector<char> has(nt, 0);
    chunk_totals(in, n, op, nt, part, has);
    Acc acc = init;
    for (int t = 0; t < nt; t++)
        if (has[t]) acc = op(acc, part[t]);
    return acc;
}

/* out[i] = init op in[0] op ... op in[i] (inclusive), or the same without
 * in[i] (exclusive); has_init 0: an inclusive scan without init. Two
 * passes over chunks; in == out is allowed. */
template <typename Acc, typename In, typename Out, typename Op>
static void scan(In in, Out out, long long n, Op op, Acc init, int has_init, int exclusive)
{
    int nt = n < 4096 ? 1 : omp_get_max_threads();
    std::vector<Acc> part(nt);
    std::vector<char> filled(nt, 0);
    chunk_totals(in, n, op, nt, part, filled);
    std::vector<Acc> carry(nt);
    std::vector<char> has(nt, 0);
    Acc acc = init;
    int any = has_init;
    for (int t = 0; t < nt; t++) {
        long long b, e;
        chunk(n, t, nt, &b, &e);
        carry[t] = acc;
        has[t] = (char)any;
        if (b == e) continue;
        acc = any ? op(acc, part[t]) : part[t];
        any = 1;
    }
#pragma omp parallel for num_threads(nt) schedule(static, 1)
    for (int t = 0; t < nt; t++) {
        long long b, e;
        chunk(n, t, nt, &b, &e);
        Acc a = carry[t];
        int h = has[t];
        for (long long i = b; i < e; i++) {
            Acc x = in[i];
            if (exclusive) {
                out[i] = a;
                a = h ? op(a, x) : x;
            } else {
                a = h ? op(a, x) : x;
                out[i] = a;
            }
            h = 1;
        }
    }
}

/* A key's bits in radix order (CUB's transformations): unsigned as is,
 * signed with the sign bit flipped, floating point with the sign bit
 * flipped when positive and every bit when negative; -0.0 is +0.0. */
template <typename K, typename Enable = void>
struct radix_bits;
template <typename K>
struct radix_bits<K, typename std::enable_if<std::is_integral<K>::value>::type> {
    typedef typename std::make_unsigned<K>::type U;
    static U get(K k)
    {
        U u = (U)k;
        if (std::is_signed<K>::value) u ^= (U)((U)1 << (sizeof(U) * 8 - 1));
        return u;
    }
};
template <typename F, typename U>
static U float_bits(F f)
{
    if (f == 0) f = 0; /* -0.0 sorts as +0.0 */
    U u;
    memcpy(&u, &f, sizeof u);
    U sign = (U)((U)1 << (sizeof(U) * 8 - 1));
    return (u & sign) ? (U)~u : (U)(u | sign);
}
template <>
struct radix_bits<float> {
    typedef unsigned int U;
    static U get(float f) { return float_bits<float, U>(f); }
};
template <>
struct radix_bits<double> {
    typedef unsigned long long U;
    static U get(double f) { return float_bits<double, U>(f); }
};

/* The stable order of keys[0..n) by bits [begin_bit, end_bit) of their
 * radix form (inverted when descending): a permutation of 0..n-1. */
template <typename K>
static std::vector<long long> radix_order(const K *keys, long long n, int begin_bit, int end_bit, int descending)
{
    typedef typename radix_bits<K>::U U;
    const int w = (int)sizeof(U) * 8;
    if (begin_bit < 0) begin_bit = 0;
    if (end_bit > w) end_bit = w;
    U mask = 0;
    for (int b = begin_bit; b < end_bit; b++) mask |= (U)((U)1 << b);
    std::vector<U> bits(n);
#pragma omp parallel for schedule(static)
    for (long long i = 0; i < n; i++) {
        U u = radix_bits<K>::get(keys[i]);
        if (descending) u = (U)~u;
        bits[i] = u & mask;
    }
    std::vector<long long> order(n);
    for (long long i = 0; i < n; i++) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&bits](long long a, long long b) { return bits[a] < bits[b]; });
    return order;
}

/* Sorts keys (and values, if any) from the inputs into the outputs; the
 * inputs and outputs may be the same arrays. */
template <typename K, typename V>
static void radix_sort(const K *keys_in, K *keys_out, const V *vals_in, V *vals_out, long long n,
                       int begin_bit, int end_bit, int descending)
{
    if (n <= 0) return;
    std::vector<long long> order = radix_order(keys_in, n, begin_bit, end_bit, descending);
    std::vector<K> k(n);
    for (long long i = 0; i < n; i++) k[i] = keys_in[order[i]];
    if (vals_in && vals_out) {
        std::vector<V> v(n);
        for (long long i = 0; i < n; i++) v[i] = vals_in[order[i]];
        std::copy(v.begin(), v.end(), vals_out);
    }
    std::copy(k.begin(), k.end(), keys_out);
}

} // namespace cucpu_detail
} // namespace cub
#endif
