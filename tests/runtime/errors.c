/* errors.c: error names and strings, last-error semantics (per thread,
 * cleared by cudaGetLastError, kept by cudaPeekAtLastError), and
 * cucpu_launch_check's configuration rules. */
#include <math.h>
#include <string.h>
#include <omp.h>
#include "cuda_runtime.h"
#include "check.h"

int main(void)
{
  CHECK(strcmp(cudaGetErrorString(cudaSuccess), "no error") == 0);
  CHECK(strcmp(cudaGetErrorString(cudaErrorMemoryAllocation), "out of memory") == 0);
  CHECK(strcmp(cudaGetErrorString(cudaErrorInvalidValue), "invalid argument") == 0);
  CHECK(strcmp(cudaGetErrorString(cudaErrorInvalidConfiguration), "invalid configuration argument") == 0);
  CHECK(strcmp(cudaGetErrorName(cudaErrorInvalidDevice), "cudaErrorInvalidDevice") == 0);
  CHECK(cudaErrorInvalidConfiguration == 9 && cudaErrorInvalidDevice == 101 &&
        cudaErrorNotReady == 600 && cudaErrorUnknown == 999);

  CHECK(cudaGetLastError() == cudaSuccess);
  dim3 one = cucpu_dim3(1, 1, 1);
  CHECK(cucpu_launch_check(cucpu_dim3(4, 2, 1), cucpu_dim3(32, 32, 1), 0) == cudaSuccess);
  CHECK(cucpu_launch_check(one, cucpu_dim3(1025, 1, 1), 0) == cudaErrorInvalidConfiguration);
  CHECK(cudaPeekAtLastError() == cudaErrorInvalidConfiguration);
  CHECK(cudaGetLastError() == cudaErrorInvalidConfiguration);
  CHECK(cudaGetLastError() == cudaSuccess);
  CHECK(cucpu_launch_check(one, cucpu_dim3(0, 1, 1), 0) == cudaErrorInvalidConfiguration);
  CHECK(cucpu_launch_check(cucpu_dim3(1, 65536, 1), one, 0) == cudaErrorInvalidConfiguration);
  CHECK(cucpu_launch_check(one, cucpu_dim3(1, 1, 65), 0) == cudaErrorInvalidConfiguration);
  /* Too much dynamic shared memory: cudaErrorInvalidValue, as cuLaunchKernel. */
  CHECK(cucpu_launch_check(one, one, 49 * 1024) == cudaErrorInvalidValue);
  CHECK(cudaGetLastError() == cudaErrorInvalidValue);
  cudaGetLastError();
  CHECK(cudaFuncSetAttribute(NULL, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024) == cudaSuccess);
  CHECK(cucpu_launch_check(one, one, 49 * 1024) == cudaSuccess);

  /* The last error belongs to the thread that caused it. */
  cucpu_set_last_error(cudaErrorLaunchFailure);
  int other = -1;
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 1)
    other = (int)cudaPeekAtLastError();
  CHECK(other == -1 || other == cudaSuccess);
  CHECK(cudaGetLastError() == cudaErrorLaunchFailure);
  cucpu_set_last_error(cudaSuccess);
  CHECK(cudaGetLastError() == cudaSuccess);
  CHECK(cudaSetDevice(1) == cudaErrorInvalidDevice);
  CHECK(cudaGetLastError() == cudaErrorInvalidDevice);
  return 0;
}
