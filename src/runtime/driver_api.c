/* driver_api.c: the CUDA driver API calls that runtime programs make,
 * answered for the single host device. Contexts are one token (the device
 * has one context, as the runtime's primary context); memory calls are the
 * runtime's, their errors mapped to the CUresult of the same meaning. The
 * _v2 names are the ones cuda.h's macros (and the toolkit's) call. */
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>
#include "rt.h"
#include "cuda.h"

CUresult cuInit(unsigned int flags)
{
  return flags == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuDriverGetVersion(int *version)
{
  if (!version)
    return CUDA_ERROR_INVALID_VALUE;
  *version = CUDA_VERSION;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetCount(int *count)
{
  if (!count)
    return CUDA_ERROR_INVALID_VALUE;
  *count = 1;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGet(CUdevice *device, int ordinal)
{
  if (!device)
    return CUDA_ERROR_INVALID_VALUE;
  if (ordinal != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *device = 0;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetName(char *name, int len, CUdevice dev)
{
  struct cudaDeviceProp p;
  if (!name || len <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (cudaGetDeviceProperties(&p, dev) != cudaSuccess)
    return CUDA_ERROR_INVALID_DEVICE;
  snprintf(name, (size_t)len, "%s", p.name);
  return CUDA_SUCCESS;
}

CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice dev)
{
  if (!bytes)
    return CUDA_ERROR_INVALID_VALUE;
  if (dev != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *bytes = (size_t)sysconf(_SC_PHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE);
  return CUDA_SUCCESS;
}

CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice dev)
{
  struct cudaDeviceProp p;
  if (!major || !minor)
    return CUDA_ERROR_INVALID_VALUE;
  if (dev != 0 || cudaGetDeviceProperties(&p, dev) != cudaSuccess)
    return CUDA_ERROR_INVALID_DEVICE;
  *major = p.major;
  *minor = p.minor;
  return CUDA_SUCCESS;
}

/* rt_ctx: the device's one context; CUcontext is its address. */
static char rt_ctx;

CUresult cuCtxCreate_v2(CUcontext *ctx, unsigned int flags, CUdevice dev)
{
  (void)flags;
  return cuDevicePrimaryCtxRetain(ctx, dev);
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice dev)
{
  if (!ctx)
    return CUDA_ERROR_INVALID_VALUE;
  if (dev != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *ctx = (CUcontext)(void *)&rt_ctx;
  return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRelease(CUdevice dev)
{
  return dev == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

CUresult cuCtxDestroy_v2(CUcontext ctx)
{
  return ctx == (CUcontext)(void *)&rt_ctx ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuCtxGetCurrent(CUcontext *ctx)
{
  if (!ctx)
    return CUDA_ERROR_INVALID_VALUE;
  *ctx = (CUcontext)(void *)&rt_ctx;
  return CUDA_SUCCESS;
}

CUresult cuCtxSetCurrent(CUcontext ctx)
{
  return !ctx || ctx == (CUcontext)(void *)&rt_ctx ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuCtxSynchronize(void) { return CUDA_SUCCESS; }

/* rt_cu: the CUresult for a runtime call's answer. */
static CUresult rt_cu(cudaError_t err)
{
  switch (err) {
  case cudaSuccess: return CUDA_SUCCESS;
  case cudaErrorMemoryAllocation: return CUDA_ERROR_OUT_OF_MEMORY;
  case cudaErrorInvalidDevice: return CUDA_ERROR_INVALID_DEVICE;
  case cudaErrorInvalidValue: return CUDA_ERROR_INVALID_VALUE;
  default: return CUDA_ERROR_UNKNOWN;
  }
}

#define RT_DPTR(p) ((void *)(uintptr_t)(p))

CUresult cuMemGetInfo_v2(size_t *free_bytes, size_t *total)
{
  return rt_cu(cudaMemGetInfo(free_bytes, total));
}

CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytes)
{
  void *p = NULL;
  if (!dptr)
    return CUDA_ERROR_INVALID_VALUE;
  CUresult r = rt_cu(cudaMalloc(&p, bytes));
  *dptr = (CUdeviceptr)(uintptr_t)p;
  return r;
}

CUresult cuMemFree_v2(CUdeviceptr dptr)
{
  return rt_cu(cudaFree(RT_DPTR(dptr)));
}

CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t bytes)
{
  return rt_cu(cudaMemcpy(RT_DPTR(dst), src, bytes, cudaMemcpyHostToDevice));
}

CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t bytes)
{
  return rt_cu(cudaMemcpy(dst, RT_DPTR(src), bytes, cudaMemcpyDeviceToHost));
}

CUresult cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src, size_t bytes)
{
  return rt_cu(cudaMemcpy(RT_DPTR(dst), RT_DPTR(src), bytes, cudaMemcpyDeviceToDevice));
}

CUresult cuMemsetD8_v2(CUdeviceptr dst, unsigned char value, size_t n)
{
  return rt_cu(cudaMemset(RT_DPTR(dst), value, n));
}

CUresult cuMemsetD32_v2(CUdeviceptr dst, unsigned int value, size_t n)
{
  if (n > SIZE_MAX / sizeof value ||
      rt_mem_check(RT_DPTR(dst), n * sizeof value, RT_SIDE_DEVICE_DST) != cudaSuccess)
    return CUDA_ERROR_INVALID_VALUE;
  unsigned int *p = RT_DPTR(dst);
  for (size_t i = 0; i < n; i++)
    p[i] = value;
  return CUDA_SUCCESS;
}

CUresult cuGetErrorString(CUresult error, const char **str)
{
  if (!str)
    return CUDA_ERROR_INVALID_VALUE;
  *str = cudaGetErrorString((cudaError_t)error);
  return CUDA_SUCCESS;
}

CUresult cuGetErrorName(CUresult error, const char **str)
{
  static const struct { CUresult e; const char *n; } names[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE"},
    {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE"},
    {CUDA_ERROR_NOT_SUPPORTED, "CUDA_ERROR_NOT_SUPPORTED"},
    {CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN"},
  };
  if (!str)
    return CUDA_ERROR_INVALID_VALUE;
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (names[i].e == error) {
      *str = names[i].n;
      return CUDA_SUCCESS;
    }
  *str = NULL;
  return CUDA_ERROR_INVALID_VALUE;
}
