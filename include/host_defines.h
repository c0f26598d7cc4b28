/* host_defines.h: CUDA qualifiers and the three header modes.
 *
 * cucpu's headers serve three readers:
 *   PARSE    clang in CUDA mode (__CUDA__ defined, always C++): qualifiers
 *            become clang's CUDA attributes so the frontend sees them;
 *   COMPILE C++  g++ -fopenmp on the translator's output: qualifiers vanish;
 *   COMPILE C    gcc -std=gnu11 -fopenmp on output that is valid C.
 * CUCPU_PARSE, CUCPU_CXX and CUCPU_C name the mode; CUCPU_DV(v) gives a
 * default argument in C++ only; CUCPU_BEGIN_C/CUCPU_END_C wrap extern "C";
 * CUCPU_NOTHROW marks a runtime function that never throws. */
#ifndef __HOST_DEFINES_H__
#define __HOST_DEFINES_H__

#if defined(__CUDA__)
#define CUCPU_PARSE 1
#endif
#if defined(__cplusplus)
#define CUCPU_CXX 1
#else
#define CUCPU_C 1
#endif

/* __CUDA_ARCH__ (docs/features.md, "Predefined macros"). nvcc compiles a
 * .cu twice, defining __CUDA_ARCH__ only in the device pass; cucpu
 * compiles host and device code of a .cu as one, so it takes one view of
 * it: the device's, where code under #ifdef __CUDA_ARCH__ needs it. Valid
 * CUDA parses in both views. __CUDACC__ marks a .cu (the translator and
 * the translated file define it; .c and .cpp files do not), CUCPU_ARCH is
 * the -arch that the driver passes (sm_75 by default), and -DCUCPU_HOST_VIEW
 * keeps __CUDA_ARCH__ undefined. */
#ifndef CUCPU_ARCH
#define CUCPU_ARCH 750
#endif
#if defined(__CUDACC__) && !defined(__CUDA_ARCH__) && !defined(CUCPU_HOST_VIEW)
#define __CUDA_ARCH__ CUCPU_ARCH
#endif

/* a const kernel parameter that the GPU reads in place: a CPU's parameters
 * are in memory anyway */
#define __grid_constant__

#if defined(CUCPU_PARSE)
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((device)) __attribute__((annotate("cucpu_managed")))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
/* __noinline__ is a keyword of clang's CUDA mode, as of nvcc's: no macro,
 * so that libstdc++'s __attribute__((__noinline__)) (<memory>) parses. */
/* Everything between these pragmas is __host__ __device__. */
#define CUCPU_HD_BEGIN _Pragma("clang force_cuda_host_device begin")
#define CUCPU_HD_END _Pragma("clang force_cuda_host_device end")
#else
#define __global__
#define __device__
#define __host__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#define __forceinline__ __inline__
/* Empty for g++: `__noinline__ void f()` is `void f()`, and libstdc++'s
 * __attribute__((__noinline__)) an empty attribute list (a hint lost). */
#define __noinline__
#define CUCPU_HD_BEGIN
#define CUCPU_HD_END
#endif

/* A `__device__` lambda that host code calls (Thrust's algorithms run on
 * the host): the front end respells its `__device__` as this, of the same
 * length, when clang refused the call (src/frontend/parse.c). */
#define __cucpu_hd __host__ __device__

#define __device_builtin__
#define __builtin_align__(a) __attribute__((aligned(a)))
#define __align__(a) __attribute__((aligned(a)))
#define __cudart_builtin__
#define CUDARTAPI
#define CUDAAPI

#if defined(CUCPU_CXX)
#define CUCPU_DV(v) = v
#define CUCPU_BEGIN_C extern "C" {
#define CUCPU_END_C }
#else
#define CUCPU_DV(v)
#define CUCPU_BEGIN_C
#define CUCPU_END_C
#endif

/* The runtime is C: nothing it calls throws through it. Telling g++ spares
 * a call of it inside an OpenMP region (a team's master block) the
 * exception region whose personality routine would load libstdc++ into a
 * program that does not otherwise use it. */
#define CUCPU_NOTHROW __attribute__((nothrow))

/* Header-only helpers: inline, never a warning when unused. */
#define CUCPU_INLINE static __inline__ __attribute__((unused))

#endif
