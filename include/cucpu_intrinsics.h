/* cucpu_intrinsics.h: CUDA's integer intrinsics (__popc, __clz, __brev,
 * __byte_perm, __funnelshift_l, __mulhi, ...) and the min/max family.
 * In C++ min and max are overloads at global scope (declared as (min) so a
 * user's min macro cannot break them); in C they are _Generic macros that
 * dispatch on the usual arithmetic conversion of both operands. */
#ifndef CUCPU_INTRINSICS_H
#define CUCPU_INTRINSICS_H

#include "host_defines.h"
#include "cucpu_math.h"

CUCPU_HD_BEGIN

CUCPU_INLINE int __mul24(int a, int b)
{
  long long x = (long long)((unsigned int)a << 8) << 32 >> 40;
  long long y = (long long)((unsigned int)b << 8) << 32 >> 40;
  return (int)(unsigned int)(x * y);
}
CUCPU_INLINE unsigned int __umul24(unsigned int a, unsigned int b)
{ return (a & 0xffffffu) * (b & 0xffffffu); }
CUCPU_INLINE int __mulhi(int a, int b)
{ return (int)(((long long)a * b) >> 32); }
CUCPU_INLINE unsigned int __umulhi(unsigned int a, unsigned int b)
{ return (unsigned int)(((unsigned long long)a * b) >> 32); }
CUCPU_INLINE long long __mul64hi(long long a, long long b)
{ return (long long)(((__int128)a * b) >> 64); }
CUCPU_INLINE unsigned long long __umul64hi(unsigned long long a,
                                           unsigned long long b)
{ return (unsigned long long)(((unsigned __int128)a * b) >> 64); }

CUCPU_INLINE int __popc(unsigned int x) { return __builtin_popcount(x); }
CUCPU_INLINE int __popcll(unsigned long long x)
{ return __builtin_popcountll(x); }
CUCPU_INLINE int __clz(int x)
{ return x ? __builtin_clz((unsigned int)x) : 32; }
CUCPU_INLINE int __clzll(long long x)
{ return x ? __builtin_clzll((unsigned long long)x) : 64; }
CUCPU_INLINE int __ffs(int x) { return __builtin_ffs(x); }
CUCPU_INLINE int __ffsll(long long x) { return __builtin_ffsll(x); }

CUCPU_INLINE unsigned int __brev(unsigned int x)
{
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
  return __builtin_bswap32(x);
}
CUCPU_INLINE unsigned long long __brevll(unsigned long long x)
{
  return ((unsigned long long)__brev((unsigned int)x) << 32) |
         __brev((unsigned int)(x >> 32));
}

CUCPU_INLINE unsigned int __sad(int x, int y, unsigned int z)
{ return (x > y ? (unsigned int)x - (unsigned int)y
                : (unsigned int)y - (unsigned int)x) + z; }
CUCPU_INLINE unsigned int __usad(unsigned int x, unsigned int y,
                                 unsigned int z)
{ return (x > y ? x - y : y - x) + z; }

#if CUCPU_ARCH >= 610 && defined(__cplusplus)
/* sm_61's dot products (sm_61_intrinsics.h; nvcc declares them from
 * sm_61 on): four byte products, or two 16-bit by 8-bit products of the
 * low or high bytes of b, added to c, all in 32-bit two's complement. */
CUCPU_INLINE int __dp4a(int a, int b, int c)
{
  unsigned int r = (unsigned int)c;
  for (int i = 0; i < 4; i++)
    r += (unsigned int)((int)(signed char)(a >> (8 * i)) * (int)(signed char)(b >> (8 * i)));
  return (int)r;
}
CUCPU_INLINE unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c)
{
  for (int i = 0; i < 4; i++) c += ((a >> (8 * i)) & 0xffu) * ((b >> (8 * i)) & 0xffu);
  return c;
}
CUCPU_INLINE int __dp4a(char4 a, char4 b, int c)
{
  return c + a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}
CUCPU_INLINE unsigned int __dp4a(uchar4 a, uchar4 b, unsigned int c)
{
  return c + (unsigned int)(a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w);
}
CUCPU_INLINE int cucpu_dp2a(int a, int b, int c, int hi)
{
  unsigned int r = (unsigned int)c;
  for (int i = 0; i < 2; i++)
    r += (unsigned int)((int)(short)(a >> (16 * i)) * (int)(signed char)(b >> (8 * (i + 2 * hi))));
  return (int)r;
}
CUCPU_INLINE unsigned int cucpu_dp2a_u(unsigned int a, unsigned int b, unsigned int c, int hi)
{
  for (int i = 0; i < 2; i++) c += ((a >> (16 * i)) & 0xffffu) * ((b >> (8 * (i + 2 * hi))) & 0xffu);
  return c;
}
CUCPU_INLINE int __dp2a_lo(int a, int b, int c) { return cucpu_dp2a(a, b, c, 0); }
CUCPU_INLINE int __dp2a_hi(int a, int b, int c) { return cucpu_dp2a(a, b, c, 1); }
CUCPU_INLINE unsigned int __dp2a_lo(unsigned int a, unsigned int b, unsigned int c) { return cucpu_dp2a_u(a, b, c, 0); }
CUCPU_INLINE unsigned int __dp2a_hi(unsigned int a, unsigned int b, unsigned int c) { return cucpu_dp2a_u(a, b, c, 1); }
#endif

/* __byte_perm: byte i of the result is byte (s >> 4i) & 7 of y:x. */
CUCPU_INLINE unsigned int __byte_perm(unsigned int x, unsigned int y,
                                      unsigned int s)
{
  unsigned long long v = ((unsigned long long)y << 32) | x;
  unsigned int r = 0;
  for (int i = 0; i < 4; i++)
    r |= (unsigned int)((v >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i);
  return r;
}

/* Funnel shifts of hi:lo; the plain forms take the shift mod 32, the _c
 * forms clamp it to 32. */
CUCPU_INLINE unsigned int __funnelshift_l(unsigned int lo, unsigned int hi,
                                          unsigned int s)
{
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)((v << (s & 31)) >> 32);
}
CUCPU_INLINE unsigned int __funnelshift_r(unsigned int lo, unsigned int hi,
                                          unsigned int s)
{
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)(v >> (s & 31));
}
CUCPU_INLINE unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi,
                                           unsigned int s)
{
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)((v << (s > 32 ? 32 : s)) >> 32);
}
CUCPU_INLINE unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi,
                                           unsigned int s)
{
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)(v >> (s > 32 ? 32 : s));
}

/* Halving adds without intermediate overflow. */
CUCPU_INLINE int __hadd(int a, int b)
{ return (int)(((long long)a + b) >> 1); }
CUCPU_INLINE int __rhadd(int a, int b)
{ return (int)(((long long)a + b + 1) >> 1); }
CUCPU_INLINE unsigned int __uhadd(unsigned int a, unsigned int b)
{ return (unsigned int)(((unsigned long long)a + b) >> 1); }
CUCPU_INLINE unsigned int __urhadd(unsigned int a, unsigned int b)
{ return (unsigned int)(((unsigned long long)a + b + 1) >> 1); }

/* Typed min/max; the CUDA names dispatch to these. */
#define CUCPU_MINMAX(sfx, T)                                            \
  CUCPU_INLINE T cucpu_min_##sfx(T a, T b) { return a < b ? a : b; }    \
  CUCPU_INLINE T cucpu_max_##sfx(T a, T b) { return a > b ? a : b; }
CUCPU_MINMAX(i, int)
CUCPU_MINMAX(u, unsigned int)
CUCPU_MINMAX(l, long)
CUCPU_MINMAX(ul, unsigned long)
CUCPU_MINMAX(ll, long long)
CUCPU_MINMAX(ull, unsigned long long)
#undef CUCPU_MINMAX
CUCPU_INLINE float cucpu_min_f(float a, float b) { return fminf(a, b); }
CUCPU_INLINE float cucpu_max_f(float a, float b) { return fmaxf(a, b); }
CUCPU_INLINE double cucpu_min_d(double a, double b) { return fmin(a, b); }
CUCPU_INLINE double cucpu_max_d(double a, double b) { return fmax(a, b); }

CUCPU_INLINE unsigned int umin(unsigned int a, unsigned int b)
{ return cucpu_min_u(a, b); }
CUCPU_INLINE unsigned int umax(unsigned int a, unsigned int b)
{ return cucpu_max_u(a, b); }
CUCPU_INLINE long long llmin(long long a, long long b)
{ return cucpu_min_ll(a, b); }
CUCPU_INLINE long long llmax(long long a, long long b)
{ return cucpu_max_ll(a, b); }
CUCPU_INLINE unsigned long long ullmin(unsigned long long a,
                                       unsigned long long b)
{ return cucpu_min_ull(a, b); }
CUCPU_INLINE unsigned long long ullmax(unsigned long long a,
                                       unsigned long long b)
{ return cucpu_max_ull(a, b); }

CUCPU_HD_END

#if defined(CUCPU_CXX)
CUCPU_HD_BEGIN
#define CUCPU_MINMAX_CXX(sfx, T)                                        \
  CUCPU_INLINE T(min)(T a, T b) { return cucpu_min_##sfx(a, b); }      \
  CUCPU_INLINE T(max)(T a, T b) { return cucpu_max_##sfx(a, b); }
CUCPU_MINMAX_CXX(i, int)
CUCPU_MINMAX_CXX(u, unsigned int)
CUCPU_MINMAX_CXX(l, long)
CUCPU_MINMAX_CXX(ul, unsigned long)
CUCPU_MINMAX_CXX(ll, long long)
CUCPU_MINMAX_CXX(ull, unsigned long long)
CUCPU_MINMAX_CXX(f, float)
CUCPU_MINMAX_CXX(d, double)
#undef CUCPU_MINMAX_CXX
/* Mixed signedness goes unsigned, as CUDA's overloads do. */
CUCPU_INLINE unsigned int(min)(int a, unsigned int b)
{ return cucpu_min_u((unsigned int)a, b); }
CUCPU_INLINE unsigned int(min)(unsigned int a, int b)
{ return cucpu_min_u(a, (unsigned int)b); }
CUCPU_INLINE unsigned int(max)(int a, unsigned int b)
{ return cucpu_max_u((unsigned int)a, b); }
CUCPU_INLINE unsigned int(max)(unsigned int a, int b)
{ return cucpu_max_u(a, (unsigned int)b); }
CUCPU_INLINE double(min)(float a, double b) { return cucpu_min_d(a, b); }
CUCPU_INLINE double(min)(double a, float b) { return cucpu_min_d(a, b); }
CUCPU_INLINE double(max)(float a, double b) { return cucpu_max_d(a, b); }
CUCPU_INLINE double(max)(double a, float b) { return cucpu_max_d(a, b); }
CUCPU_HD_END
#elif !defined(min) && !defined(max)
#define CUCPU_MINMAX_GENERIC(f, a, b)                                   \
  _Generic((a) + (b), int: cucpu_##f##_i, unsigned int: cucpu_##f##_u,  \
           long: cucpu_##f##_l, unsigned long: cucpu_##f##_ul,          \
           long long: cucpu_##f##_ll,                                   \
           unsigned long long: cucpu_##f##_ull, float: cucpu_##f##_f,   \
           default: cucpu_##f##_d)((a), (b))
#define min(a, b) CUCPU_MINMAX_GENERIC(min, a, b)
#define max(a, b) CUCPU_MINMAX_GENERIC(max, a, b)
#endif

#endif
