/* thrust/system/cuda/execution_policy.h: thrust::cuda::par and
 * par.on(stream) on Thrust's OpenMP back end (cucpu_thrust_cuda.h). */
#include "../../../cucpu_thrust_cuda.h"
