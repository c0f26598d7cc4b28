/* cucpu_thrust_end.h: closes what cucpu_thrust_begin.h opened (see there):
 * _OPENMP, __CUDA_ARCH__ and __noinline__ return to what the user's code sees. */
#pragma pop_macro("__noinline__")
#pragma pop_macro("__CUDA_ARCH__")
#pragma pop_macro("_OPENMP")
