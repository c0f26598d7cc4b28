/* launch.c: the checks CUDA makes when a kernel is launched. Translated
 * code calls cucpu_launch_check (or cucpu_launch_begin, which names the
 * kernel) before running a launch; a bad configuration skips the kernel
 * and shows up in cudaGetLastError. Both start the launch for the
 * profiler (profile.c). Also the launches that do not name their kernel
 * (below). */
#include <pthread.h>
#include <stdlib.h>
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

/* ---- launches that do not name the kernel ------------------------------------
 *
 * A launch through a function pointer, `fp<<<g, b>>>(args)`, reaches the
 * kernel's stub (cucpu_launch.h): the launch pushes its configuration and
 * calls the stub with the arguments, and the stub pops the configuration
 * and calls the launcher. A stack per host thread, since evaluating the
 * arguments may launch another kernel. cudaLaunchKernel finds the kernel in
 * the table that each stub's instantiation fills at start-up. */

enum { RT_CONFIG_DEPTH = 64 };
typedef struct RtConfig { dim3 grid, block; size_t shmem; } RtConfig;
static __thread RtConfig rt_configs[RT_CONFIG_DEPTH];
static __thread int rt_nconfigs;

void cucpu_push_config(dim3 grid, dim3 block, size_t shmem)
{
  if (rt_nconfigs < RT_CONFIG_DEPTH)
    rt_configs[rt_nconfigs] = (RtConfig){ grid, block, shmem };
  rt_nconfigs++;
}

int cucpu_pop_config(dim3 *grid, dim3 *block, size_t *shmem)
{
  if (rt_nconfigs == 0 || --rt_nconfigs >= RT_CONFIG_DEPTH) {
    rt_fail(rt_nconfigs ? cudaErrorLaunchOutOfResources : cudaErrorMissingConfiguration);
    return 0;
  }
  *grid = rt_configs[rt_nconfigs].grid;
  *block = rt_configs[rt_nconfigs].block;
  *shmem = rt_configs[rt_nconfigs].shmem;
  return 1;
}

typedef struct RtKernel { const void *func; CucpuLaunchFn launch; } RtKernel;
static pthread_mutex_t rt_kernel_lock = PTHREAD_MUTEX_INITIALIZER;
static RtKernel *rt_kernels;
static size_t rt_nkernels, rt_capkernels;

int cucpu_register_kernel(const void *func, CucpuLaunchFn launch)
{
  int ok = 1;
  pthread_mutex_lock(&rt_kernel_lock);
  if (rt_nkernels == rt_capkernels) {
    size_t cap = rt_capkernels ? 2 * rt_capkernels : 16;
    RtKernel *k = realloc(rt_kernels, cap * sizeof *k);
    if (k) {
      rt_kernels = k;
      rt_capkernels = cap;
    }
  }
  if (rt_nkernels < rt_capkernels)
    rt_kernels[rt_nkernels++] = (RtKernel){ func, launch };
  else
    ok = 0;
  pthread_mutex_unlock(&rt_kernel_lock);
  return ok;
}

static CucpuLaunchFn rt_kernel_launch(const void *func)
{
  CucpuLaunchFn f = NULL;
  pthread_mutex_lock(&rt_kernel_lock);
  for (size_t i = 0; i < rt_nkernels && !f; i++)
    if (rt_kernels[i].func == func)
      f = rt_kernels[i].launch;
  pthread_mutex_unlock(&rt_kernel_lock);
  return f;
}

/* cudaLaunchKernel: func is a kernel's stub or launcher (as `(void *)k`
 * gives); args[i] points to argument i. The launch is synchronous, as all
 * launches here; the stream is accepted and ignored. */
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim,
                             void **args, size_t sharedMem, cudaStream_t stream)
{
  (void)stream;
  CucpuLaunchFn f = func ? rt_kernel_launch(func) : NULL;
  if (!f)
    return rt_fail(cudaErrorInvalidDeviceFunction);
  /* the launcher checks again, and starts the launch for the profiler */
  cudaError_t err = rt_launch_ok(gridDim, blockDim, sharedMem);
  if (err != cudaSuccess)
    return err;
  f(gridDim, blockDim, sharedMem, args);
  return cudaSuccess;
}

/* A cooperative launch: the grid must fit on the device at once (the
 * launcher of a kernel that calls grid.sync() runs every block at once). */
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim,
                                        dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream)
{
  cudaError_t err = rt_grid_check(gridDim, blockDim);
  if (err != cudaSuccess)
    return err;
  return cudaLaunchKernel(func, gridDim, blockDim, args, sharedMem, stream);
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
