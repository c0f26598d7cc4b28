/* cudaProfiler.h: the driver API's cuProfilerStart/Stop, no-ops that
 * succeed like their runtime twins in cuda_profiler_api.h. */
#ifndef CUCPU_CUDAPROFILER_H
#define CUCPU_CUDAPROFILER_H

#include "cuda.h"

CUCPU_BEGIN_C
CUresult cuProfilerStart(void);
CUresult cuProfilerStop(void);
CUCPU_END_C

#endif
