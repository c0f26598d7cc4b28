/* cuda_fp16.h: a minimal __half: storage, conversions to and from float
 * (round to nearest even) and, in C++, arithmetic through float. */
#ifndef __CUDA_FP16_H__
#define __CUDA_FP16_H__

#include "host_defines.h"

typedef struct __half { unsigned short x; } __half;
typedef struct __half2 { __half x, y; } __half2;
typedef __half half;
typedef __half2 half2;

CUCPU_HD_BEGIN
/* cucpu_f2h_bits: IEEE binary16 bits of f, rounded to nearest even. */
CUCPU_INLINE unsigned short cucpu_f2h_bits(float f)
{
  unsigned int b;
  __builtin_memcpy(&b, &f, sizeof b);
  unsigned int sign = (b >> 16) & 0x8000u, e = (b >> 23) & 0xffu;
  unsigned int m = b & 0x7fffffu;
  if (e == 0xffu) return (unsigned short)(sign | 0x7c00u | (m ? 0x200u : 0));
  int ex = (int)e - 127 + 15;
  if (ex >= 31) return (unsigned short)(sign | 0x7c00u);
  if (ex <= 0) {
    if (ex < -10) return (unsigned short)sign;
    m |= 0x800000u;
    unsigned int shift = (unsigned int)(14 - ex), r = m >> shift;
    unsigned int rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (r & 1))) r++;
    return (unsigned short)(sign | r);
  }
  unsigned int r = ((unsigned int)ex << 10) | (m >> 13), rem = m & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (r & 1))) r++;
  return (unsigned short)(sign | r);
}

/* cucpu_h2f_bits: the float value of binary16 bits h (exact). */
CUCPU_INLINE float cucpu_h2f_bits(unsigned short h)
{
  unsigned int sign = (unsigned int)(h & 0x8000u) << 16;
  unsigned int e = (h >> 10) & 0x1fu, m = h & 0x3ffu, b;
  if (e == 0x1fu) b = sign | 0x7f800000u | (m << 13);
  else if (e != 0) b = sign | ((e - 15 + 127) << 23) | (m << 13);
  else if (m == 0) b = sign;
  else {
    int ex = -14;
    while (!(m & 0x400u)) { m <<= 1; ex--; }
    b = sign | ((unsigned int)(ex + 127) << 23) | ((m & 0x3ffu) << 13);
  }
  float f;
  __builtin_memcpy(&f, &b, sizeof f);
  return f;
}

CUCPU_INLINE __half __float2half(float f)
{ __half h; h.x = cucpu_f2h_bits(f); return h; }
CUCPU_INLINE __half __float2half_rn(float f) { return __float2half(f); }
CUCPU_INLINE float __half2float(__half h) { return cucpu_h2f_bits(h.x); }
CUCPU_INLINE __half __double2half(double d) { return __float2half((float)d); }
CUCPU_INLINE __half2 __floats2half2_rn(float a, float b)
{ __half2 r; r.x = __float2half(a); r.y = __float2half(b); return r; }
CUCPU_INLINE __half2 __float2half2_rn(float a) { return __floats2half2_rn(a, a); }
CUCPU_INLINE float __low2float(__half2 h) { return __half2float(h.x); }
CUCPU_INLINE float __high2float(__half2 h) { return __half2float(h.y); }
CUCPU_INLINE __half __hmul(__half a, __half b)
{ return __float2half(__half2float(a) * __half2float(b)); }
CUCPU_INLINE __half __hsub(__half a, __half b)
{ return __float2half(__half2float(a) - __half2float(b)); }
CUCPU_INLINE __half __hdiv(__half a, __half b)
{ return __float2half(__half2float(a) / __half2float(b)); }
CUCPU_INLINE __half __hfma(__half a, __half b, __half c)
{ return __float2half(__half2float(a) * __half2float(b) + __half2float(c)); }
CUCPU_HD_END

#if defined(CUCPU_CXX)
CUCPU_HD_BEGIN
#define CUCPU_HOP(op)                                                   \
  static inline __half operator op(__half a, __half b)                  \
  { return __float2half(__half2float(a) op __half2float(b)); }
CUCPU_HOP(+) CUCPU_HOP(-) CUCPU_HOP(*) CUCPU_HOP(/)
#undef CUCPU_HOP
#define CUCPU_HCMP(op)                                                  \
  static inline bool operator op(__half a, __half b)                    \
  { return __half2float(a) op __half2float(b); }
CUCPU_HCMP(<) CUCPU_HCMP(>) CUCPU_HCMP(<=) CUCPU_HCMP(>=) CUCPU_HCMP(==)
CUCPU_HCMP(!=)
#undef CUCPU_HCMP
CUCPU_HD_END
#endif

#endif
