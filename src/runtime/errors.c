/* errors.c: CUDA's last-error state (one per host thread, as in CUDA),
 * and the names and strings of error codes from cucpu_errors.def. */
#include "rt.h"

static _Thread_local cudaError_t rt_last_error = cudaSuccess;

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

/* cudaGetLastError: the last error, which is then reset to cudaSuccess. */
cudaError_t cudaGetLastError(void)
{
  cudaError_t err = rt_last_error;
  rt_last_error = cudaSuccess;
  return err;
}

/* cudaPeekAtLastError: the last error, left in place. */
cudaError_t cudaPeekAtLastError(void)
{
  return rt_last_error;
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
