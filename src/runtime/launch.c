/* launch.c: the checks CUDA makes when a kernel is launched. Translated
 * code calls cucpu_launch_check (or cucpu_launch_begin, which names the
 * kernel) before running a launch; a bad configuration skips the kernel
 * and shows up in cudaGetLastError. Both start the launch for the
 * profiler (profile.c). Also the launches that do not name their kernel
 * (below). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "graph.h"

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

typedef struct RtKernel {
  const void *func;
  CucpuLaunchFn launch;
  int nargs;              /* -1: unknown (cucpu_register_kernel) */
  const size_t *sizes;
} RtKernel;
static pthread_mutex_t rt_kernel_lock = PTHREAD_MUTEX_INITIALIZER;
static RtKernel *rt_kernels;
static size_t rt_nkernels, rt_capkernels;

int cucpu_register_kernel_args(const void *func, CucpuLaunchFn launch, int nargs,
                               const size_t *sizes)
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
    rt_kernels[rt_nkernels++] = (RtKernel){ func, launch, nargs, sizes };
  else
    ok = 0;
  pthread_mutex_unlock(&rt_kernel_lock);
  return ok;
}

int cucpu_register_kernel(const void *func, CucpuLaunchFn launch)
{
  return cucpu_register_kernel_args(func, launch, -1, NULL);
}

int rt_kernel_find(const void *func, CucpuLaunchFn *launch, int *nargs,
                   const size_t **sizes)
{
  int found = 0;
  pthread_mutex_lock(&rt_kernel_lock);
  for (size_t i = 0; i < rt_nkernels && !found; i++)
    if (rt_kernels[i].func == func) {
      found = rt_kernels[i].nargs >= 0;
      *launch = rt_kernels[i].launch;
      *nargs = rt_kernels[i].nargs;
      *sizes = rt_kernels[i].sizes;
    }
  pthread_mutex_unlock(&rt_kernel_lock);
  return found;
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
  CucpuLaunchFn f = func ? rt_kernel_launch(func) : NULL;
  if (!f)
    return rt_fail(cudaErrorInvalidDeviceFunction);
  /* the launcher checks again, and starts the launch for the profiler */
  cudaError_t err = rt_launch_ok(gridDim, blockDim, sharedMem);
  if (err != cudaSuccess)
    return err;
  cudaError_t cap_err;
  if (rt_capture_probe(stream, &cap_err)) {
    /* in a capture: a kernel node, with the arguments copied now */
    struct cudaKernelNodeParams p = { (void *)func, gridDim, blockDim,
                                      (unsigned)sharedMem, args, NULL };
    RtOp op;
    int captured;
    err = rt_kernel_op(&op, &p);
    if (err == cudaSuccess)
      err = rt_capture_op(stream, &op, &captured);
    return err == cudaSuccess ? err : rt_fail(err);
  }
  if (cap_err != cudaSuccess)
    return rt_fail(cap_err);
  f(gridDim, blockDim, sharedMem, args);
  return cudaSuccess;
}

/* The stream of the launch being made by this host thread (set by
 * cucpu_on_stream, taken by the launcher), and of the one it captures. */
static __thread cudaStream_t rt_next_stream, rt_cap_stream;
static __thread int rt_next_pending;

size_t cucpu_on_stream(cudaStream_t stream, size_t shmem)
{
  rt_next_stream = stream;
  rt_next_pending = 1;
  return shmem;
}

int cucpu_launch_captured(void)
{
  if (!rt_next_pending)
    return 0;
  rt_next_pending = 0;
  cudaError_t err;
  if (rt_capture_probe(rt_next_stream, &err)) {
    rt_cap_stream = rt_next_stream;
    return 1;
  }
  if (err == cudaSuccess)
    return 0;
  rt_fail(err);
  return 2;
}

/* cucpu_capture_launch: a <<<>>> launch in a capture; its errors are the
 * launch's, in cudaGetLastError. */
void cucpu_capture_launch(const void *launcher, CucpuCaptureFn thunk, dim3 grid, dim3 block,
                          size_t shmem, int nargs, const size_t *sizes, void **args)
{
  if (rt_launch_ok(grid, block, shmem) != cudaSuccess)
    return;
  RtOp op;
  int captured;
  cudaError_t err = rt_thunk_op(&op, launcher, thunk, grid, block, shmem, nargs, sizes, args);
  if (err == cudaSuccess)
    err = rt_capture_op(rt_cap_stream, &op, &captured);
  if (err != cudaSuccess)
    rt_fail(err);
}

int cucpu_stream_refuses(cudaStream_t stream)
{
  cudaError_t err = rt_capture_sync(stream);
  if (err == cudaSuccess)
    return 0;
  rt_fail(err);
  return 1;
}

void cucpu_capture_refuse(void)
{
  static int told;
  if (!__atomic_exchange_n(&told, 1, __ATOMIC_RELAXED))
    fprintf(stderr, "cucpu: a template kernel (or one with an unnamed parameter) was "
                    "launched into a capturing stream, which is not supported: "
                    "the capture fails with cudaErrorStreamCaptureUnsupported\n");
  cudaError_t err = rt_capture_sync(rt_cap_stream);
  rt_fail(err != cudaSuccess ? err : cudaErrorStreamCaptureUnsupported);
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
