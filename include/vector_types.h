/* vector_types.h: CUDA's built-in vector types (char1..double4), uint3 and
 * dim3, with CUDA's sizes and alignments. In C++ dim3 has CUDA's
 * constructor dim3(x = 1, y = 1, z = 1) and converts to and from uint3; in
 * C it is a plain struct built with cucpu_dim3() (see cucpu_rt.h). */
#ifndef __VECTOR_TYPES_H__
#define __VECTOR_TYPES_H__

#include "host_defines.h"

#define CUCPU_V1(n, T, a) \
  typedef struct __attribute__((aligned(a))) n##1 { T x; } n##1;
#define CUCPU_V2(n, T, a) \
  typedef struct __attribute__((aligned(a))) n##2 { T x, y; } n##2;
#define CUCPU_V3(n, T) typedef struct n##3 { T x, y, z; } n##3;
#define CUCPU_V4(n, T, a) \
  typedef struct __attribute__((aligned(a))) n##4 { T x, y, z, w; } n##4;
#define CUCPU_VEC(n, T, a1, a2, a4) \
  CUCPU_V1(n, T, a1) CUCPU_V2(n, T, a2) CUCPU_V3(n, T) CUCPU_V4(n, T, a4)

CUCPU_VEC(char, signed char, 1, 2, 4)
CUCPU_VEC(uchar, unsigned char, 1, 2, 4)
CUCPU_VEC(short, short, 2, 4, 8)
CUCPU_VEC(ushort, unsigned short, 2, 4, 8)
CUCPU_VEC(int, int, 4, 8, 16)
CUCPU_VEC(uint, unsigned int, 4, 8, 16)
CUCPU_VEC(long, long, sizeof(long), 2 * sizeof(long), 16)
CUCPU_VEC(ulong, unsigned long, sizeof(long), 2 * sizeof(long), 16)
CUCPU_VEC(longlong, long long, 8, 16, 16)
CUCPU_VEC(ulonglong, unsigned long long, 8, 16, 16)
CUCPU_VEC(float, float, 4, 8, 16)
CUCPU_VEC(double, double, 8, 16, 16)

#undef CUCPU_V1
#undef CUCPU_V2
#undef CUCPU_V3
#undef CUCPU_V4
#undef CUCPU_VEC

#if defined(CUCPU_CXX)
CUCPU_HD_BEGIN
struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};
CUCPU_HD_END
typedef struct dim3 dim3;
#else
typedef struct dim3 { unsigned int x, y, z; } dim3;
#endif

#endif
