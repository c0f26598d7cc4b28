/* device.c: the one device, which is the host CPU: its properties and
 * attributes, device-wide synchronization, limits, cache configuration
 * and versions. Properties are computed once, on first use. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "graph.h"

static struct cudaDeviceProp rt_prop;
static pthread_once_t rt_prop_once = PTHREAD_ONCE_INIT;

/* rt_cpuinfo: the value of the first "key : value" line of /proc/cpuinfo
 * into buf (trimmed); 0 when absent. */
static int rt_cpuinfo(const char *key, char *buf, size_t n)
{
  FILE *f = fopen("/proc/cpuinfo", "r");
  char line[512];
  int found = 0;
  if (!f)
    return 0;
  while (!found && fgets(line, sizeof line, f)) {
    char *colon = strchr(line, ':');
    if (!colon || strncmp(line, key, strlen(key)) != 0)
      continue;
    char *v = colon + 1;
    while (*v == ' ' || *v == '\t') v++;
    v[strcspn(v, "\n")] = 0;
    snprintf(buf, n, "%s", v);
    found = 1;
  }
  fclose(f);
  return found;
}

/* rt_fill_prop: describe the host CPU as a CUDA device (sm_80 limits). */
static void rt_fill_prop(void)
{
  struct cudaDeviceProp *p = &rt_prop;
  long procs = sysconf(_SC_NPROCESSORS_ONLN);
  long l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
  memset(p, 0, sizeof *p);
  if (!rt_cpuinfo("model name", p->name, sizeof p->name))
    snprintf(p->name, sizeof p->name, "cucpu host CPU");
  p->totalGlobalMem = (size_t)sysconf(_SC_PHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE);
  p->sharedMemPerBlock = 48 * 1024;
  p->regsPerBlock = 65536;
  p->warpSize = 32;
  p->memPitch = 2147483647;
  p->maxThreadsPerBlock = 1024;
  p->maxThreadsDim[0] = 1024; p->maxThreadsDim[1] = 1024; p->maxThreadsDim[2] = 64;
  p->maxGridSize[0] = 2147483647; p->maxGridSize[1] = 65535; p->maxGridSize[2] = 65535;
  /* the rate of clock()/clock64() in kernels, one tick per nanosecond:
   * programs turn milliseconds into cycles with it (N ms * clockRate) */
  p->clockRate = 1000000;
  p->totalConstMem = 65536;
  p->major = 8;
  p->minor = 0;
  p->textureAlignment = 512;
  p->texturePitchAlignment = 32;
  p->deviceOverlap = 1;
  p->multiProcessorCount = procs > 0 ? (int)procs : 1;
  p->integrated = 1;
  p->canMapHostMemory = 1;
  p->computeMode = cudaComputeModeDefault;
  p->maxTexture1D = 131072;
  p->maxTexture1DLinear = 1 << 28;
  p->maxTexture2D[0] = 131072; p->maxTexture2D[1] = 65536;
  p->maxTexture3D[0] = p->maxTexture3D[1] = p->maxTexture3D[2] = 16384;
  p->surfaceAlignment = 512;
  p->concurrentKernels = 1;
  p->asyncEngineCount = 1;
  p->unifiedAddressing = 1;
  p->memoryClockRate = p->clockRate;
  p->memoryBusWidth = 64;
  p->l2CacheSize = l2 > 0 ? (int)l2 : 1 << 20;
  p->maxThreadsPerMultiProcessor = 2048;
  p->globalL1CacheSupported = 1;
  p->localL1CacheSupported = 1;
  p->sharedMemPerMultiprocessor = 164 * 1024;
  p->regsPerMultiprocessor = 65536;
  p->managedMemory = 1;
  p->hostNativeAtomicSupported = 1;
  p->singleToDoublePrecisionPerfRatio = 2;
  p->pageableMemoryAccess = 1;
  p->concurrentManagedAccess = 1;
  p->canUseHostPointerForRegisteredMem = 1;
  /* grid.sync() under cudaLaunchCooperativeKernel (runtime/grid.c) */
  p->cooperativeLaunch = 1;
  p->sharedMemPerBlockOptin = RT_SHMEM_OPTIN;
  p->directManagedMemAccessFromHost = 1;
  p->maxBlocksPerMultiProcessor = 32;
  p->hostRegisterSupported = 1;
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device)
{
  if (!prop)
    return rt_fail(cudaErrorInvalidValue);
  if (device != 0)
    return rt_fail(cudaErrorInvalidDevice);
  pthread_once(&rt_prop_once, rt_fill_prop);
  *prop = rt_prop;
  return cudaSuccess;
}

/* rt_attr: the value of attribute a read from p; -1 when not modelled. */
static int rt_attr(const struct cudaDeviceProp *p, enum cudaDeviceAttr a)
{
  switch (a) {
  case cudaDevAttrMaxThreadsPerBlock: return p->maxThreadsPerBlock;
  case cudaDevAttrMaxBlockDimX: return p->maxThreadsDim[0];
  case cudaDevAttrMaxBlockDimY: return p->maxThreadsDim[1];
  case cudaDevAttrMaxBlockDimZ: return p->maxThreadsDim[2];
  case cudaDevAttrMaxGridDimX: return p->maxGridSize[0];
  case cudaDevAttrMaxGridDimY: return p->maxGridSize[1];
  case cudaDevAttrMaxGridDimZ: return p->maxGridSize[2];
  case cudaDevAttrMaxSharedMemoryPerBlock: return (int)p->sharedMemPerBlock;
  case cudaDevAttrTotalConstantMemory: return (int)p->totalConstMem;
  case cudaDevAttrWarpSize: return p->warpSize;
  case cudaDevAttrMaxPitch: return (int)p->memPitch;
  case cudaDevAttrMaxRegistersPerBlock: return p->regsPerBlock;
  case cudaDevAttrClockRate: return p->clockRate;
  case cudaDevAttrTextureAlignment: return (int)p->textureAlignment;
  case cudaDevAttrGpuOverlap: return p->deviceOverlap;
  case cudaDevAttrMultiProcessorCount: return p->multiProcessorCount;
  case cudaDevAttrKernelExecTimeout: return p->kernelExecTimeoutEnabled;
  case cudaDevAttrIntegrated: return p->integrated;
  case cudaDevAttrCanMapHostMemory: return p->canMapHostMemory;
  case cudaDevAttrComputeMode: return p->computeMode;
  case cudaDevAttrConcurrentKernels: return p->concurrentKernels;
  case cudaDevAttrEccEnabled: return p->ECCEnabled;
  case cudaDevAttrPciBusId: return p->pciBusID;
  case cudaDevAttrPciDeviceId: return p->pciDeviceID;
  case cudaDevAttrTccDriver: return p->tccDriver;
  case cudaDevAttrMemoryClockRate: return p->memoryClockRate;
  case cudaDevAttrGlobalMemoryBusWidth: return p->memoryBusWidth;
  case cudaDevAttrL2CacheSize: return p->l2CacheSize;
  case cudaDevAttrMaxThreadsPerMultiProcessor: return p->maxThreadsPerMultiProcessor;
  case cudaDevAttrAsyncEngineCount: return p->asyncEngineCount;
  case cudaDevAttrUnifiedAddressing: return p->unifiedAddressing;
  case cudaDevAttrComputeCapabilityMajor: return p->major;
  case cudaDevAttrComputeCapabilityMinor: return p->minor;
  case cudaDevAttrStreamPrioritiesSupported: return p->streamPrioritiesSupported;
  case cudaDevAttrGlobalL1CacheSupported: return p->globalL1CacheSupported;
  case cudaDevAttrLocalL1CacheSupported: return p->localL1CacheSupported;
  case cudaDevAttrMaxSharedMemoryPerMultiprocessor: return (int)p->sharedMemPerMultiprocessor;
  case cudaDevAttrMaxRegistersPerMultiprocessor: return p->regsPerMultiprocessor;
  case cudaDevAttrManagedMemory: return p->managedMemory;
  case cudaDevAttrIsMultiGpuBoard: return p->isMultiGpuBoard;
  case cudaDevAttrHostNativeAtomicSupported: return p->hostNativeAtomicSupported;
  case cudaDevAttrPageableMemoryAccess: return p->pageableMemoryAccess;
  case cudaDevAttrConcurrentManagedAccess: return p->concurrentManagedAccess;
  case cudaDevAttrCooperativeLaunch: return p->cooperativeLaunch;
  case cudaDevAttrMaxSharedMemoryPerBlockOptin: return (int)p->sharedMemPerBlockOptin;
  case cudaDevAttrMaxBlocksPerMultiprocessor: return p->maxBlocksPerMultiProcessor;
  case cudaDevAttrMemoryPoolsSupported: return 1;
  }
  return -1;
}

cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr,
                                   int device)
{
  struct cudaDeviceProp p;
  if (!value)
    return rt_fail(cudaErrorInvalidValue);
  cudaError_t err = cudaGetDeviceProperties(&p, device);
  if (err != cudaSuccess)
    return err;
  int v = rt_attr(&p, attr);
  if (v < 0)
    return rt_fail(cudaErrorInvalidValue);
  *value = v;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceCount(int *count)
{
  if (!count)
    return rt_fail(cudaErrorInvalidValue);
  *count = 1;
  return cudaSuccess;
}

cudaError_t cudaSetDevice(int device)
{
  return device == 0 ? cudaSuccess : rt_fail(cudaErrorInvalidDevice);
}

cudaError_t cudaGetDevice(int *device)
{
  if (!device)
    return rt_fail(cudaErrorInvalidValue);
  *device = 0;
  return cudaSuccess;
}

static unsigned int rt_device_flags;

cudaError_t cudaSetDeviceFlags(unsigned int flags)
{
  if (flags & ~0x1fu)
    return rt_fail(cudaErrorInvalidValue);
  rt_device_flags = flags;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceFlags(unsigned int *flags)
{
  if (!flags)
    return rt_fail(cudaErrorInvalidValue);
  *flags = rt_device_flags;
  return cudaSuccess;
}

cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop)
{
  (void)prop;
  return cudaGetDevice(device);
}

/* Work has finished when a call returns; what a sync can still report is
 * a kernel fault (sticky). */
cudaError_t cudaDeviceSynchronize(void)
{
  cudaError_t err = rt_capture_sync(rt_capture_device());
  if (err != cudaSuccess)
    return rt_fail(err);
  RT_STICKY();
  return cudaSuccess;
}
cudaError_t cudaThreadSynchronize(void) { return cudaDeviceSynchronize(); }

/* cudaDeviceReset: a fresh context, without the fault of the old one. */
cudaError_t cudaDeviceReset(void) { rt_set_sticky(cudaSuccess); return cudaSuccess; }
cudaError_t cudaThreadExit(void) { return cudaSuccess; }

/* Limits: remembered, enforced nowhere (a CPU thread's stack and heap are
 * the process's). */
static size_t rt_limits[7] = {1024, 1 << 20, 8 << 20, 2, 2048, 64, 0};

cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value)
{
  if ((unsigned)limit >= sizeof rt_limits / sizeof rt_limits[0])
    return rt_fail(cudaErrorUnsupportedLimit);
  rt_limits[limit] = value;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetLimit(size_t *pValue, enum cudaLimit limit)
{
  if (!pValue)
    return rt_fail(cudaErrorInvalidValue);
  if ((unsigned)limit >= sizeof rt_limits / sizeof rt_limits[0])
    return rt_fail(cudaErrorUnsupportedLimit);
  *pValue = rt_limits[limit];
  return cudaSuccess;
}

static enum cudaFuncCache rt_cache_config = cudaFuncCachePreferNone;
static enum cudaSharedMemConfig rt_shmem_config = cudaSharedMemBankSizeDefault;

cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig)
{
  rt_cache_config = cacheConfig;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *pCacheConfig)
{
  if (!pCacheConfig)
    return rt_fail(cudaErrorInvalidValue);
  *pCacheConfig = rt_cache_config;
  return cudaSuccess;
}

cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache cacheConfig)
{
  return cudaDeviceSetCacheConfig(cacheConfig);
}

cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config)
{
  rt_shmem_config = config;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *pConfig)
{
  if (!pConfig)
    return rt_fail(cudaErrorInvalidValue);
  *pConfig = rt_shmem_config;
  return cudaSuccess;
}

/* One device: there is no pair of distinct devices to ask about. */
cudaError_t cudaDeviceGetP2PAttribute(int *value, enum cudaDeviceP2PAttr attr,
                                      int srcDevice, int dstDevice)
{
  if (!value || attr < cudaDevP2PAttrPerformanceRank || attr > cudaDevP2PAttrOnlyPartialNativeAtomicSupported)
    return rt_fail(cudaErrorInvalidValue);
  (void)srcDevice; (void)dstDevice;
  return rt_fail(cudaErrorInvalidDevice);
}

cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device,
                                    int peerDevice)
{
  if (!canAccessPeer)
    return rt_fail(cudaErrorInvalidValue);
  if (device != 0 || peerDevice != 0)
    return rt_fail(cudaErrorInvalidDevice);
  *canAccessPeer = 0;
  return cudaSuccess;
}

cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags)
{
  (void)peerDevice; (void)flags;
  return rt_fail(cudaErrorInvalidDevice);
}

cudaError_t cudaDeviceDisablePeerAccess(int peerDevice)
{
  (void)peerDevice;
  return rt_fail(cudaErrorInvalidDevice);
}

cudaError_t cudaDriverGetVersion(int *driverVersion)
{
  if (!driverVersion)
    return rt_fail(cudaErrorInvalidValue);
  *driverVersion = CUDART_VERSION;
  return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int *runtimeVersion)
{
  if (!runtimeVersion)
    return rt_fail(cudaErrorInvalidValue);
  *runtimeVersion = CUDART_VERSION;
  return cudaSuccess;
}
