/* cucpu_thrust_end.h: closes what cucpu_thrust_begin.h opened (see there):
 * _OPENMP, __CUDA_ARCH__ and __noinline__ return to what the user's code sees. */
#pragma pop_macro("__noinline__")
#pragma pop_macro("__CUDA_ARCH__")
#pragma pop_macro("_OPENMP")
#pragma pop_macro("CUCPU_THRUST_INSIDE")
/* The outermost Thrust header ends: every one declares thrust::cuda::par. */
#ifndef CUCPU_THRUST_INSIDE
#include "cucpu_thrust_cuda.h"
#endif
