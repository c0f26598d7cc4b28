/* cucpu_math.h: the CUDA math library on the host. Most functions are
 * <math.h>'s; this file adds CUDA's own (rsqrtf, rcbrtf, sinpif,
 * normcdff, erfinvf, ...), the fast intrinsics (__expf, __sinf, ...), the
 * IEEE intrinsics with explicit rounding (__fadd_rz, __dmul_ru, ...; done
 * under fesetround, so exact), the bit casts (__int_as_float, ...) and the
 * float-to-integer conversions with CUDA's saturation (__float2int_rn, ...).
 * In C++ the CUDA-only double functions also get float overloads. */
#ifndef CUCPU_MATH_H
#define CUCPU_MATH_H

#include "host_defines.h"

#include "cucpu_libc.h"
#include "cucpu_mufu.h"

CUCPU_HD_BEGIN

/* --- CUDA-only functions of the math library ------------------------- */
CUCPU_INLINE float rsqrtf(float x) { return 1.0f / sqrtf(x); }
CUCPU_INLINE double rsqrt(double x) { return 1.0 / sqrt(x); }
CUCPU_INLINE float rcbrtf(float x) { return 1.0f / cbrtf(x); }
CUCPU_INLINE double rcbrt(double x) { return 1.0 / cbrt(x); }
CUCPU_INLINE float rhypotf(float x, float y) { return 1.0f / hypotf(x, y); }
CUCPU_INLINE double rhypot(double x, double y) { return 1.0 / hypot(x, y); }
CUCPU_INLINE float norm3df(float a, float b, float c)
{ return sqrtf(a * a + b * b + c * c); }
CUCPU_INLINE double norm3d(double a, double b, double c)
{ return sqrt(a * a + b * b + c * c); }
CUCPU_INLINE float rnorm3df(float a, float b, float c)
{ return 1.0f / norm3df(a, b, c); }
CUCPU_INLINE float fdividef(float x, float y) { return x / y; }
CUCPU_INLINE double fdivide(double x, double y) { return x / y; }

#if !defined(__USE_GNU)
/* glibc declares these only under _GNU_SOURCE (always on in C++). */
CUCPU_INLINE float exp10f(float x) { return powf(10.0f, x); }
CUCPU_INLINE double exp10(double x) { return pow(10.0, x); }
CUCPU_INLINE void sincosf(float x, float *s, float *c)
{ *s = sinf(x); *c = cosf(x); }
CUCPU_INLINE void sincos(double x, double *s, double *c)
{ *s = sin(x); *c = cos(x); }
#endif

/* sinpi(x) = sin(pi x), exact at integers and half-integers. */
CUCPU_INLINE double sinpi(double x)
{
  double r = fmod(x, 2.0);
  if (r == floor(r)) return copysign(0.0, x);
  return sin(M_PI * r);
}
CUCPU_INLINE double cospi(double x)
{
  double r = fabs(fmod(x, 2.0));
  if (r == 0.5 || r == 1.5) return 0.0;
  return cos(M_PI * r);
}
CUCPU_INLINE float sinpif(float x) { return (float)sinpi(x); }
CUCPU_INLINE float cospif(float x) { return (float)cospi(x); }
CUCPU_INLINE void sincospi(double x, double *s, double *c)
{ *s = sinpi(x); *c = cospi(x); }
CUCPU_INLINE void sincospif(float x, float *s, float *c)
{ *s = sinpif(x); *c = cospif(x); }

/* Normal distribution and inverse error functions. */
CUCPU_INLINE double normcdf(double x) { return 0.5 * erfc(-x * M_SQRT1_2); }
CUCPU_INLINE float normcdff(float x) { return (float)normcdf(x); }

/* erfinv: Giles' single-precision approximation, polished by Newton. */
CUCPU_INLINE double erfinv(double x)
{
  if (x <= -1.0) return x == -1.0 ? -HUGE_VAL : NAN;
  if (x >= 1.0) return x == 1.0 ? HUGE_VAL : NAN;
  double w = -log((1.0 - x) * (1.0 + x)), p;
  if (w < 5.0) {
    w -= 2.5;
    p = 2.81022636e-08; p = 3.43273939e-07 + p * w;
    p = -3.5233877e-06 + p * w; p = -4.39150654e-06 + p * w;
    p = 0.00021858087 + p * w; p = -0.00125372503 + p * w;
    p = -0.00417768164 + p * w; p = 0.246640727 + p * w;
    p = 1.50140941 + p * w;
  } else {
    w = sqrt(w) - 3.0;
    p = -0.000200214257; p = 0.000100950558 + p * w;
    p = 0.00134934322 + p * w; p = -0.00367342844 + p * w;
    p = 0.00573950773 + p * w; p = -0.0076224613 + p * w;
    p = 0.00943887047 + p * w; p = 1.00167406 + p * w;
    p = 2.83297682 + p * w;
  }
  double y = p * x;
  for (int i = 0; i < 2; i++)
    y -= (erf(y) - x) / (M_2_SQRTPI * exp(-y * y));
  return y;
}
CUCPU_INLINE double erfcinv(double x)
{
  if (x <= 0.0) return x == 0.0 ? HUGE_VAL : NAN;
  if (x >= 2.0) return x == 2.0 ? -HUGE_VAL : NAN;
  double y = erfinv(1.0 - x);
  if (x < 0.5) {
    if (!isfinite(y)) /* 1 - x rounded to 1: the tail's leading term */
      y = sqrt(-log(x));
    /* Newton on log erfc (nearly linear in the tail, where erfc itself is
     * too steep for a few steps to reach from erfinv's guess) */
    for (int i = 0; i < 4; i++) {
      double e = erfc(y), d = M_2_SQRTPI * exp(-y * y);
      if (e <= 0.0 || d <= 0.0)
        break;
      y += (log(e) - log(x)) * e / d;
    }
  }
  return y;
}
CUCPU_INLINE float erfinvf(float x) { return (float)erfinv(x); }
CUCPU_INLINE float erfcinvf(float x) { return (float)erfcinv(x); }
CUCPU_INLINE double normcdfinv(double p) { return -M_SQRT2 * erfcinv(2.0 * p); }
CUCPU_INLINE float normcdfinvf(float p) { return (float)normcdfinv(p); }
CUCPU_INLINE double erfcx(double x) { return exp(x * x) * erfc(x); }
CUCPU_INLINE float erfcxf(float x) { return (float)erfcx(x); }

/* __saturatef / saturate: x clamped to [0, 1]; NaN gives 0. */
CUCPU_INLINE float __saturatef(float x)
{ return x >= 1.0f ? 1.0f : (x > 0.0f ? x : 0.0f); }
CUCPU_INLINE float saturate(float x) { return __saturatef(x); }

/* --- Fast intrinsics: __sinf, __cosf and __sincosf are the H100's
 * MUFU.SIN/COS, __expf its MUFU.EX2 path, bit for bit (cucpu_mufu.h),
 * exact on all recorded GPU outputs; the others here as accurate as
 * libm. glibc declares (but does not export) __expf and friends, so the
 * CUDA names are macros. ------------------------------------------------ */
CUCPU_INLINE float cucpu_fast_expf(float x) { return cucpu_gpu_expf_fast(x); }
CUCPU_INLINE float cucpu_fast_exp10f(float x) { return exp10f(x); }
CUCPU_INLINE float cucpu_fast_logf(float x) { return logf(x); }
CUCPU_INLINE float cucpu_fast_log2f(float x) { return log2f(x); }
CUCPU_INLINE float cucpu_fast_log10f(float x) { return log10f(x); }
CUCPU_INLINE float cucpu_fast_powf(float x, float y) { return powf(x, y); }
CUCPU_INLINE float cucpu_fast_sinf(float x) { return cucpu_gpu_sinf_fast(x); }
CUCPU_INLINE float cucpu_fast_cosf(float x) { return cucpu_gpu_cosf_fast(x); }
/* __tanf divides by MUFU.RCP, which is not modelled: libm's. */
CUCPU_INLINE float cucpu_fast_tanf(float x) { return tanf(x); }
CUCPU_INLINE void cucpu_fast_sincosf(float x, float *s, float *c)
{ *s = cucpu_gpu_sinf_fast(x); *c = cucpu_gpu_cosf_fast(x); }
#define __expf cucpu_fast_expf
#define __exp10f cucpu_fast_exp10f
#define __logf cucpu_fast_logf
#define __log2f cucpu_fast_log2f
#define __log10f cucpu_fast_log10f
#define __powf cucpu_fast_powf
#define __sinf cucpu_fast_sinf
#define __cosf cucpu_fast_cosf
#define __tanf cucpu_fast_tanf
#define __sincosf cucpu_fast_sincosf
CUCPU_INLINE float __fdividef(float x, float y) { return x / y; }

/* --- IEEE operations with a rounding mode ----------------------------- */
#define CUCPU_RND_OP(T, name, expr, mode)                               \
  CUCPU_INLINE T name(T a, T b)                                         \
  {                                                                     \
    int old = fegetround();                                             \
    fesetround(mode);                                                   \
    volatile T va = a, vb = b;                                          \
    volatile T r = expr;                                                \
    fesetround(old);                                                    \
    return r;                                                           \
  }
#define CUCPU_RND_ALL(T, pre, op, expr)                                 \
  CUCPU_RND_OP(T, pre##op##_rn, expr, FE_TONEAREST)                     \
  CUCPU_RND_OP(T, pre##op##_rz, expr, FE_TOWARDZERO)                    \
  CUCPU_RND_OP(T, pre##op##_ru, expr, FE_UPWARD)                        \
  CUCPU_RND_OP(T, pre##op##_rd, expr, FE_DOWNWARD)
CUCPU_RND_ALL(float, __f, add, va + vb)
CUCPU_RND_ALL(float, __f, sub, va - vb)
CUCPU_RND_ALL(float, __f, mul, va * vb)
CUCPU_RND_ALL(float, __f, div, va / vb)
CUCPU_RND_ALL(double, __d, add, va + vb)
CUCPU_RND_ALL(double, __d, sub, va - vb)
CUCPU_RND_ALL(double, __d, mul, va * vb)
CUCPU_RND_ALL(double, __d, div, va / vb)
#undef CUCPU_RND_ALL
#undef CUCPU_RND_OP

#define CUCPU_RND_UN(T, name, expr, mode)                               \
  CUCPU_INLINE T name(T a)                                              \
  {                                                                     \
    int old = fegetround();                                             \
    fesetround(mode);                                                   \
    volatile T va = a;                                                  \
    volatile T r = expr;                                                \
    fesetround(old);                                                    \
    return r;                                                           \
  }
#define CUCPU_RND_FMA(T, name, f, mode)                                 \
  CUCPU_INLINE T name(T a, T b, T c)                                    \
  {                                                                     \
    int old = fegetround();                                             \
    fesetround(mode);                                                   \
    volatile T va = a, vb = b, vc = c;                                  \
    volatile T r = f(va, vb, vc);                                       \
    fesetround(old);                                                    \
    return r;                                                           \
  }
#define CUCPU_RND_MODES(M, T, base, arg1, arg2)                         \
  M(T, base##_rn, arg1, FE_TONEAREST) M(T, base##_rz, arg1, FE_TOWARDZERO) \
  M(T, base##_ru, arg1, FE_UPWARD) M(T, base##_rd, arg1, FE_DOWNWARD)
CUCPU_RND_MODES(CUCPU_RND_UN, float, __frcp, 1.0f / va, )
CUCPU_RND_MODES(CUCPU_RND_UN, float, __fsqrt, sqrtf(va), )
CUCPU_RND_MODES(CUCPU_RND_UN, double, __drcp, 1.0 / va, )
CUCPU_RND_MODES(CUCPU_RND_UN, double, __dsqrt, sqrt(va), )
CUCPU_RND_MODES(CUCPU_RND_FMA, float, __fmaf, fmaf, )
CUCPU_RND_MODES(CUCPU_RND_FMA, double, __fma, fma, )
#undef CUCPU_RND_MODES
#undef CUCPU_RND_FMA
#undef CUCPU_RND_UN
CUCPU_INLINE float __frsqrt_rn(float x) { return 1.0f / sqrtf(x); }

/* --- Bit casts -------------------------------------------------------- */
CUCPU_INLINE float __int_as_float(int x)
{ float r; memcpy(&r, &x, sizeof r); return r; }
CUCPU_INLINE int __float_as_int(float x)
{ int r; memcpy(&r, &x, sizeof r); return r; }
CUCPU_INLINE float __uint_as_float(unsigned int x)
{ float r; memcpy(&r, &x, sizeof r); return r; }
CUCPU_INLINE unsigned int __float_as_uint(float x)
{ unsigned int r; memcpy(&r, &x, sizeof r); return r; }
CUCPU_INLINE double __longlong_as_double(long long x)
{ double r; memcpy(&r, &x, sizeof r); return r; }
CUCPU_INLINE long long __double_as_longlong(double x)
{ long long r; memcpy(&r, &x, sizeof r); return r; }
CUCPU_INLINE double __hiloint2double(int hi, int lo)
{
  unsigned long long b = ((unsigned long long)(unsigned int)hi << 32) |
                         (unsigned int)lo;
  double r;
  memcpy(&r, &b, sizeof r);
  return r;
}
CUCPU_INLINE int __double2hiint(double x)
{ return (int)((unsigned long long)__double_as_longlong(x) >> 32); }
CUCPU_INLINE int __double2loint(double x)
{ return (int)(unsigned int)__double_as_longlong(x); }

/* --- Float to integer, saturating like the GPU ------------------------
 * NaN gives what an H100 gives (cvt.r*i, every rounding mode): 0 from a
 * float to 32 bits, 0x80000000 from a double to 32 bits (signed or
 * unsigned), 0x8000000000000000 to 64 bits. */
#define CUCPU_F2I(name, FT, IT, lo, hi, nanv, rnd)                      \
  CUCPU_INLINE IT name(FT x)                                            \
  {                                                                     \
    if (__builtin_isnan(x)) return (IT)(nanv);                          \
    FT r = rnd(x);                                                      \
    if (r <= (FT)(lo)) return lo;                                       \
    if (r >= (FT)(hi)) return hi;                                       \
    return (IT)r;                                                       \
  }
#define CUCPU_F2I_ALL(pre, FT, post, IT, lo, hi, nanv, sfx)             \
  CUCPU_F2I(pre##post##_rn, FT, IT, lo, hi, nanv, nearbyint##sfx)       \
  CUCPU_F2I(pre##post##_rz, FT, IT, lo, hi, nanv, trunc##sfx)           \
  CUCPU_F2I(pre##post##_ru, FT, IT, lo, hi, nanv, ceil##sfx)            \
  CUCPU_F2I(pre##post##_rd, FT, IT, lo, hi, nanv, floor##sfx)
CUCPU_F2I_ALL(__float2, float, int, int, INT_MIN, INT_MAX, 0, f)
CUCPU_F2I_ALL(__float2, float, uint, unsigned int, 0, UINT_MAX, 0, f)
CUCPU_F2I_ALL(__float2, float, ll, long long, LLONG_MIN, LLONG_MAX, LLONG_MIN, f)
CUCPU_F2I_ALL(__float2, float, ull, unsigned long long, 0, ULLONG_MAX, 1ull << 63, f)
CUCPU_F2I_ALL(__double2, double, int, int, INT_MIN, INT_MAX, INT_MIN, )
CUCPU_F2I_ALL(__double2, double, uint, unsigned int, 0, UINT_MAX, 0x80000000u, )
CUCPU_F2I_ALL(__double2, double, ll, long long, LLONG_MIN, LLONG_MAX, LLONG_MIN, )
CUCPU_F2I_ALL(__double2, double, ull, unsigned long long, 0, ULLONG_MAX, 1ull << 63, )
#undef CUCPU_F2I_ALL
#undef CUCPU_F2I

/* --- Integer and double to float/double with a rounding mode ---------- */
#define CUCPU_CVT(name, FROM, TO, mode)                                 \
  CUCPU_INLINE TO name(FROM x)                                          \
  {                                                                     \
    int old = fegetround();                                             \
    fesetround(mode);                                                   \
    volatile FROM vx = x;                                               \
    volatile TO r = (TO)vx;                                             \
    fesetround(old);                                                    \
    return r;                                                           \
  }
#define CUCPU_CVT_ALL(base, FROM, TO)                                   \
  CUCPU_CVT(base##_rn, FROM, TO, FE_TONEAREST)                          \
  CUCPU_CVT(base##_rz, FROM, TO, FE_TOWARDZERO)                         \
  CUCPU_CVT(base##_ru, FROM, TO, FE_UPWARD)                             \
  CUCPU_CVT(base##_rd, FROM, TO, FE_DOWNWARD)
CUCPU_CVT_ALL(__int2float, int, float)
CUCPU_CVT_ALL(__uint2float, unsigned int, float)
CUCPU_CVT_ALL(__ll2float, long long, float)
CUCPU_CVT_ALL(__ull2float, unsigned long long, float)
CUCPU_CVT_ALL(__ll2double, long long, double)
CUCPU_CVT_ALL(__ull2double, unsigned long long, double)
CUCPU_CVT_ALL(__double2float, double, float)
#undef CUCPU_CVT_ALL
#undef CUCPU_CVT
CUCPU_INLINE double __int2double_rn(int x) { return (double)x; }
CUCPU_INLINE double __uint2double_rn(unsigned int x) { return (double)x; }

CUCPU_HD_END

#if defined(CUCPU_CXX)
CUCPU_HD_BEGIN
/* Float overloads CUDA declares for its own double functions. */
CUCPU_INLINE float rsqrt(float x) { return rsqrtf(x); }
CUCPU_INLINE float rcbrt(float x) { return rcbrtf(x); }
CUCPU_INLINE float sinpi(float x) { return sinpif(x); }
CUCPU_INLINE float cospi(float x) { return cospif(x); }
CUCPU_INLINE float normcdf(float x) { return normcdff(x); }
CUCPU_INLINE float normcdfinv(float x) { return normcdfinvf(x); }
CUCPU_INLINE float erfinv(float x) { return erfinvf(x); }
CUCPU_INLINE float erfcinv(float x) { return erfcinvf(x); }
CUCPU_INLINE float exp10(float x) { return exp10f(x); }
CUCPU_HD_END
#endif

#endif
