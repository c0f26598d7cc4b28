/* nvToolsExtCudaRt.h: NVTX names for runtime devices, streams and events;
 * nothing records them here (see nvToolsExt.h). */
#ifndef CUCPU_NVTOOLSEXTCUDART_H
#define CUCPU_NVTOOLSEXTCUDART_H

#include "nvToolsExt.h"
#include "cuda_runtime_api.h"

CUCPU_NVTX_NOP(nvtxNameCudaDeviceA, (int d, const char *n))
CUCPU_NVTX_NOP(nvtxNameCudaDeviceW, (int d, const wchar_t *n))
CUCPU_NVTX_NOP(nvtxNameCudaStreamA, (cudaStream_t s, const char *n))
CUCPU_NVTX_NOP(nvtxNameCudaStreamW, (cudaStream_t s, const wchar_t *n))
CUCPU_NVTX_NOP(nvtxNameCudaEventA, (cudaEvent_t e, const char *n))
CUCPU_NVTX_NOP(nvtxNameCudaEventW, (cudaEvent_t e, const wchar_t *n))

#endif
