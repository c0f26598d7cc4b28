/* cucpu_libc.h: the C library as device code sees it. In PARSE mode the
 * C headers are read as __host__ __device__ (glibc's math.h and stdlib.h
 * directly, bypassing libstdc++'s C++ wrappers, which would otherwise make
 * the C++ library host+device too), then printf and __assert_fail get
 * device declarations (clang allows no other variadic device function).
 * For the frontend to see math functions as callable from kernels, this
 * header must come before any user #include of <math.h>/<cmath>: parse
 * with -include cuda_runtime.h. */
#ifndef CUCPU_LIBC_H
#define CUCPU_LIBC_H

#include "host_defines.h"

#if defined(CUCPU_PARSE)
/* libstdc++'s configuration header declares std::terminate; read it as
 * host code first, or <exception> cannot redeclare it later. */
#include <cstddef>
CUCPU_HD_BEGIN
#define _GLIBCXX_INCLUDE_NEXT_C_HEADERS
#include <math.h>
#include <stdlib.h>
#undef _GLIBCXX_INCLUDE_NEXT_C_HEADERS
#include <string.h>
#include <time.h>
#include <fenv.h>
#include <limits.h>
#include <stdint.h>
CUCPU_HD_END
#include <stdio.h>
/* malloc.h declares stdlib.h's allocators again (valloc, reallocarray):
 * read it as host+device too, or a user's #include <malloc.h> clashes; it
 * includes stdio.h, which must stay host code (variadic). */
CUCPU_HD_BEGIN
#include <malloc.h>
CUCPU_HD_END
/* So does the compiler's mm_malloc.h (posix_memalign), which
 * <xmmintrin.h> includes, and Thrust through it. */
#if defined(__x86_64__) || defined(__i386__)
CUCPU_HD_BEGIN
#include <mm_malloc.h>
CUCPU_HD_END
#endif
#include <assert.h>
extern "C" __device__ int printf(const char *, ...);
extern "C" __device__ void __assert_fail(const char *, const char *,
                                         unsigned int, const char *) noexcept
    __attribute__((noreturn));
#endif

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <assert.h>
#include <time.h>
#include <fenv.h>
#include <limits.h>
#include <stdint.h>
#if defined(CUCPU_CXX)
#include <cmath>
#include <cstdlib>
#endif

#endif
