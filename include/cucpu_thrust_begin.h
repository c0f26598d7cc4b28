/* cucpu_thrust_begin.h: opens the include of a real Thrust header.
 *
 * include/thrust/<name> is a forwarder (scripts/gen-cuda-headers.sh) that
 * includes this file, then Debian's Thrust header (libthrust-dev, 1.17)
 * with #include_next, then cucpu_thrust_end.h. Device memory is host
 * memory, so Thrust runs on its own host back ends: the device system is
 * OpenMP (THRUST_DEVICE_SYSTEM_OMP) and the host system C++.
 *
 * Thrust reads two macros of the compile while its headers are read, and
 * cucpu sets both for its headers only (push_macro here, pop_macro in
 * cucpu_thrust_end.h), whatever the user's code sees:
 * - _OPENMP: Thrust's OpenMP back end needs it (its pragmas and a static
 *   check), and the driver hides it from user code (-U_OPENMP, unless
 *   -Xcompiler -fopenmp); the host compile always has -fopenmp.
 * - __CUDA_ARCH__: cucpu defines it in all of a .cu (the device view);
 *   Thrust's host code must take its host path (exceptions, radix sort).
 * - __noinline__: cucpu's host_defines.h makes it a macro, which breaks
 *   libstdc++'s __attribute__((__noinline__)) in <memory> (GCC 12), and
 *   Thrust includes <memory>; inside Thrust's headers it is not defined.
 * No include guard: every forwarder opens and closes its own include. */
#ifndef CUCPU_THRUST_CONFIG
#define CUCPU_THRUST_CONFIG 1
/* Thrust's own values (thrust/detail/config/device_system.h and
 * host_system.h, which define them again, identically). */
#define THRUST_DEVICE_SYSTEM_CUDA 1
#define THRUST_DEVICE_SYSTEM_OMP 2
#define THRUST_DEVICE_SYSTEM_TBB 3
#define THRUST_DEVICE_SYSTEM_CPP 4
#define THRUST_HOST_SYSTEM_CPP 1
#define THRUST_HOST_SYSTEM_OMP 2
#define THRUST_HOST_SYSTEM_TBB 3
#ifndef THRUST_DEVICE_SYSTEM
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_OMP
#elif THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
#error "cucpu: Thrust runs on its OpenMP back end: THRUST_DEVICE_SYSTEM_CUDA is not supported (leave THRUST_DEVICE_SYSTEM undefined)"
#endif
#ifndef THRUST_HOST_SYSTEM
#define THRUST_HOST_SYSTEM THRUST_HOST_SYSTEM_CPP
#endif
/* CUDA's Thrust (CCCL) brings these with it; programs use std::cout and
 * std::chrono after a Thrust header alone (HeCBench's mtf) */
#include <iostream>
#include <chrono>
#endif
/* Set only inside Thrust's headers: cucpu_thrust_end.h knows from it
 * when the outermost one ends. */
#pragma push_macro("CUCPU_THRUST_INSIDE")
#ifndef CUCPU_THRUST_INSIDE
#define CUCPU_THRUST_INSIDE 1
#endif
#pragma push_macro("_OPENMP")
#pragma push_macro("__CUDA_ARCH__")
#pragma push_macro("__noinline__")
#undef __CUDA_ARCH__
#undef __noinline__
#ifndef _OPENMP
#define _OPENMP 201511
#endif
