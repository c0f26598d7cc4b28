/* cucpu_device.h: the rest of the device-side API. In PARSE mode it
 * declares what clang must see inside kernels (threadIdx & co,
 * __syncthreads*, the warp functions); the translator lowers those, so in
 * COMPILE modes they do not exist. Both modes get warpSize, __ldg,
 * clock64, __nanosleep, __trap (a kernel fault: cucpu_fault.h) and device
 * printf (plain printf). */
#ifndef CUCPU_DEVICE_H
#define CUCPU_DEVICE_H

#include "host_defines.h"
#include "vector_types.h"

#include "cucpu_libc.h"

#if defined(CUCPU_PARSE)
extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
extern const __device__ int warpSize;

__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);

__device__ unsigned int __activemask(void);
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ unsigned int __ballot_sync(unsigned int mask, int predicate);
__device__ int __any_sync(unsigned int mask, int predicate);
__device__ int __all_sync(unsigned int mask, int predicate);
__device__ int __uni_sync(unsigned int mask, int predicate);
__device__ unsigned int __ballot(int predicate);
__device__ int __any(int predicate);
__device__ int __all(int predicate);
template <class T> __device__ T __shfl_sync(unsigned int mask, T var,
                                            int srcLane, int width = 32);
template <class T> __device__ T __shfl_up_sync(unsigned int mask, T var,
                                               unsigned int delta,
                                               int width = 32);
template <class T> __device__ T __shfl_down_sync(unsigned int mask, T var,
                                                 unsigned int delta,
                                                 int width = 32);
template <class T> __device__ T __shfl_xor_sync(unsigned int mask, T var,
                                                int laneMask, int width = 32);
template <class T> __device__ T __shfl(T var, int srcLane, int width = 32);
template <class T> __device__ T __shfl_up(T var, unsigned int delta,
                                          int width = 32);
template <class T> __device__ T __shfl_down(T var, unsigned int delta,
                                            int width = 32);
template <class T> __device__ T __shfl_xor(T var, int laneMask,
                                           int width = 32);
template <class T> __device__ unsigned int __match_any_sync(unsigned int mask,
                                                            T value);
template <class T> __device__ unsigned int __match_all_sync(unsigned int mask,
                                                            T value, int *pred);
/* Warp reductions exist from sm_80 (-arch; see cucpu_atomics.h). */
#if CUCPU_ARCH >= 800
__device__ unsigned int __reduce_add_sync(unsigned int mask, unsigned int v);
__device__ unsigned int __reduce_min_sync(unsigned int mask, unsigned int v);
__device__ unsigned int __reduce_max_sync(unsigned int mask, unsigned int v);
__device__ int __reduce_add_sync(unsigned int mask, int v);
__device__ int __reduce_min_sync(unsigned int mask, int v);
__device__ int __reduce_max_sync(unsigned int mask, int v);
__device__ unsigned int __reduce_and_sync(unsigned int mask, unsigned int v);
__device__ unsigned int __reduce_or_sync(unsigned int mask, unsigned int v);
__device__ unsigned int __reduce_xor_sync(unsigned int mask, unsigned int v);
#endif
__device__ unsigned int __lanemask_lt(void);
#else
/* An enum constant: an integer constant expression that cannot clash with
 * cudaDeviceProp's member of the same name. */
enum { warpSize = 32 };
#endif

CUCPU_HD_BEGIN
/* clock64: a monotonic nanosecond counter standing in for the SM clock. */
CUCPU_INLINE long long clock64(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* clock() in device code, which the translator renames: the SM clock,
 * clock64()'s counter (the C library's clock() is processor time) */
CUCPU_INLINE clock_t cucpu_clock(void)
{
  return (clock_t)clock64();
}

/* __nanosleep: sleep about ns nanoseconds. */
CUCPU_INLINE void __nanosleep(unsigned int ns)
{
  struct timespec ts;
  ts.tv_sec = ns / 1000000000u;
  ts.tv_nsec = ns % 1000000000u;
  nanosleep(&ts, NULL);
}

#if defined(CUCPU_PARSE)
__device__ void __trap(void);
#endif
CUCPU_HD_END

#if !defined(CUCPU_PARSE)
/* __trap: a kernel fault. The runtime names the function, block and
 * thread, and every later CUDA call returns cudaErrorLaunchFailure, as on
 * a GPU (cucpu_fault.h). */
#include "cucpu_fault.h"
#define __trap() \
  cucpu_device_fault(cudaErrorLaunchFailure, "__trap()", CUCPU_WHERE)
#endif

#if defined(CUCPU_CXX) && !defined(CUCPU_PARSE)
/* the exchange step of the warp primitives (the translator's output calls it) */
#include "cucpu_warp.h"
#endif

#if defined(CUCPU_CXX)
CUCPU_HD_BEGIN
/* __ldg: a plain load on the host. */
template <class T> static inline T __ldg(const T *p) { return *p; }
/* The other cache-hinted loads and stores (sm_32_intrinsics.h): plain
 * loads and stores too. The stored value's parameter is not deduced, so it
 * converts to the element type as with CUDA's overloads (`__stcs(fp, 1.0)`);
 * cuda_fp16.h's own overloads of these are better matches for __half. */
template <class T> struct cucpu_hint_type { typedef T type; };
template <class T> static inline T __ldcg(const T *p) { return *p; }
template <class T> static inline T __ldca(const T *p) { return *p; }
template <class T> static inline T __ldcs(const T *p) { return *p; }
template <class T> static inline T __ldlu(const T *p) { return *p; }
template <class T> static inline T __ldcv(const T *p) { return *p; }
template <class T> static inline void __stwb(T *p, typename cucpu_hint_type<T>::type v) { *p = v; }
template <class T> static inline void __stcg(T *p, typename cucpu_hint_type<T>::type v) { *p = v; }
template <class T> static inline void __stcs(T *p, typename cucpu_hint_type<T>::type v) { *p = v; }
template <class T> static inline void __stwt(T *p, typename cucpu_hint_type<T>::type v) { *p = v; }
CUCPU_HD_END
#else
#define __ldg(p) (*(p))
#endif

#endif
