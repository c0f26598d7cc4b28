/* cooperative_groups.h: thread blocks, tiles and coalesced groups.
 *
 * A group is a small value. The translator lowers what makes threads meet
 * or exchange data: sync() on a group or cg::sync(g) (a block barrier on a
 * thread_block, a warp barrier on anything smaller), a tile's or coalesced
 * group's shfl*, ballot, any, all, match_*, and cg::reduce and the scans
 * (<cooperative_groups/reduce.h>, <cooperative_groups/scan.h>). What a
 * thread can compute alone (thread_rank, size, meta_group_rank, ...) is
 * plain code here. this_thread_block() and this_grid() get the thread
 * context from the translator, as __device__ functions that read threadIdx
 * do; coalesced_threads() is a warp vote (__activemask), binary_partition
 * and labeled_partition a match (__match_any_sync) over the parent's lanes. In PARSE mode the
 * declarations have the signatures that NVIDIA's header gives. */
#ifndef _COOPERATIVE_GROUPS_H_
#define _COOPERATIVE_GROUPS_H_

#include "cuda_runtime.h"

#if defined(__cplusplus)
namespace cooperative_groups {

#if defined(CUCPU_PARSE)
#define CUCPU_CG_FN __device__
#define CUCPU_CG_M __device__
#else
#define CUCPU_CG_FN static inline __attribute__((always_inline, unused))
#define CUCPU_CG_M inline __attribute__((always_inline))
#endif

/* The type-erased group (thread_group): its rank and size. */
class thread_group {
public:
  unsigned int _rank, _size;
  unsigned long long _info;    /* 1: a whole thread block */
  CUCPU_CG_M unsigned long long thread_rank() const { return _rank; }
  CUCPU_CG_M unsigned long long num_threads() const { return _size; }
  CUCPU_CG_M unsigned long long size() const { return _size; }
  CUCPU_CG_M unsigned int get_type() const { return (unsigned)_info; }
#if defined(CUCPU_PARSE)
  __device__ void sync() const;
#endif
};

class thread_block {
public:
  uint3 _ti, _bi;
  dim3 _bd, _gd;
  CUCPU_CG_M unsigned long long thread_rank() const
  { return ((unsigned long long)_ti.z * _bd.y + _ti.y) * _bd.x + _ti.x; }
  CUCPU_CG_M unsigned long long num_threads() const { return (unsigned long long)_bd.x * _bd.y * _bd.z; }
  CUCPU_CG_M unsigned long long size() const { return num_threads(); }
  CUCPU_CG_M dim3 group_index() const { return dim3(_bi.x, _bi.y, _bi.z); }
  CUCPU_CG_M dim3 thread_index() const { return dim3(_ti.x, _ti.y, _ti.z); }
  CUCPU_CG_M dim3 dim_threads() const { return _bd; }
  CUCPU_CG_M dim3 group_dim() const { return _bd; }
  CUCPU_CG_M operator thread_group() const
  { thread_group g; g._rank = (unsigned)thread_rank(); g._size = (unsigned)size(); g._info = 1; return g; }
#if defined(CUCPU_PARSE)
  __device__ void sync() const;
  __device__ void barrier_wait() const;
#endif
};

/* A tile of N consecutive threads (by thread_rank) of a block; N is a power
 * of two up to 32, so a tile is a warp or part of one, or 64 to 512 (whole
 * warps: sync, thread_rank, num_threads, size and meta_group_* only; the
 * translator rejects their exchanges). */
template <unsigned int N> class thread_block_tile {
public:
  unsigned int _rank, _block_size;
  CUCPU_CG_M unsigned long long thread_rank() const { return _rank % N; }
  CUCPU_CG_M unsigned long long num_threads() const { return N; }
  CUCPU_CG_M unsigned long long size() const { return N; }
  CUCPU_CG_M unsigned long long meta_group_rank() const { return _rank / N; }
  CUCPU_CG_M unsigned long long meta_group_size() const { return (_block_size + N - 1) / N; }
  CUCPU_CG_M operator thread_group() const
  { thread_group g; g._rank = _rank % N; g._size = N; g._info = 0; return g; }
#if defined(CUCPU_PARSE)
  __device__ void sync() const;
  template <class T> __device__ T shfl(T var, int srcRank) const;
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_xor(T var, unsigned int laneMask) const;
  __device__ unsigned int ballot(int predicate) const;
  __device__ int any(int predicate) const;
  __device__ int all(int predicate) const;
  template <class T> __device__ unsigned int match_any(T val) const;
  template <class T> __device__ unsigned int match_all(T val, int &pred) const;
#endif
};

/* The threads of a warp that are active together: lane i of the warp is in
 * it when bit i of _mask is set. */
class coalesced_group {
public:
  unsigned int _mask, _lane;
  CUCPU_CG_M unsigned long long thread_rank() const { return __builtin_popcount(_mask & ((1u << _lane) - 1u)); }
  CUCPU_CG_M unsigned long long num_threads() const { return __builtin_popcount(_mask); }
  CUCPU_CG_M unsigned long long size() const { return num_threads(); }
  CUCPU_CG_M unsigned long long meta_group_rank() const { return 0; }
  CUCPU_CG_M unsigned long long meta_group_size() const { return 1; }
  CUCPU_CG_M operator thread_group() const
  { thread_group g; g._rank = (unsigned)thread_rank(); g._size = (unsigned)size(); g._info = 0; return g; }
#if defined(CUCPU_PARSE)
  __device__ void sync() const;
  template <class T> __device__ T shfl(T var, unsigned int srcRank) const;
  __device__ unsigned int ballot(int predicate) const;
  __device__ int any(int predicate) const;
  __device__ int all(int predicate) const;
#endif
};

class grid_group {
public:
  uint3 _ti, _bi;
  dim3 _bd, _gd;
  CUCPU_CG_M unsigned long long thread_rank() const
  {
    unsigned long long b = ((unsigned long long)_bi.z * _gd.y + _bi.y) * _gd.x + _bi.x;
    return b * ((unsigned long long)_bd.x * _bd.y * _bd.z) + ((unsigned long long)_ti.z * _bd.y + _ti.y) * _bd.x + _ti.x;
  }
  CUCPU_CG_M unsigned long long num_threads() const
  { return (unsigned long long)_gd.x * _gd.y * _gd.z * _bd.x * _bd.y * _bd.z; }
  CUCPU_CG_M unsigned long long size() const { return num_threads(); }
  CUCPU_CG_M unsigned long long num_blocks() const { return (unsigned long long)_gd.x * _gd.y * _gd.z; }
  CUCPU_CG_M unsigned long long block_rank() const
  { return ((unsigned long long)_bi.z * _gd.y + _bi.y) * _gd.x + _bi.x; }
  CUCPU_CG_M dim3 group_dim() const { return _gd; }
  CUCPU_CG_M dim3 dim_blocks() const { return _gd; }
  CUCPU_CG_M dim3 block_index() const { return dim3(_bi.x, _bi.y, _bi.z); }
  CUCPU_CG_M bool is_valid() const { return true; }
#if defined(CUCPU_PARSE)
  __device__ void sync() const;
#endif
};

/* Scratch memory the GPU wants in shared memory for tiles of more than 32
 * threads (`__shared__ block_tile_memory<N> scratch;
 * this_thread_block(scratch)`); such tiles need none here. */
template <unsigned int MaxBlockSize = 1024> struct block_tile_memory { char _unused; };

#if defined(CUCPU_PARSE)
__device__ thread_block this_thread_block();
template <unsigned int N> __device__ thread_block this_thread_block(block_tile_memory<N> &scratch);
__device__ grid_group this_grid();
__device__ coalesced_group coalesced_threads();
__device__ void sync(const thread_block &g);
__device__ void sync(const grid_group &g);
__device__ void sync(const thread_group &g);
template <unsigned int N> __device__ void sync(const thread_block_tile<N> &g);
__device__ void sync(const coalesced_group &g);
/* the lanes of a tile (at most 32) or coalesced group with the caller's
 * predicate or label: a match (__match_any_sync) over the parent's lanes */
__device__ coalesced_group binary_partition(const coalesced_group &g, bool pred);
template <unsigned int N> __device__ coalesced_group binary_partition(const thread_block_tile<N> &g, bool pred);
template <class Label> __device__ coalesced_group labeled_partition(const coalesced_group &g, Label label);
template <unsigned int N, class Label>
__device__ coalesced_group labeled_partition(const thread_block_tile<N> &g, Label label);
#else
/* the translator passes the thread context */
CUCPU_CG_FN thread_block this_thread_block(uint3 threadIdx, uint3 blockIdx, dim3 blockDim, dim3 gridDim)
{ thread_block b; b._ti = threadIdx; b._bi = blockIdx; b._bd = blockDim; b._gd = gridDim; return b; }
template <unsigned int N>
CUCPU_CG_FN thread_block this_thread_block(uint3 threadIdx, uint3 blockIdx, dim3 blockDim, dim3 gridDim, block_tile_memory<N> &)
{ return this_thread_block(threadIdx, blockIdx, blockDim, gridDim); }
CUCPU_CG_FN grid_group this_grid(uint3 threadIdx, uint3 blockIdx, dim3 blockDim, dim3 gridDim)
{ grid_group g; g._ti = threadIdx; g._bi = blockIdx; g._bd = blockDim; g._gd = gridDim; return g; }
CUCPU_CG_FN coalesced_group cucpu_coalesced_group(unsigned int mask, int tid)
{ coalesced_group g; g._mask = mask; g._lane = (unsigned)tid & 31u; return g; }
#endif

template <unsigned int N> CUCPU_CG_FN thread_block_tile<N> tiled_partition(const thread_block &g)
{
  static_assert(N == 1 || N == 2 || N == 4 || N == 8 || N == 16 || N == 32 || N == 64 || N == 128 ||
                    N == 256 || N == 512,
                "cucpu: tiled_partition<N> needs N one of 1/2/4/8/16/32/64/128/256/512");
  thread_block_tile<N> t;
  t._rank = (unsigned)g.thread_rank();
  t._block_size = (unsigned)g.size();
  return t;
}
/* tiled_partition(g, n): tiles of n threads, type-erased. CUDA aborts the
 * kernel for n 0, past 32 or not a power of two: a kernel fault here too
 * (the group then has one thread). */
CUCPU_CG_FN thread_group tiled_partition(const thread_group &g, unsigned int n)
{
  if (n == 0 || n > 32 || (n & (n - 1))) {
#if !defined(CUCPU_PARSE)
    cucpu_device_fault(cudaErrorLaunchFailure, "tiled_partition(g, n) with n not a power of two up to 32",
                       CUCPU_WHERE);
#endif
    n = 1;
  }
  thread_group t;
  t._rank = g._rank % n;
  t._size = n;
  t._info = 0;
  return t;
}

namespace experimental {}

#undef CUCPU_CG_FN
#undef CUCPU_CG_M
} /* namespace cooperative_groups */
#endif

#endif
