/* cuda.h: the runtime API plus the driver API entry points that runtime
 * programs call (cuInit, cuDeviceGet, cuMemGetInfo, cuMemAlloc, ...), each
 * answered for the one host "device" by the runtime's own calls. */
#ifndef __cuda_cuda_h__
#define __cuda_cuda_h__

#include "cuda_runtime.h"

#define CUDA_VERSION 12000

typedef enum cudaError_enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_NOT_SUPPORTED = 801,
  CUDA_ERROR_UNKNOWN = 999
} CUresult;
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef unsigned long long CUdeviceptr;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;

/* As in the toolkit's cuda.h, the current API is the _v2 entry points,
 * which these names stand for. */
#define cuMemGetInfo cuMemGetInfo_v2
#define cuDeviceTotalMem cuDeviceTotalMem_v2
#define cuCtxCreate cuCtxCreate_v2
#define cuCtxDestroy cuCtxDestroy_v2
#define cuMemAlloc cuMemAlloc_v2
#define cuMemFree cuMemFree_v2
#define cuMemcpyHtoD cuMemcpyHtoD_v2
#define cuMemcpyDtoH cuMemcpyDtoH_v2
#define cuMemcpyDtoD cuMemcpyDtoD_v2
#define cuMemsetD8 cuMemsetD8_v2
#define cuMemsetD32 cuMemsetD32_v2

CUCPU_BEGIN_C
CUresult cuInit(unsigned int flags);
CUresult cuDriverGetVersion(int *version);
CUresult cuDeviceGetCount(int *count);
CUresult cuDeviceGet(CUdevice *device, int ordinal);
CUresult cuDeviceGetName(char *name, int len, CUdevice dev);
CUresult cuDeviceTotalMem(size_t *bytes, CUdevice dev);
CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice dev);
/* Contexts: the device has one, which every call creates or retains. */
CUresult cuCtxCreate(CUcontext *ctx, unsigned int flags, CUdevice dev);
CUresult cuCtxDestroy(CUcontext ctx);
CUresult cuCtxGetCurrent(CUcontext *ctx);
CUresult cuCtxSetCurrent(CUcontext ctx);
CUresult cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice dev);
CUresult cuDevicePrimaryCtxRelease(CUdevice dev);
CUresult cuCtxSynchronize(void);
/* Memory: the runtime's (cudaMemGetInfo, cudaMalloc, cudaMemcpy, ...). */
CUresult cuMemGetInfo(size_t *free_bytes, size_t *total);
CUresult cuMemAlloc(CUdeviceptr *dptr, size_t bytes);
CUresult cuMemFree(CUdeviceptr dptr);
CUresult cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t bytes);
CUresult cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t bytes);
CUresult cuMemcpyDtoD(CUdeviceptr dst, CUdeviceptr src, size_t bytes);
CUresult cuMemsetD8(CUdeviceptr dst, unsigned char value, size_t n);
CUresult cuMemsetD32(CUdeviceptr dst, unsigned int value, size_t n);
CUresult cuGetErrorString(CUresult error, const char **str);
CUresult cuGetErrorName(CUresult error, const char **str);
CUCPU_END_C

#endif
