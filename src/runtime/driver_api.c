/* driver_api.c: the few CUDA driver API calls that runtime programs make,
 * answered for the single host device. */
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

CUresult cuDeviceTotalMem(size_t *bytes, CUdevice dev)
{
  if (!bytes)
    return CUDA_ERROR_INVALID_VALUE;
  if (dev != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *bytes = (size_t)sysconf(_SC_PHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE);
  return CUDA_SUCCESS;
}

CUresult cuCtxSynchronize(void) { return CUDA_SUCCESS; }

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
