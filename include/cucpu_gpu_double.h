/* cucpu_gpu_double.h: CUDA 13's double sincospi and log (libdevice
 * __nv_sincospi, __nv_log) step for step, so that cuRAND's double
 * Box-Muller gives the GPU's bits. Every fma of libdevice is an fma here,
 * every plain operation a plain (correctly rounded) double operation.
 * __nv_log's first reciprocal is MUFU.RCP64H (an approximation from the
 * high word, low word 0), modelled bit for bit in cucpu_mufu.h. */
#ifndef CUCPU_GPU_DOUBLE_H
#define CUCPU_GPU_DOUBLE_H

#include "host_defines.h"
#include "cucpu_mufu.h"

CUCPU_HD_BEGIN

CUCPU_INLINE unsigned long long cucpu_gd_bits(double d)
{
  unsigned long long u;
  __builtin_memcpy(&u, &d, sizeof u);
  return u;
}

CUCPU_INLINE double cucpu_gd_double(unsigned long long u)
{
  double d;
  __builtin_memcpy(&d, &u, sizeof d);
  return d;
}

CUCPU_INLINE double cucpu_gd_lohi(unsigned int lo, unsigned int hi)
{ return cucpu_gd_double((unsigned long long)hi << 32 | lo); }

/* sincospi(a): a reduced around the nearest multiple q/2 (2a rounded to
 * an integer, ties to even as cvt.rni), then the polynomials of pi r. */
CUCPU_INLINE void cucpu_gpu_sincospi(double a, double *sp, double *cp)
{
  unsigned long long ab = cucpu_gd_bits(a);
  unsigned int hi = (unsigned int)(ab >> 32);
  if (hi + hi > 0x86800000u) /* |a| >= 2^52, infinities, NaN */
    a = a * 0.0;
  ab = cucpu_gd_bits(a);
  double a2 = cucpu_gd_lohi((unsigned int)ab, (unsigned int)(ab >> 32) + (1u << 20)); /* 2a */
  double q = __builtin_nearbyint(a2);
  int iq = (int)(long long)q;
  double r = __builtin_fma(-q, 0.5, a);
  double x = __builtin_fma(r, cucpu_gd_double(0x400921FB54442D18ull), r * cucpu_gd_double(0x3CA1A62633145C07ull));
  double x2 = x * x;
  double c = __builtin_fma(cucpu_gd_double(0xBDA8FF8320FD8164ull), x2, cucpu_gd_double(0x3E21EEA7C1EF8528ull));
  c = __builtin_fma(c, x2, cucpu_gd_double(0xBE927E4F8E06E6D9ull));
  c = __builtin_fma(c, x2, cucpu_gd_double(0x3EFA01A019DDBCE9ull));
  c = __builtin_fma(c, x2, cucpu_gd_double(0xBF56C16C16C15D47ull));
  c = __builtin_fma(c, x2, cucpu_gd_double(0x3FA5555555555551ull));
  c = __builtin_fma(c, x2, -0.5);
  c = __builtin_fma(c, x2, 1.0);
  double s = __builtin_fma(cucpu_gd_double(0x3DE5DB65F9785EBAull), x2, cucpu_gd_double(0xBE5AE5F12CB0D246ull));
  s = __builtin_fma(s, x2, cucpu_gd_double(0x3EC71DE369ACE392ull));
  s = __builtin_fma(s, x2, cucpu_gd_double(0xBF2A01A019DB62A1ull));
  s = __builtin_fma(s, x2, cucpu_gd_double(0x3F81111111110818ull));
  s = __builtin_fma(s, x2, cucpu_gd_double(0xBFC5555555555554ull));
  s = __builtin_fma(s, x2, 0.0);
  s = __builtin_fma(s, x, x);
  if (iq & 1) {
    double t = s;
    s = c;
    c = cucpu_gd_double(cucpu_gd_bits(t) ^ 0x8000000000000000ull);
  }
  if (iq & 2) {
    s = cucpu_gd_double(cucpu_gd_bits(s) ^ 0x8000000000000000ull);
    c = cucpu_gd_double(cucpu_gd_bits(c) ^ 0x8000000000000000ull);
  }
  c = c + 0.0;
  if (a == __builtin_trunc(a))
    s = a * 0.0;
  *sp = s;
  *cp = c;
}

/* MUFU.RCP64H (rcp.approx.ftz.f64): from d's high word, a result whose
 * low word is 0. */
CUCPU_INLINE double cucpu_gpu_rcp64h(double d)
{
  unsigned int hi = cucpu_mufu_rcp64h_hi((unsigned int)(cucpu_gd_bits(d) >> 32));
  return cucpu_gd_double((unsigned long long)hi << 32);
}

/* log(a): a = 2^e m with m in [0.707, 1.414), u = 2 (m-1)/(m+1), log m =
 * u + u^3 P(u^2) with a correction, plus e ln 2 in two pieces. */
CUCPU_INLINE double cucpu_gpu_log(double a)
{
  unsigned long long ab = cucpu_gd_bits(a);
  int hi = (int)(unsigned int)(ab >> 32);
  unsigned int lo = (unsigned int)ab;
  int e = -1023;
  double x = a;
  if (hi < 0x00100000) { /* subnormal, zero or negative */
    x = a * 0x1p54;
    e = -1023 - 54;
    hi = (int)(unsigned int)(cucpu_gd_bits(x) >> 32);
    lo = (unsigned int)cucpu_gd_bits(x);
  }
  if (hi > 0 && hi < 0x7ff00000) {
    e += (int)((unsigned int)hi >> 20);
    int mh = (int)(((unsigned int)hi & 0x800fffffu) | 0x3ff00000u);
    if (mh > 0x3ff6a09e) {
      mh -= 0x00100000;
      e += 1;
    }
    double m = cucpu_gd_lohi(lo, (unsigned int)mh);
    double f = m - 1.0, d = m + 1.0;
    double y = cucpu_gpu_rcp64h(d);
    double t = __builtin_fma(-d, y, 1.0);
    t = __builtin_fma(t, t, t);
    y = __builtin_fma(t, y, y);
    double u = f * y;
    u = u + u;
    double v = u * u;
    double p = __builtin_fma(cucpu_gd_double(0x3EB1380B3AE80F1Eull), v, cucpu_gd_double(0x3ED0EE258B7A8B04ull));
    p = __builtin_fma(p, v, cucpu_gd_double(0x3EF3B2669F02676Full));
    p = __builtin_fma(p, v, cucpu_gd_double(0x3F1745CBA9AB0956ull));
    p = __builtin_fma(p, v, cucpu_gd_double(0x3F3C71C72D1B5154ull));
    p = __builtin_fma(p, v, cucpu_gd_double(0x3F624924923BE72Dull));
    p = __builtin_fma(p, v, cucpu_gd_double(0x3F8999999999A3C4ull));
    p = __builtin_fma(p, v, cucpu_gd_double(0x3FB5555555555554ull));
    double g = 2.0 * (f - u);
    g = __builtin_fma(-u, f, g);
    g = y * g;
    double r = __builtin_fma(p * v, u, g);
    double ed = (double)e;
    double ln2hi = cucpu_gd_double(0x3FE62E42FEFA39EFull);
    double s = __builtin_fma(ed, ln2hi, u);
    double z = __builtin_fma(-ed, ln2hi, s) - u;
    r = __builtin_fma(ed, cucpu_gd_double(0x3C7ABC9E3B39803Full), r - z);
    return s + r;
  }
  double inf = __builtin_inf();
  unsigned int hx = (unsigned int)(cucpu_gd_bits(x) >> 32);
  if ((hx & 0x7fffffffu) == 0u) /* the high word, read as a float, is 0 */
    return -inf;
  return __builtin_fma(x, inf, inf);
}

CUCPU_HD_END

#endif
