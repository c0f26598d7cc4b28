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
  /* one device: no pair to ask about (NVIDIA's topologyQuery); pools */
  v = -1;
  CHECK(cudaDeviceGetP2PAttribute(&v, cudaDevP2PAttrAccessSupported, 0, 0) == cudaErrorInvalidDevice && v == -1);
  CHECK(cudaDeviceGetP2PAttribute(NULL, cudaDevP2PAttrAccessSupported, 0, 1) == cudaErrorInvalidValue);
  CHECK(cudaDeviceGetAttribute(&v, cudaDevAttrMemoryPoolsSupported, 0) == cudaSuccess && v == 1);
  CHECK(cudaGetLastError() == cudaErrorInvalidValue);
  CHECK(strlen(p.name) > 0 && p.warpSize == 32 && p.maxThreadsPerBlock == 1024);
  CHECK(p.maxThreadsDim[2] == 64 && p.maxGridSize[0] == 2147483647 && p.maxGridSize[1] == 65535);
  CHECK(p.multiProcessorCount >= 1 && p.totalGlobalMem > (1u << 20));
  CHECK(p.sharedMemPerBlock == 48 * 1024 && p.major >= 3 && p.clockRate > 0);
  CHECK(p.deviceOverlap == 1 && p.computeMode == cudaComputeModeDefault);
  /* grid.sync() under cudaLaunchCooperativeKernel */
  CHECK(p.cooperativeLaunch == 1);
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
  int major = 0, minor = -1;
  CHECK(cuDeviceComputeCapability(&major, &minor, cd) == CUDA_SUCCESS && major == p.major && minor == p.minor);
  CHECK(cuDeviceComputeCapability(&major, &minor, 1) == CUDA_ERROR_INVALID_DEVICE);
  size_t fr = 0, tot = 0;
  CHECK(cuMemGetInfo(&fr, &tot) == CUDA_SUCCESS && tot > 0 && fr <= tot);
  CHECK(cuDeviceTotalMem(&tot, cd) == CUDA_SUCCESS && tot > 0);
  CUcontext ctx = NULL, cur = NULL;
  CHECK(cuCtxCreate(&ctx, 0, cd) == CUDA_SUCCESS && cuCtxGetCurrent(&cur) == CUDA_SUCCESS && cur == ctx);
  CUdeviceptr dp = 0, dq = 0;
  unsigned words[8] = {0}, back[8] = {0};
  CHECK(cuMemAlloc(&dp, sizeof words) == CUDA_SUCCESS && cuMemAlloc(&dq, sizeof words) == CUDA_SUCCESS);
  CHECK(cuMemsetD32(dp, 0xabcd1234u, 8) == CUDA_SUCCESS && cuMemcpyDtoH(back, dp, sizeof back) == CUDA_SUCCESS);
  CHECK(back[0] == 0xabcd1234u && back[7] == 0xabcd1234u);
  CHECK(cuMemsetD32(dp, 0, 9) == CUDA_ERROR_INVALID_VALUE);
  words[3] = 7;
  CHECK(cuMemcpyHtoD(dq, words, sizeof words) == CUDA_SUCCESS && cuMemcpyDtoD(dp, dq, sizeof words) == CUDA_SUCCESS);
  CHECK(cuMemsetD8(dq, 0, sizeof words) == CUDA_SUCCESS && cuMemcpyDtoH(back, dp, sizeof back) == CUDA_SUCCESS);
  CHECK(back[3] == 7 && back[0] == 0);
  CHECK(cuMemFree(dp) == CUDA_SUCCESS && cuMemFree(dq) == CUDA_SUCCESS && cuMemFree(dq) == CUDA_ERROR_INVALID_VALUE);
  CHECK(cuCtxDestroy(ctx) == CUDA_SUCCESS);
  CHECK(cudaDeviceReset() == cudaSuccess);
  cudaGetLastError();
  return 0;
}
