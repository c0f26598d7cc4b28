/* cooperative_groups/memcpy_async.h: cg::memcpy_async, cg::wait and
 * cg::wait_prior<N>.
 *
 * On the GPU memcpy_async starts a copy that the group's threads share and
 * wait(g) / wait_prior<N>(g) waits for it and then runs g.sync(). Here the
 * threads of a block run one after the other between barriers, so a copy
 * cannot be "in flight": each thread copies its share of the bytes at
 * once, where it calls memcpy_async (thread rank r of a group of n copies
 * the r-th of n contiguous chunks), and wait(g) and wait_prior<N>(g) are
 * g.sync() for every N (the translator lowers them as it lowers sync: a
 * block barrier on a thread_block, a warp barrier on a tile or coalesced
 * group). After the barrier every share is in place, as after the GPU's
 * wait; waiting for more copies than wait_prior<N> asks is allowed. As on
 * the GPU, the destination may not be read before the wait.
 *
 * The shapes: memcpy_async(g, dst, src, bytes) with bytes a size or a
 * cuda::aligned_size_t<A> (<cuda/barrier>), and memcpy_async(g, dst,
 * dst_count, src, src_count), which copies min(dst_count, src_count)
 * elements. */
#ifndef CUCPU_CG_MEMCPY_ASYNC_H
#define CUCPU_CG_MEMCPY_ASYNC_H

#include "../cooperative_groups.h"

#if defined(__cplusplus)
namespace cooperative_groups {

#if defined(CUCPU_PARSE)
#define CUCPU_CG_FN __device__
#else
#define CUCPU_CG_FN static inline __attribute__((always_inline, unused))
#endif

/* The caller's share of a copy of n bytes by a group of `size` threads. */
CUCPU_CG_FN void cucpu_copy_share(unsigned long long rank, unsigned long long size, void *dst, const void *src,
                                  unsigned long long n)
{
  unsigned long long chunk = size ? (n + size - 1) / size : n;
  unsigned long long b = rank * chunk, e = b + chunk < n ? b + chunk : n;
  if (b < e) __builtin_memcpy((char *)dst + b, (const char *)src + b, e - b);
}

template <class TyGroup, class TyElem, class TySizeT>
CUCPU_CG_FN void memcpy_async(const TyGroup &group, TyElem *__restrict__ dst, const TyElem *__restrict__ src,
                              const TySizeT &count)
{
  cucpu_copy_share(group.thread_rank(), group.num_threads(), (void *)dst, (const void *)src,
                   (unsigned long long)(size_t)count);
}

template <class TyGroup, class TyElem, class DstLayout, class SrcLayout>
CUCPU_CG_FN void memcpy_async(const TyGroup &group, TyElem *__restrict__ dst, const DstLayout &dstLayout,
                              const TyElem *__restrict__ src, const SrcLayout &srcLayout)
{
  size_t d = (size_t)dstLayout, s = (size_t)srcLayout;
  cucpu_copy_share(group.thread_rank(), group.num_threads(), (void *)dst, (const void *)src,
                   (unsigned long long)(d < s ? d : s) * sizeof(TyElem));
}

#if defined(CUCPU_PARSE)
/* the translator lowers every call as the group's sync() */
template <unsigned int Stage, class TyGroup> __device__ void wait_prior(const TyGroup &group);
template <class TyGroup> __device__ void wait(const TyGroup &group);
#endif

#undef CUCPU_CG_FN
} /* namespace cooperative_groups */
#endif

#endif
