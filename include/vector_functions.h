/* vector_functions.h: make_<type>N constructors for every CUDA vector
 * type, usable from host and device code. */
#ifndef __VECTOR_FUNCTIONS_H__
#define __VECTOR_FUNCTIONS_H__

#include "vector_types.h"

#define CUCPU_MK1(n, T) CUCPU_INLINE n##1 make_##n##1(T x) \
  { n##1 r; r.x = x; return r; }
#define CUCPU_MK2(n, T) CUCPU_INLINE n##2 make_##n##2(T x, T y) \
  { n##2 r; r.x = x; r.y = y; return r; }
#define CUCPU_MK3(n, T) CUCPU_INLINE n##3 make_##n##3(T x, T y, T z) \
  { n##3 r; r.x = x; r.y = y; r.z = z; return r; }
#define CUCPU_MK4(n, T) CUCPU_INLINE n##4 make_##n##4(T x, T y, T z, T w) \
  { n##4 r; r.x = x; r.y = y; r.z = z; r.w = w; return r; }
#define CUCPU_MK(n, T) CUCPU_MK1(n, T) CUCPU_MK2(n, T) CUCPU_MK3(n, T) \
  CUCPU_MK4(n, T)

CUCPU_HD_BEGIN
CUCPU_MK(char, signed char)
CUCPU_MK(uchar, unsigned char)
CUCPU_MK(short, short)
CUCPU_MK(ushort, unsigned short)
CUCPU_MK(int, int)
CUCPU_MK(uint, unsigned int)
CUCPU_MK(long, long)
CUCPU_MK(ulong, unsigned long)
CUCPU_MK(longlong, long long)
CUCPU_MK(ulonglong, unsigned long long)
CUCPU_MK(float, float)
CUCPU_MK(double, double)
CUCPU_HD_END

#undef CUCPU_MK1
#undef CUCPU_MK2
#undef CUCPU_MK3
#undef CUCPU_MK4
#undef CUCPU_MK

#endif
