/* device.c: the host CPU described as one CUDA device. */
#include <math.h>
#include <string.h>
#include "cuda_runtime.h"
#include "cuda.h"
#include "check.h"

int main(void)
{
  int n = 0, dev = -1, v = 0;
  cudaDeviceProp p;
  CHECK(cudaGetDeviceCount(&n) == cudaSuccess && n == 1);
  CHECK(cudaSetDevice(0) == cudaSuccess && cudaGetDevice(&dev) == cudaSuccess && dev == 0);
  CHECK(cudaGetDeviceProperties(&p, 0) == cudaSuccess);
  CHECK(strlen(p.name) > 0 && p.warpSize == 32 && p.maxThreadsPerBlock == 1024);
  CHECK(p.maxThreadsDim[2] == 64 && p.maxGridSize[0] == 2147483647 && p.maxGridSize[1] == 65535);
  CHECK(p.multiProcessorCount >= 1 && p.totalGlobalMem > (1u << 20));
  CHECK(p.sharedMemPerBlock == 48 * 1024 && p.major >= 3 && p.clockRate > 0);
  CHECK(p.deviceOverlap == 1 && p.computeMode == cudaComputeModeDefault);
  /* grid.sync() is not supported: no cooperative launches */
  CHECK(p.cooperativeLaunch == 0);
  CHECK(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 0) == cudaSuccess && v == 32);
  CHECK(cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, 0) == cudaSuccess &&
        v == p.multiProcessorCount);
  CHECK(cudaGetDeviceProperties(&p, 1) == cudaErrorInvalidDevice);
  size_t lim = 0;
  CHECK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 24) == cudaSuccess);
  CHECK(cudaDeviceGetLimit(&lim, cudaLimitMallocHeapSize) == cudaSuccess && lim == 1 << 24);
  CHECK(cudaDeviceSetCacheConfig(cudaFuncCachePreferL1) == cudaSuccess);
  CHECK(cudaFuncSetCacheConfig((const void *)main, cudaFuncCachePreferShared) == cudaSuccess);
  CHECK(cudaDriverGetVersion(&v) == cudaSuccess && v >= 9000);
  CHECK(cudaRuntimeGetVersion(&v) == cudaSuccess && v >= 9000);
  CHECK(cudaDeviceSynchronize() == cudaSuccess && cudaThreadSynchronize() == cudaSuccess);
  CUdevice cd;
  CHECK(cuInit(0) == CUDA_SUCCESS && cuDeviceGet(&cd, 0) == CUDA_SUCCESS);
  CHECK(cudaDeviceReset() == cudaSuccess);
  cudaGetLastError();
  return 0;
}
