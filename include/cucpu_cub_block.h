/* cucpu_cub_block.h: the block-level steps of cub::BlockExchange and
 * cub::BlockRadixSort, as the front end lowers their calls
 * (src/frontend/lower_cub.c): each thread's items are copied into a
 * per-thread Items, one block-level statement (a barrier before and after)
 * rearranges the block's Items in place, given the block's nt threads, and
 * each thread copies its Items back into its array.
 *
 * Arrangements (CUB's): blocked, thread t's item i at t * I + i; striped,
 * at i * nt + t; warp-striped, at (t / 32) * 32 * I + i * 32 + t % 32. */
#ifndef CUCPU_CUB_BLOCK_H
#define CUCPU_CUB_BLOCK_H
#include "cucpu_cub.h"

namespace cub {
/* CUB's "no values" type (BlockRadixSort's default ValueT). */
struct NullType {};
/* BlockDiscontinuity's usual flag operators. */
struct Equality {
    template <typename T>
    __host__ __device__ bool operator()(const T &a, const T &b) const { return a == b; }
};
struct Inequality {
    template <typename T>
    __host__ __device__ bool operator()(const T &a, const T &b) const { return a != b; }
};

namespace cucpu_detail {

/* One thread's items, copyable as a whole. */
template <typename T, int I>
struct Items {
    T v[I];
};
template <typename A>
struct ItemsOf;
template <typename T, int I>
struct ItemsOf<T[I]> {
    typedef Items<T, I> type;
};

template <typename T, typename U, int I>
__host__ __device__ inline Items<T, I> items_of(U (&a)[I])
{
    Items<T, I> r;
    for (int i = 0; i < I; i++) r.v[i] = a[i];
    return r;
}
template <typename T, typename U, int I>
__host__ __device__ inline void items_to(T (&a)[I], const Items<U, I> &x)
{
    for (int i = 0; i < I; i++) a[i] = x.v[i];
}

enum Arrangement { BLOCKED, STRIPED, WARP_STRIPED };

inline long long position(Arrangement a, int t, int i, int nt, int I)
{
    switch (a) {
    case BLOCKED: return (long long)t * I + i;
    case STRIPED: return (long long)i * nt + t;
    default: return (long long)(t / 32) * 32 * I + (long long)i * 32 + t % 32;
    }
}

/* Room for the block's items in any arrangement (warp-striped rounds the
 * threads up to whole warps). */
inline long long block_room(int nt, int I) { return (long long)(nt + 31) / 32 * 32 * I; }

/* The block's items, per thread in arrangement `from`, become those of
 * arrangement `to`. */
template <typename T, int I>
void block_exchange(Items<T, I> *x, int nt, Arrangement from, Arrangement to)
{
    std::vector<T> flat((size_t)block_room(nt, I));
    for (int t = 0; t < nt; t++)
        for (int i = 0; i < I; i++) flat[(size_t)position(from, t, i, nt, I)] = x[t].v[i];
    for (int t = 0; t < nt; t++)
        for (int i = 0; i < I; i++) x[t].v[i] = flat[(size_t)position(to, t, i, nt, I)];
}

/* Each item goes to the position its rank names; the block's items then
 * are those positions in arrangement `to`. A rank outside the block's
 * items is dropped; a position no item names keeps the item it had. */
template <typename T, typename R, int I>
void block_scatter(Items<T, I> *x, const Items<R, I> *rank, int nt, Arrangement to)
{
    long long n = (long long)nt * I;
    std::vector<T> flat((size_t)block_room(nt, I));
    for (int t = 0; t < nt; t++)
        for (int i = 0; i < I; i++) flat[(size_t)position(to, t, i, nt, I)] = x[t].v[i];
    for (int t = 0; t < nt; t++)
        for (int i = 0; i < I; i++) {
            long long r = (long long)rank[t].v[i];
            if (r >= 0 && r < n) flat[(size_t)r] = x[t].v[i];
        }
    for (int t = 0; t < nt; t++)
        for (int i = 0; i < I; i++) x[t].v[i] = flat[(size_t)position(to, t, i, nt, I)];
}

/* The block's keys (and values), blocked, sorted stably by bits
 * [begin_bit, end_bit) of their radix form (radix_order), the result in
 * arrangement `to` (blocked or striped), as BlockRadixSort leaves it. */
template <typename K, typename V, int I>
void block_radix_sort(Items<K, I> *keys, Items<V, I> *vals, int nt, int begin_bit, int end_bit, int descending,
                      Arrangement to)
{
    long long n = (long long)nt * I;
    std::vector<K> k((size_t)n);
    for (int t = 0; t < nt; t++)
        for (int i = 0; i < I; i++) k[(size_t)position(BLOCKED, t, i, nt, I)] = keys[t].v[i];
    std::vector<long long> order = radix_order(k.data(), n, begin_bit, end_bit, descending);
    std::vector<V> v;
    if (vals) {
        v.resize((size_t)n);
        for (int t = 0; t < nt; t++)
            for (int i = 0; i < I; i++) v[(size_t)position(BLOCKED, t, i, nt, I)] = vals[t].v[i];
    }
    for (int t = 0; t < nt; t++)
        for (int i = 0; i < I; i++) {
            long long r = order[(size_t)position(to, t, i, nt, I)];
            keys[t].v[i] = k[(size_t)r];
            if (vals) vals[t].v[i] = v[(size_t)r];
        }
}
template <typename K, int I>
void block_radix_sort(Items<K, I> *keys, int nt, int begin_bit, int end_bit, int descending, Arrangement to)
{
    block_radix_sort(keys, (Items<K, I> *)0, nt, begin_bit, end_bit, descending, to);
}

/* BlockDiscontinuity: each item's head flag, op(previous item, item) in
 * the blocked order; the block's first item's op(*pred, item), or 1 with
 * no predecessor. */
template <typename F, typename T, int I, typename Op>
void flag_heads(Items<F, I> *flags, const Items<T, I> *x, int nt, Op op, const T *pred)
{
    for (int t = 0; t < nt; t++)
        for (int i = 0; i < I; i++) {
            if (t == 0 && i == 0) flags[0].v[0] = pred ? (F)op(*pred, x[0].v[0]) : (F)1;
            else flags[t].v[i] = (F)op(i ? x[t].v[i - 1] : x[t - 1].v[I - 1], x[t].v[i]);
        }
}

/* Tail flags: op(item, next item); the block's last item's op(item,
 * *succ), or 1 with no successor. */
template <typename F, typename T, int I, typename Op>
void flag_tails(Items<F, I> *flags, const Items<T, I> *x, int nt, Op op, const T *succ)
{
    for (int t = 0; t < nt; t++)
        for (int i = 0; i < I; i++) {
            if (t == nt - 1 && i == I - 1) flags[t].v[i] = succ ? (F)op(x[t].v[i], *succ) : (F)1;
            else flags[t].v[i] = (F)op(x[t].v[i], i < I - 1 ? x[t].v[i + 1] : x[t + 1].v[0]);
        }
}

/* BlockHistogram: thread 0 clears the block's bins (the others' calls do
 * nothing); each thread then counts its items into them, atomically,
 * since a block's threads may run in parallel. A value outside the bins
 * is not counted. */
template <typename C, int B>
__host__ __device__ inline void histogram_zero(int tid, C (&bins)[B])
{
    if (tid == 0)
        for (int b = 0; b < B; b++) bins[b] = 0;
}
template <typename T, int I, typename C, int B>
__host__ __device__ inline void histogram_add(T (&items)[I], C (&bins)[B])
{
    for (int i = 0; i < I; i++) {
        long long b = (long long)items[i];
        if (b >= 0 && b < B) __atomic_fetch_add(&bins[b], (C)1, __ATOMIC_RELAXED);
    }
}

/* WarpScan's results with an initial value: op(init, scan), or init
 * itself at a logical warp's first lane of an exclusive scan. */
template <typename Op, typename T>
__host__ __device__ inline T with_init(Op op, const T &init, const T &scan, bool first)
{
    return first ? init : op(init, scan);
}

} // namespace cucpu_detail
} // namespace cub
#endif
