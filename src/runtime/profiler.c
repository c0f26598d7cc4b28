/* profiler.c: the profiler controls of the runtime and driver APIs. Under
 * CUCPU_PROFILE, stop pauses the recording and start resumes it (as nvprof
 * --profile-from-start off reads them); otherwise they do nothing. Both
 * always succeed. */
#include "rt.h"
#include "cuda_profiler_api.h"
#include "cudaProfiler.h"

cudaError_t cudaProfilerStart(void) { rt_prof_pause(0); return cudaSuccess; }
cudaError_t cudaProfilerStop(void) { rt_prof_pause(1); return cudaSuccess; }
CUresult cuProfilerStart(void) { rt_prof_pause(0); return CUDA_SUCCESS; }
CUresult cuProfilerStop(void) { rt_prof_pause(1); return CUDA_SUCCESS; }
