/* cucpu_lowp.h: the bit-level core of cucpu's 16-bit floating-point types,
 * binary16 (cuda_fp16.h's __half) and bfloat16 (cuda_bf16.h's
 * __nv_bfloat16). C and C++, all three header modes.
 *
 * A value is its 16 bits; a format is (eb, mb), the widths of exponent and
 * fraction: binary16 is (5, 10), bfloat16 (8, 7). The results are the
 * GPU's, bit for bit:
 *  - a conversion rounds once, in the mode asked for (cucpu_lp_pack);
 *    double and 64-bit integers never go through float first;
 *  - + - * on such values are computed in float, / and sqrt in double.
 *    A product is exact in float (a bfloat16 product float cannot hold is
 *    below 2^-134, half the smallest subnormal, and float rounds it at
 *    most up to 2^-134, which still rounds to zero); a sum in float's
 *    subnormal range is exact; the other results carry at least 2p+2 bits
 *    of a p-bit format, so rounding them once more to the format gives the
 *    correctly rounded result (Figueroa, "When is double rounding
 *    innocuous?", 1995). fma keeps the rounding error of its addition in
 *    double and rounds to odd (cucpu_lp_fma_odd);
 *  - a NaN result is the canonical NaN, 0x7FFF, in both formats, as the
 *    GPU's conversions and arithmetic return it.
 * Every function is inline and takes the format as constants, which fold
 * away once inlined. */
#ifndef CUCPU_LOWP_H
#define CUCPU_LOWP_H

#include "host_defines.h"
#include "cucpu_libc.h"

/* Rounding modes: to nearest even, toward zero, down, up. */
#define CUCPU_RN 0
#define CUCPU_RZ 1
#define CUCPU_RD 2
#define CUCPU_RU 3

#if defined(CUCPU_CXX)
#define CUCPU_LP_BOOL bool
#else
#define CUCPU_LP_BOOL _Bool
#endif

CUCPU_HD_BEGIN

/* cucpu_lp_inf: the bits of +infinity in format (eb, mb). */
CUCPU_INLINE unsigned int cucpu_lp_inf(int eb, int mb)
{
  return ((1u << eb) - 1u) << mb;
}

/* cucpu_lp_overflow: what a finite value too large for the format rounds
 * to in mode: infinity, or the largest finite value for the modes that
 * round toward zero on that side. */
CUCPU_INLINE unsigned short cucpu_lp_overflow(int neg, int eb, int mb, int mode)
{
  unsigned int inf = cucpu_lp_inf(eb, mb), sign = neg ? 1u << (eb + mb) : 0u;
  int to_inf = mode == CUCPU_RN || (mode == CUCPU_RU && !neg) ||
               (mode == CUCPU_RD && neg);
  return (unsigned short)(sign | (to_inf ? inf : inf - 1u));
}

/* cucpu_lp_pack: the bits of (-1)^neg * m * 2^e rounded to format (eb, mb)
 * in mode; exact for any m, e. */
CUCPU_INLINE unsigned short cucpu_lp_pack(int neg, unsigned long long m, int e,
                                          int eb, int mb, int mode)
{
  int bias = (1 << (eb - 1)) - 1, top, q_exp, s, cmp, inexact, up;
  unsigned int sign = neg ? 1u << (eb + mb) : 0u, bits;
  unsigned long long q;
  if (m == 0)
    return (unsigned short)sign;
  top = 63 - __builtin_clzll(m) + e;          /* exponent of the leading bit */
  if (top > bias)
    return cucpu_lp_overflow(neg, eb, mb, mode);
  q_exp = top < 1 - bias ? 1 - bias : top;    /* subnormals share 1 - bias */
  s = q_exp - mb - e;                         /* bits of m below the last kept */
  if (s <= 0) {
    q = m << -s;
    inexact = 0;
    cmp = -1;
  } else if (s < 64) {
    unsigned long long rem = m & ((1ull << s) - 1), half = 1ull << (s - 1);
    q = m >> s;
    inexact = rem != 0;
    cmp = rem < half ? -1 : rem > half;
  } else {
    q = 0;
    inexact = 1;
    cmp = s > 64 || m < (1ull << 63) ? -1 : m > (1ull << 63);
  }
  if (mode == CUCPU_RN)
    up = cmp > 0 || (cmp == 0 && (q & 1));
  else if (mode == CUCPU_RZ)
    up = 0;
  else
    up = inexact && neg == (mode == CUCPU_RD);
  /* q < 2^(mb+1); a carry out of the fraction bumps the exponent. */
  bits = ((unsigned int)(q_exp + bias - 1) << mb) + (unsigned int)q + (unsigned int)up;
  if (bits >= cucpu_lp_inf(eb, mb))
    return cucpu_lp_overflow(neg, eb, mb, mode);
  return (unsigned short)(sign | bits);
}

/* cucpu_lp_from_double: d rounded once to format (eb, mb) in mode. */
CUCPU_INLINE unsigned short cucpu_lp_from_double(double d, int eb, int mb, int mode)
{
  unsigned long long u, f;
  int neg, ef;
  __builtin_memcpy(&u, &d, sizeof u);
  neg = (int)(u >> 63);
  ef = (int)((u >> 52) & 0x7ffu);
  f = u & ((1ull << 52) - 1);
  if (ef == 0x7ff)
    return (unsigned short)(f ? 0x7fffu : (neg ? 1u << (eb + mb) : 0u) | cucpu_lp_inf(eb, mb));
  if (ef == 0)
    return cucpu_lp_pack(neg, f, -1074, eb, mb, mode);
  return cucpu_lp_pack(neg, f | (1ull << 52), ef - 1075, eb, mb, mode);
}

/* cucpu_lp_rn: d rounded to nearest even in format (eb, mb): the fast
 * path of cucpu_lp_from_double for the mode every operation uses. */
CUCPU_INLINE unsigned short cucpu_lp_rn(double d, int eb, int mb)
{
  unsigned long long u, a, m, rem, half, q;
  unsigned int sign, inf = cucpu_lp_inf(eb, mb);
  int bias = (1 << (eb - 1)) - 1, e, q_exp, s;
  __builtin_memcpy(&u, &d, sizeof u);
  sign = (unsigned int)(u >> 63) << (eb + mb);
  a = u & 0x7fffffffffffffffull;
  if (a >= 0x7ff0000000000000ull)
    return (unsigned short)(a > 0x7ff0000000000000ull ? 0x7fffu : sign | inf);
  e = (int)(a >> 52) - 1023;
  if (e > bias)
    return (unsigned short)(sign | inf);
  if (e < -bias - mb)                /* below half the smallest subnormal */
    return (unsigned short)sign;
  m = (a & ((1ull << 52) - 1)) | (1ull << 52);
  q_exp = e < 1 - bias ? 1 - bias : e;
  s = 52 - mb + (q_exp - e);         /* 53 at most */
  q = m >> s;
  rem = m & ((1ull << s) - 1);
  half = 1ull << (s - 1);
  q += rem > half || (rem == half && (q & 1));
  /* A carry rounds up to the next binade, or to infinity. */
  return (unsigned short)(sign | (((unsigned int)(q_exp + bias - 1) << mb) + (unsigned int)q));
}

/* cucpu_lp_from_ll, cucpu_lp_from_ull: an integer rounded once to format
 * (eb, mb) in mode. */
CUCPU_INLINE unsigned short cucpu_lp_from_ll(long long v, int eb, int mb, int mode)
{
  unsigned long long m = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
  return cucpu_lp_pack(v < 0, m, 0, eb, mb, mode);
}
CUCPU_INLINE unsigned short cucpu_lp_from_ull(unsigned long long v, int eb, int mb, int mode)
{
  return cucpu_lp_pack(0, v, 0, eb, mb, mode);
}

/* cucpu_lp_rint: v rounded to an integral value in mode, keeping the sign
 * of a zero result; infinities and NaN come back unchanged. */
CUCPU_INLINE double cucpu_lp_rint(double v, int mode)
{
  double t, frac;
  if (!(__builtin_fabs(v) < 4503599627370496.0))   /* 2^52: integral, or NaN */
    return v;
  t = __builtin_copysign((double)(long long)v, v);
  frac = v - t;
  if (mode == CUCPU_RN) {
    double h = __builtin_fabs(frac);
    if (h > 0.5 || (h == 0.5 && ((long long)t & 1)))
      t += frac > 0 ? 1.0 : -1.0;
  } else if (mode == CUCPU_RD && frac < 0) {
    t -= 1.0;
  } else if (mode == CUCPU_RU && frac > 0) {
    t += 1.0;
  }
  return __builtin_copysign(t, v);
}

/* cucpu_lp_to_ll: v rounded in mode to an integer in [lo, hi], clamped as
 * the GPU's conversions saturate; NaN gives nan. */
CUCPU_INLINE long long cucpu_lp_to_ll(double v, int mode, long long lo, long long hi,
                                      long long nan)
{
  if (v != v)
    return nan;
  v = cucpu_lp_rint(v, mode);
  if (v <= (double)lo)
    return lo;
  if (v >= (double)hi)
    return hi;
  return (long long)v;
}

/* cucpu_lp_to_ull: the same for an unsigned type: negative values give 0. */
CUCPU_INLINE unsigned long long cucpu_lp_to_ull(double v, int mode, unsigned long long hi,
                                                unsigned long long nan)
{
  if (v != v)
    return nan;
  v = cucpu_lp_rint(v, mode);
  if (v <= 0.0)
    return 0;
  if (v >= (double)hi)
    return hi;
  return (unsigned long long)v;
}

/* cucpu_lp_fma_odd: a * b + c for a, b, c of a 16-bit format (so a * b is
 * exact in double), rounded to odd: the exact sum truncated to double with
 * its last bit set when inexact. Rounding that once more to the format is
 * the correctly rounded fma. Its additions have no product to fuse, so
 * -ffp-contract leaves them alone. */
CUCPU_INLINE double cucpu_lp_fma_odd(double a, double b, double c)
{
  double x = a * b, s = x + c, bb = s - x;
  double err = (x - (s - bb)) + (c - bb);    /* s + err == x + c exactly */
  unsigned long long u;
  __builtin_memcpy(&u, &s, sizeof u);
  if (err != 0 && ((u >> 52) & 0x7ffu) != 0x7ffu && !(u & 1)) {
    u += (err > 0) == (s > 0) ? 1 : (unsigned long long)-1;
    __builtin_memcpy(&s, &u, sizeof s);
  }
  return s;
}

/* --- binary16 ------------------------------------------------------- */

/* cucpu_f2h_bits: IEEE binary16 bits of f, rounded to nearest even. Integer
 * operations only: no floating-point addition that -ffp-contract could fuse
 * with a multiplication that produced f. */
CUCPU_INLINE unsigned short cucpu_f2h_bits(float f)
{
  unsigned int x, sign, m, s, r, rem, half;
  __builtin_memcpy(&x, &f, sizeof x);
  sign = (x >> 16) & 0x8000u;
  x &= 0x7fffffffu;
  if (x >= 0x477ff000u)                     /* 65520 and up, infinity, NaN */
    return (unsigned short)(x > 0x7f800000u ? 0x7fffu : sign | 0x7c00u);
  if (x >= 0x38800000u) {                   /* normal: rebias, round at bit 13 */
    x += 0xc8000fffu + ((x >> 13) & 1u);    /* -(112 << 23), then half an ulp */
    return (unsigned short)(sign | (x >> 13));
  }
  if (x <= 0x33000000u)                     /* up to 2^-25 (a tie): zero */
    return (unsigned short)sign;
  m = (x & 0x7fffffu) | 0x800000u;          /* subnormal: m * 2^(e-150) */
  s = 126u - (x >> 23);                     /* 14 to 24 bits below 2^-24 */
  r = m >> s;
  rem = m & ((1u << s) - 1u);
  half = 1u << (s - 1u);
  r += rem > half || (rem == half && (r & 1u));
  return (unsigned short)(sign | r);
}

/* cucpu_h2f_bits: the float value of binary16 bits h (exact; a NaN becomes
 * the canonical float NaN). */
CUCPU_INLINE float cucpu_h2f_bits(unsigned short h)
{
  unsigned int sign = (unsigned int)(h & 0x8000u) << 16;
  unsigned int e = (h >> 10) & 0x1fu, m = h & 0x3ffu, b;
  float f;
  if (e == 0) {                                   /* zero or subnormal */
    f = (float)m * 5.9604644775390625e-08f;       /* m * 2^-24, exact */
    return sign ? -f : f;
  }
  if (e == 0x1fu)
    b = m ? 0x7fffffffu : sign | 0x7f800000u;
  else
    b = sign | ((e + 112u) << 23) | (m << 13);
  __builtin_memcpy(&f, &b, sizeof f);
  return f;
}

/* --- bfloat16 ------------------------------------------------------- */

/* cucpu_f2bf_bits: bfloat16 bits of f, rounded to nearest even. */
CUCPU_INLINE unsigned short cucpu_f2bf_bits(float f)
{
  unsigned int u;
  __builtin_memcpy(&u, &f, sizeof u);
  if ((u & 0x7fffffffu) > 0x7f800000u)
    return 0x7fffu;
  return (unsigned short)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

/* cucpu_bf2f_bits: the float value of bfloat16 bits h (exact). */
CUCPU_INLINE float cucpu_bf2f_bits(unsigned short h)
{
  unsigned int u = (unsigned int)h << 16;
  float f;
  __builtin_memcpy(&f, &u, sizeof f);
  return f;
}

CUCPU_HD_END

#endif
