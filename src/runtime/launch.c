/* launch.c: the checks CUDA makes when a kernel is launched. Translated
 * code calls cucpu_launch_check (or cucpu_launch_begin, which names the
 * kernel) before running a launch; a bad configuration skips the kernel
 * and shows up in cudaGetLastError. Both start the launch for the
 * profiler (profile.c). */
#include "rt.h"

static size_t rt_dyn_shmem_limit = 48 * 1024;

__thread unsigned char *cucpu_dynsmem_tls;

size_t rt_shmem_limit(void)
{
  return __atomic_load_n(&rt_dyn_shmem_limit, __ATOMIC_RELAXED);
}

void rt_raise_shmem_limit(size_t bytes)
{
  size_t cur = rt_shmem_limit();
  while (bytes > cur &&
         !__atomic_compare_exchange_n(&rt_dyn_shmem_limit, &cur, bytes, 0,
                                      __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
}

/* rt_launch_ok: a dead context (a kernel fault) runs no kernel; a shape
 * out of range is cudaErrorInvalidConfiguration; more dynamic shared
 * memory than the kernel's limit is cudaErrorInvalidValue, as cuLaunchKernel
 * answers a GPU launch that asks past the 48 KiB default without
 * cudaFuncSetAttribute (or past the opt-in maximum with it). */
static cudaError_t rt_launch_ok(dim3 grid, dim3 block, size_t shmem)
{
  RT_STICKY();
  unsigned long long threads =
      (unsigned long long)block.x * block.y * block.z;
  int bad = grid.x == 0 || grid.y == 0 || grid.z == 0 || grid.x > 2147483647u ||
            grid.y > 65535 || grid.z > 65535 || threads == 0 ||
            threads > 1024 || block.x > 1024 || block.y > 1024 ||
            block.z > 64;
  if (bad)
    return rt_fail(cudaErrorInvalidConfiguration);
  return shmem > rt_shmem_limit() ? rt_fail(cudaErrorInvalidValue) : cudaSuccess;
}

/* cucpu_launch_check: the launch starts for the profiler, named by the
 * launcher that called (noinline: the return address must be in it). */
__attribute__((noinline)) cudaError_t cucpu_launch_check(dim3 grid, dim3 block,
                                                         size_t shmem)
{
  cudaError_t err = rt_launch_ok(grid, block, shmem);
  if (err == cudaSuccess && rt_prof_on)
    rt_prof_launch(__builtin_extract_return_addr(__builtin_return_address(0)), NULL);
  return err;
}

cudaError_t cucpu_launch_begin(const char *name, dim3 grid, dim3 block,
                               size_t shmem)
{
  cudaError_t err = rt_launch_ok(grid, block, shmem);
  if (err == cudaSuccess && rt_prof_on)
    rt_prof_launch(NULL, name);
  return err;
}
