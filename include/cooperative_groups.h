/* cooperative_groups.h: enough of cooperative groups for clang to parse
 * thread-block code (this_thread_block().sync(), thread_rank(), size());
 * the translator lowers these. Nothing is declared in the compile modes. */
#ifndef _COOPERATIVE_GROUPS_H_
#define _COOPERATIVE_GROUPS_H_

#include "cuda_runtime.h"

#if defined(CUCPU_PARSE)
namespace cooperative_groups {
struct thread_block {
  __device__ void sync() const;
  __device__ unsigned int thread_rank() const;
  __device__ unsigned int size() const;
  __device__ unsigned int num_threads() const;
  __device__ dim3 group_index() const;
  __device__ dim3 thread_index() const;
  __device__ dim3 group_dim() const;
};
struct grid_group {
  __device__ void sync() const;
  __device__ unsigned long long thread_rank() const;
  __device__ unsigned long long size() const;
};
template <unsigned int N> struct thread_block_tile {
  __device__ void sync() const;
  __device__ unsigned int thread_rank() const;
  __device__ unsigned int size() const;
  template <class T> __device__ T shfl(T v, int src) const;
  template <class T> __device__ T shfl_down(T v, unsigned int d) const;
  template <class T> __device__ T shfl_up(T v, unsigned int d) const;
  template <class T> __device__ T shfl_xor(T v, unsigned int m) const;
};
__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
template <unsigned int N>
__device__ thread_block_tile<N> tiled_partition(const thread_block &g);
__device__ void sync(const thread_block &g);
}
#endif

#endif
