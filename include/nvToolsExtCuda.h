/* nvToolsExtCuda.h: NVTX names for driver API devices, contexts, streams
 * and events; nothing records them here (see nvToolsExt.h). */
#ifndef CUCPU_NVTOOLSEXTCUDA_H
#define CUCPU_NVTOOLSEXTCUDA_H

#include "nvToolsExt.h"
#include "cuda.h"

CUCPU_NVTX_NOP(nvtxNameCuDeviceA, (CUdevice d, const char *n))
CUCPU_NVTX_NOP(nvtxNameCuDeviceW, (CUdevice d, const wchar_t *n))
CUCPU_NVTX_NOP(nvtxNameCuContextA, (CUcontext c, const char *n))
CUCPU_NVTX_NOP(nvtxNameCuContextW, (CUcontext c, const wchar_t *n))
CUCPU_NVTX_NOP(nvtxNameCuStreamA, (CUstream s, const char *n))
CUCPU_NVTX_NOP(nvtxNameCuStreamW, (CUstream s, const wchar_t *n))
CUCPU_NVTX_NOP(nvtxNameCuEventA, (CUevent e, const char *n))
CUCPU_NVTX_NOP(nvtxNameCuEventW, (CUevent e, const wchar_t *n))

#endif
