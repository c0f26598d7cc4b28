/* cucpu_fault.h: kernel faults, in the compile modes. __trap() and a failed
 * assert in a kernel do what they do on a GPU, as far as a CPU can: the
 * runtime reports the function, block and thread, and leaves the context
 * with a sticky error (cudaErrorLaunchFailure, cudaErrorAssert) that every
 * later CUDA call returns until cudaDeviceReset. The faulting CUDA thread
 * itself goes on (stopping it needs the launcher's help), but no later
 * kernel runs and no copy reads its results.
 *
 * The block and thread are the translated launcher's locals blockIdx and
 * threadIdx (or the parameters of a __device__ function that takes the
 * thread context) where they are in scope. Elsewhere name lookup finds the
 * globals below, of a type without .x: cucpu_idx turns them into "unknown",
 * and a threadIdx.x the translator did not lower still fails to compile. */
#ifndef CUCPU_FAULT_H
#define CUCPU_FAULT_H

#include "host_defines.h"
#include "vector_types.h"
#include "driver_types.h"

CUCPU_BEGIN_C
struct CucpuNoIdx { char cucpu_unknown; };
extern const struct CucpuNoIdx threadIdx, blockIdx;

/* cucpu_device_fault: what (e.g. "__trap()") happened at file:line in
 * func, in block/thread (components ~0u: unknown); err becomes the sticky
 * error. Returns. */
void cucpu_device_fault(cudaError_t err, const char *what, const char *func,
                        const char *file, unsigned line, uint3 block,
                        uint3 thread) CUCPU_NOTHROW;

/* cucpu_assert_fail: assert(expr) failed. In a kernel: the GPU's message
 * and a sticky cudaErrorAssert, then it returns; in host code (no thread
 * known, outside any OpenMP region) the C library's __assert_fail, which
 * aborts. */
void cucpu_assert_fail(const char *expr, const char *file, unsigned line,
                       const char *func, uint3 block, uint3 thread) CUCPU_NOTHROW;
CUCPU_END_C

#if defined(CUCPU_CXX)
CUCPU_INLINE uint3 cucpu_idx(uint3 v) { return v; }
CUCPU_INLINE uint3 cucpu_idx(const CucpuNoIdx &)
{
  uint3 u;
  u.x = u.y = u.z = ~0u;
  return u;
}
#else
CUCPU_INLINE uint3 cucpu_no_idx(void)
{
  uint3 u;
  u.x = u.y = u.z = ~0u;
  return u;
}
#define cucpu_idx(v) _Generic((v), struct CucpuNoIdx: cucpu_no_idx(), default: (v))
#endif

#define CUCPU_WHERE __func__, __FILE__, __LINE__, cucpu_idx(blockIdx), cucpu_idx(threadIdx)

#endif
