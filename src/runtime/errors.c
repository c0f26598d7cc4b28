/* errors.c: CUDA's last-error state (one per host thread, as in CUDA),
 * the sticky error of the context (one per process: a kernel fault
 * corrupts the context of every thread), and the names and strings of
 * error codes from cucpu_errors.def. */
#include "rt.h"

static _Thread_local cudaError_t rt_last_error = cudaSuccess;
static cudaError_t rt_sticky_error = cudaSuccess;

cudaError_t rt_sticky(void)
{
  return __atomic_load_n(&rt_sticky_error, __ATOMIC_ACQUIRE);
}

/* rt_set_sticky: the first fault wins; cudaSuccess clears (cudaDeviceReset). */
void rt_set_sticky(cudaError_t err)
{
  cudaError_t none = cudaSuccess;
  if (err == cudaSuccess)
    __atomic_store_n(&rt_sticky_error, err, __ATOMIC_RELEASE);
  else
    __atomic_compare_exchange_n(&rt_sticky_error, &none, err, 0,
                                __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

cudaError_t rt_fail(cudaError_t err)
{
  if (err != cudaSuccess)
    rt_last_error = err;
  return err;
}

void cucpu_set_last_error(cudaError_t err)
{
  rt_fail(err);
}

/* cudaGetLastError: the last error, which is then reset to cudaSuccess;
 * a sticky error is not reset. */
cudaError_t cudaGetLastError(void)
{
  rt_prof_mark();
  cudaError_t err = rt_last_error;
  rt_last_error = cudaSuccess;
  return rt_sticky() != cudaSuccess ? rt_sticky() : err;
}

/* cudaPeekAtLastError: the last error, left in place. */
cudaError_t cudaPeekAtLastError(void)
{
  rt_prof_mark();
  return rt_sticky() != cudaSuccess ? rt_sticky() : rt_last_error;
}

const char *cudaGetErrorString(cudaError_t error)
{
  switch (error) {
#define CUCPU_ERR(name, value, text) case name: return text;
#include "cucpu_errors.def"
#undef CUCPU_ERR
  default: return "unrecognized error code";
  }
}

const char *cudaGetErrorName(cudaError_t error)
{
  switch (error) {
#define CUCPU_ERR(name, value, text) case name: return #name;
#include "cucpu_errors.def"
#undef CUCPU_ERR
  default: return "cudaErrorUnknown";
  }
}
