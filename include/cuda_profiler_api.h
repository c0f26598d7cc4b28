/* cuda_profiler_api.h: cudaProfilerStart/Stop. No profiler collects
 * anything here, so both succeed and do nothing (libcucpu_rt). */
#ifndef __CUDA_PROFILER_API_H__
#define __CUDA_PROFILER_API_H__

#include "cuda_runtime_api.h"

CUCPU_BEGIN_C
cudaError_t cudaProfilerStart(void) CUCPU_NOTHROW;
cudaError_t cudaProfilerStop(void) CUCPU_NOTHROW;
CUCPU_END_C

#endif
