/* functions.c: per-kernel settings. A CPU has no L1/shared split and no
 * bank modes, so these are accepted; raising the dynamic shared-memory
 * maximum does raise what cucpu_launch_check accepts. */
#include <string.h>
#include "rt.h"

cudaError_t cudaFuncSetCacheConfig(const void *func,
                                   enum cudaFuncCache cacheConfig)
{
  (void)func; (void)cacheConfig;
  return cudaSuccess;
}

cudaError_t cudaFuncSetSharedMemConfig(const void *func,
                                       enum cudaSharedMemConfig config)
{
  (void)func; (void)config;
  return cudaSuccess;
}

cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr,
                                 int value)
{
  (void)func;
  if (attr == cudaFuncAttributeMaxDynamicSharedMemorySize) {
    if (value < 0 || value > RT_SHMEM_OPTIN)
      return rt_fail(cudaErrorInvalidValue);
    rt_raise_shmem_limit((size_t)value);
  }
  return cudaSuccess;
}

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr,
                                  const void *func)
{
  (void)func;
  if (!attr)
    return rt_fail(cudaErrorInvalidValue);
  memset(attr, 0, sizeof *attr);
  attr->maxThreadsPerBlock = 1024;
  attr->ptxVersion = 80;
  attr->binaryVersion = 80;
  attr->maxDynamicSharedSizeBytes = (int)rt_shmem_limit();
  return cudaSuccess;
}
