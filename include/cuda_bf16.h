/* cuda_bf16.h: bfloat16, CUDA's __nv_bfloat16 and __nv_bfloat162
 * (docs/features.md, "Half precision"). It includes cuda_fp16.h, as
 * NVIDIA's does.
 *
 * bfloat16 is the upper half of a float: 8 exponent bits, 7 fraction
 * bits. In C++ the types are NVIDIA's classes, with conversions from and
 * to float, double and the integer types, explicit ones from and to
 * __half, and the operators (__CUDA_NO_BFLOAT16_CONVERSIONS__,
 * __CUDA_NO_BFLOAT16_OPERATORS__ and __CUDA_NO_BFLOAT162_OPERATORS__ turn
 * them off); __nv_bfloat16_raw and __nv_bfloat162_raw expose the bits. The
 * operations that share their names with __half's (__hadd, hsqrt, ...)
 * come from cucpu_lowp_ops.h. As with nvcc, the fma family (__hfma,
 * __hfma2, _sat, _relu, __hcmadd) needs sm_80 (-arch). In C, where
 * NVIDIA's header has the raw types only, __nv_bfloat16 is
 * __nv_bfloat16_raw, with the conversions below (the shared names would
 * clash with __half's). Results are a GPU's, bit for bit (cucpu_lowp.h);
 * the math functions round a double-precision result once. */
#ifndef __CUDA_BF16_H__
#define __CUDA_BF16_H__

#include "cuda_fp16.h"

CUCPU_HD_BEGIN

typedef struct __align__(2) { unsigned short x; } __nv_bfloat16_raw;
typedef struct __align__(4) { unsigned short x, y; } __nv_bfloat162_raw;

#if defined(CUCPU_CXX)
struct __align__(2) __nv_bfloat16 {
protected:
  unsigned short __x;

public:
  __nv_bfloat16() = default;
  constexpr __nv_bfloat16(const __nv_bfloat16_raw &hr) : __x(hr.x) {}
  __nv_bfloat16 &operator=(const __nv_bfloat16_raw &hr) { __x = hr.x; return *this; }
  volatile __nv_bfloat16 &operator=(const __nv_bfloat16_raw &hr) volatile { __x = hr.x; return *this; }
  volatile __nv_bfloat16 &operator=(const volatile __nv_bfloat16_raw &hr) volatile { __x = hr.x; return *this; }
  operator __nv_bfloat16_raw() const { __nv_bfloat16_raw r; r.x = __x; return r; }
  operator __nv_bfloat16_raw() const volatile { __nv_bfloat16_raw r; r.x = __x; return r; }
#if !defined(__CUDA_NO_BFLOAT16_CONVERSIONS__)
  explicit __nv_bfloat16(const __half f) : __x(cucpu_f2bf_bits(__half2float(f))) {}
  __nv_bfloat16(const float f) : __x(cucpu_f2bf_bits(f)) {}
  __nv_bfloat16(const double f) : __x(cucpu_lp_rn(f, 8, 7)) {}
  operator float() const { return cucpu_bf2f_bits(__x); }
  __nv_bfloat16 &operator=(const float f) { __x = cucpu_f2bf_bits(f); return *this; }
  __nv_bfloat16 &operator=(const double f) { __x = cucpu_lp_rn(f, 8, 7); return *this; }
  /* Integers convert to nearest even; back, toward zero and saturating. */
  __nv_bfloat16(const short val) : __x(cucpu_lp_from_ll(val, 8, 7, CUCPU_RN)) {}
  __nv_bfloat16(const unsigned short val) : __x(cucpu_lp_from_ull(val, 8, 7, CUCPU_RN)) {}
  __nv_bfloat16(const int val) : __x(cucpu_lp_from_ll(val, 8, 7, CUCPU_RN)) {}
  __nv_bfloat16(const unsigned int val) : __x(cucpu_lp_from_ull(val, 8, 7, CUCPU_RN)) {}
  __nv_bfloat16(const long val) : __x(cucpu_lp_from_ll(val, 8, 7, CUCPU_RN)) {}
  __nv_bfloat16(const unsigned long val) : __x(cucpu_lp_from_ull(val, 8, 7, CUCPU_RN)) {}
  __nv_bfloat16(const long long val) : __x(cucpu_lp_from_ll(val, 8, 7, CUCPU_RN)) {}
  __nv_bfloat16(const unsigned long long val) : __x(cucpu_lp_from_ull(val, 8, 7, CUCPU_RN)) {}
  operator signed char() const { return (signed char)cucpu_lp_to_ll(cucpu_bf2f_bits(__x), CUCPU_RZ, -128, 127, 0); }
  operator unsigned char() const { return (unsigned char)cucpu_lp_to_ull(cucpu_bf2f_bits(__x), CUCPU_RZ, 255, 0); }
  operator char() const
  {
    return (char)((char)-1 < 0 ? cucpu_lp_to_ll(cucpu_bf2f_bits(__x), CUCPU_RZ, -128, 127, 0)
                               : (long long)cucpu_lp_to_ull(cucpu_bf2f_bits(__x), CUCPU_RZ, 255, 0));
  }
  operator short() const { return (short)cucpu_lp_to_ll(cucpu_bf2f_bits(__x), CUCPU_RZ, -32768, 32767, 0); }
  operator unsigned short() const { return (unsigned short)cucpu_lp_to_ull(cucpu_bf2f_bits(__x), CUCPU_RZ, 65535, 0); }
  operator int() const { return (int)cucpu_lp_to_ll(cucpu_bf2f_bits(__x), CUCPU_RZ, INT_MIN, INT_MAX, 0); }
  operator unsigned int() const { return (unsigned int)cucpu_lp_to_ull(cucpu_bf2f_bits(__x), CUCPU_RZ, UINT_MAX, 0); }
  operator long() const { return (long)cucpu_lp_to_ll(cucpu_bf2f_bits(__x), CUCPU_RZ, LONG_MIN, LONG_MAX, sizeof(long) == 8 ? LONG_MIN : 0); }
  operator unsigned long() const { return (unsigned long)cucpu_lp_to_ull(cucpu_bf2f_bits(__x), CUCPU_RZ, ULONG_MAX, sizeof(long) == 8 ? 1ull << 63 : 0); }
  operator long long() const { return cucpu_lp_to_ll(cucpu_bf2f_bits(__x), CUCPU_RZ, LLONG_MIN, LLONG_MAX, LLONG_MIN); }
  operator unsigned long long() const { return cucpu_lp_to_ull(cucpu_bf2f_bits(__x), CUCPU_RZ, ULLONG_MAX, 1ull << 63); }
  __nv_bfloat16 &operator=(const short val) { return *this = __nv_bfloat16(val); }
  __nv_bfloat16 &operator=(const unsigned short val) { return *this = __nv_bfloat16(val); }
  __nv_bfloat16 &operator=(const int val) { return *this = __nv_bfloat16(val); }
  __nv_bfloat16 &operator=(const unsigned int val) { return *this = __nv_bfloat16(val); }
  __nv_bfloat16 &operator=(const long long val) { return *this = __nv_bfloat16(val); }
  __nv_bfloat16 &operator=(const unsigned long long val) { return *this = __nv_bfloat16(val); }
  constexpr operator bool() const { return (__x & 0x7fffu) != 0u; }
#endif
};

struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x;
  __nv_bfloat16 y;

  __nv_bfloat162() = default;
  constexpr __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b) {}
  __nv_bfloat162(const __nv_bfloat162_raw &h2r)
  {
    __nv_bfloat16_raw t;
    t.x = h2r.x;
    x = t;
    t.x = h2r.y;
    y = t;
  }
  __nv_bfloat162 &operator=(const __nv_bfloat162_raw &h2r) { return *this = __nv_bfloat162(h2r); }
  operator __nv_bfloat162_raw() const
  {
    __nv_bfloat162_raw r;
    r.x = static_cast<__nv_bfloat16_raw>(x).x;
    r.y = static_cast<__nv_bfloat16_raw>(y).x;
    return r;
  }
};

#if !defined(__CUDA_NO_HALF_CONVERSIONS__)
/* __half from bfloat16: one rounding (the bfloat16 is exact in float). */
inline __half::__half(const __nv_bfloat16 f) : __x(cucpu_f2h_bits(cucpu_bf2f_bits(static_cast<__nv_bfloat16_raw>(f).x))) {}
#endif

/* cucpu_bb, cucpu_bm: a bfloat16's bits, and the bfloat16 with bits b. */
CUCPU_INLINE unsigned short cucpu_bb(const __nv_bfloat16 h) { return static_cast<__nv_bfloat16_raw>(h).x; }
CUCPU_INLINE __nv_bfloat16 cucpu_bm(unsigned short b) { __nv_bfloat16_raw r; r.x = b; return __nv_bfloat16(r); }
#else
typedef __nv_bfloat16_raw __nv_bfloat16;
typedef struct __align__(4) { __nv_bfloat16 x, y; } __nv_bfloat162;
CUCPU_INLINE unsigned short cucpu_bb(const __nv_bfloat16 h) { return h.x; }
CUCPU_INLINE __nv_bfloat16 cucpu_bm(unsigned short b) { __nv_bfloat16 r; r.x = b; return r; }
#endif

/* cucpu_bf: a bfloat16's value as a float; cucpu_bv: as a double. */
CUCPU_INLINE float cucpu_bf(const __nv_bfloat16 h) { return cucpu_bf2f_bits(cucpu_bb(h)); }
CUCPU_INLINE double cucpu_bv(const __nv_bfloat16 h) { return (double)cucpu_bf2f_bits(cucpu_bb(h)); }

#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7F7FU)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)

/* --- float and double ----------------------------------------------- */
CUCPU_INLINE __nv_bfloat16 __float2bfloat16(const float a) { return cucpu_bm(cucpu_f2bf_bits(a)); }
CUCPU_INLINE __nv_bfloat16 __float2bfloat16_rn(const float a) { return cucpu_bm(cucpu_f2bf_bits(a)); }
CUCPU_INLINE __nv_bfloat16 __float2bfloat16_rz(const float a) { return cucpu_bm(cucpu_lp_from_double(a, 8, 7, CUCPU_RZ)); }
CUCPU_INLINE __nv_bfloat16 __float2bfloat16_rd(const float a) { return cucpu_bm(cucpu_lp_from_double(a, 8, 7, CUCPU_RD)); }
CUCPU_INLINE __nv_bfloat16 __float2bfloat16_ru(const float a) { return cucpu_bm(cucpu_lp_from_double(a, 8, 7, CUCPU_RU)); }
CUCPU_INLINE __nv_bfloat16 __double2bfloat16(const double a) { return cucpu_bm(cucpu_lp_rn(a, 8, 7)); }
CUCPU_INLINE float __bfloat162float(const __nv_bfloat16 a) { return cucpu_bf(a); }

/* --- integers: to bfloat16 in the mode named, from bfloat16 saturating ------ */
CUCPU_INLINE __nv_bfloat16 __short2bfloat16_rn(const short int i) { return cucpu_bm(cucpu_lp_from_ll(i, 8, 7, CUCPU_RN)); }
CUCPU_INLINE __nv_bfloat16 __short2bfloat16_rz(const short int i) { return cucpu_bm(cucpu_lp_from_ll(i, 8, 7, CUCPU_RZ)); }
CUCPU_INLINE __nv_bfloat16 __short2bfloat16_rd(const short int i) { return cucpu_bm(cucpu_lp_from_ll(i, 8, 7, CUCPU_RD)); }
CUCPU_INLINE __nv_bfloat16 __short2bfloat16_ru(const short int i) { return cucpu_bm(cucpu_lp_from_ll(i, 8, 7, CUCPU_RU)); }
CUCPU_INLINE __nv_bfloat16 __ushort2bfloat16_rn(const unsigned short int i) { return cucpu_bm(cucpu_lp_from_ull(i, 8, 7, CUCPU_RN)); }
CUCPU_INLINE __nv_bfloat16 __ushort2bfloat16_rz(const unsigned short int i) { return cucpu_bm(cucpu_lp_from_ull(i, 8, 7, CUCPU_RZ)); }
CUCPU_INLINE __nv_bfloat16 __ushort2bfloat16_rd(const unsigned short int i) { return cucpu_bm(cucpu_lp_from_ull(i, 8, 7, CUCPU_RD)); }
CUCPU_INLINE __nv_bfloat16 __ushort2bfloat16_ru(const unsigned short int i) { return cucpu_bm(cucpu_lp_from_ull(i, 8, 7, CUCPU_RU)); }
CUCPU_INLINE __nv_bfloat16 __int2bfloat16_rn(const int i) { return cucpu_bm(cucpu_lp_from_ll(i, 8, 7, CUCPU_RN)); }
CUCPU_INLINE __nv_bfloat16 __int2bfloat16_rz(const int i) { return cucpu_bm(cucpu_lp_from_ll(i, 8, 7, CUCPU_RZ)); }
CUCPU_INLINE __nv_bfloat16 __int2bfloat16_rd(const int i) { return cucpu_bm(cucpu_lp_from_ll(i, 8, 7, CUCPU_RD)); }
CUCPU_INLINE __nv_bfloat16 __int2bfloat16_ru(const int i) { return cucpu_bm(cucpu_lp_from_ll(i, 8, 7, CUCPU_RU)); }
CUCPU_INLINE __nv_bfloat16 __uint2bfloat16_rn(const unsigned int i) { return cucpu_bm(cucpu_lp_from_ull(i, 8, 7, CUCPU_RN)); }
CUCPU_INLINE __nv_bfloat16 __uint2bfloat16_rz(const unsigned int i) { return cucpu_bm(cucpu_lp_from_ull(i, 8, 7, CUCPU_RZ)); }
CUCPU_INLINE __nv_bfloat16 __uint2bfloat16_rd(const unsigned int i) { return cucpu_bm(cucpu_lp_from_ull(i, 8, 7, CUCPU_RD)); }
CUCPU_INLINE __nv_bfloat16 __uint2bfloat16_ru(const unsigned int i) { return cucpu_bm(cucpu_lp_from_ull(i, 8, 7, CUCPU_RU)); }
CUCPU_INLINE __nv_bfloat16 __ll2bfloat16_rn(const long long int i) { return cucpu_bm(cucpu_lp_from_ll(i, 8, 7, CUCPU_RN)); }
CUCPU_INLINE __nv_bfloat16 __ll2bfloat16_rz(const long long int i) { return cucpu_bm(cucpu_lp_from_ll(i, 8, 7, CUCPU_RZ)); }
CUCPU_INLINE __nv_bfloat16 __ll2bfloat16_rd(const long long int i) { return cucpu_bm(cucpu_lp_from_ll(i, 8, 7, CUCPU_RD)); }
CUCPU_INLINE __nv_bfloat16 __ll2bfloat16_ru(const long long int i) { return cucpu_bm(cucpu_lp_from_ll(i, 8, 7, CUCPU_RU)); }
CUCPU_INLINE __nv_bfloat16 __ull2bfloat16_rn(const unsigned long long int i) { return cucpu_bm(cucpu_lp_from_ull(i, 8, 7, CUCPU_RN)); }
CUCPU_INLINE __nv_bfloat16 __ull2bfloat16_rz(const unsigned long long int i) { return cucpu_bm(cucpu_lp_from_ull(i, 8, 7, CUCPU_RZ)); }
CUCPU_INLINE __nv_bfloat16 __ull2bfloat16_rd(const unsigned long long int i) { return cucpu_bm(cucpu_lp_from_ull(i, 8, 7, CUCPU_RD)); }
CUCPU_INLINE __nv_bfloat16 __ull2bfloat16_ru(const unsigned long long int i) { return cucpu_bm(cucpu_lp_from_ull(i, 8, 7, CUCPU_RU)); }

/* NaN gives 0, or 0x8000000000000000 for the 64-bit types. */
CUCPU_INLINE signed char __bfloat162char_rz(const __nv_bfloat16 h) { return (signed char)cucpu_lp_to_ll(cucpu_bv(h), CUCPU_RZ, -128, 127, 0); }
CUCPU_INLINE unsigned char __bfloat162uchar_rz(const __nv_bfloat16 h) { return (unsigned char)cucpu_lp_to_ull(cucpu_bv(h), CUCPU_RZ, 255, 0); }
CUCPU_INLINE short int __bfloat162short_rn(const __nv_bfloat16 h) { return (short)cucpu_lp_to_ll(cucpu_bv(h), CUCPU_RN, -32768, 32767, 0); }
CUCPU_INLINE short int __bfloat162short_rz(const __nv_bfloat16 h) { return (short)cucpu_lp_to_ll(cucpu_bv(h), CUCPU_RZ, -32768, 32767, 0); }
CUCPU_INLINE short int __bfloat162short_rd(const __nv_bfloat16 h) { return (short)cucpu_lp_to_ll(cucpu_bv(h), CUCPU_RD, -32768, 32767, 0); }
CUCPU_INLINE short int __bfloat162short_ru(const __nv_bfloat16 h) { return (short)cucpu_lp_to_ll(cucpu_bv(h), CUCPU_RU, -32768, 32767, 0); }
CUCPU_INLINE unsigned short int __bfloat162ushort_rn(const __nv_bfloat16 h) { return (unsigned short)cucpu_lp_to_ull(cucpu_bv(h), CUCPU_RN, 65535, 0); }
CUCPU_INLINE unsigned short int __bfloat162ushort_rz(const __nv_bfloat16 h) { return (unsigned short)cucpu_lp_to_ull(cucpu_bv(h), CUCPU_RZ, 65535, 0); }
CUCPU_INLINE unsigned short int __bfloat162ushort_rd(const __nv_bfloat16 h) { return (unsigned short)cucpu_lp_to_ull(cucpu_bv(h), CUCPU_RD, 65535, 0); }
CUCPU_INLINE unsigned short int __bfloat162ushort_ru(const __nv_bfloat16 h) { return (unsigned short)cucpu_lp_to_ull(cucpu_bv(h), CUCPU_RU, 65535, 0); }
CUCPU_INLINE int __bfloat162int_rn(const __nv_bfloat16 h) { return (int)cucpu_lp_to_ll(cucpu_bv(h), CUCPU_RN, INT_MIN, INT_MAX, 0); }
CUCPU_INLINE int __bfloat162int_rz(const __nv_bfloat16 h) { return (int)cucpu_lp_to_ll(cucpu_bv(h), CUCPU_RZ, INT_MIN, INT_MAX, 0); }
CUCPU_INLINE int __bfloat162int_rd(const __nv_bfloat16 h) { return (int)cucpu_lp_to_ll(cucpu_bv(h), CUCPU_RD, INT_MIN, INT_MAX, 0); }
CUCPU_INLINE int __bfloat162int_ru(const __nv_bfloat16 h) { return (int)cucpu_lp_to_ll(cucpu_bv(h), CUCPU_RU, INT_MIN, INT_MAX, 0); }
CUCPU_INLINE unsigned int __bfloat162uint_rn(const __nv_bfloat16 h) { return (unsigned int)cucpu_lp_to_ull(cucpu_bv(h), CUCPU_RN, UINT_MAX, 0); }
CUCPU_INLINE unsigned int __bfloat162uint_rz(const __nv_bfloat16 h) { return (unsigned int)cucpu_lp_to_ull(cucpu_bv(h), CUCPU_RZ, UINT_MAX, 0); }
CUCPU_INLINE unsigned int __bfloat162uint_rd(const __nv_bfloat16 h) { return (unsigned int)cucpu_lp_to_ull(cucpu_bv(h), CUCPU_RD, UINT_MAX, 0); }
CUCPU_INLINE unsigned int __bfloat162uint_ru(const __nv_bfloat16 h) { return (unsigned int)cucpu_lp_to_ull(cucpu_bv(h), CUCPU_RU, UINT_MAX, 0); }
CUCPU_INLINE long long int __bfloat162ll_rn(const __nv_bfloat16 h) { return cucpu_lp_to_ll(cucpu_bv(h), CUCPU_RN, LLONG_MIN, LLONG_MAX, LLONG_MIN); }
CUCPU_INLINE long long int __bfloat162ll_rz(const __nv_bfloat16 h) { return cucpu_lp_to_ll(cucpu_bv(h), CUCPU_RZ, LLONG_MIN, LLONG_MAX, LLONG_MIN); }
CUCPU_INLINE long long int __bfloat162ll_rd(const __nv_bfloat16 h) { return cucpu_lp_to_ll(cucpu_bv(h), CUCPU_RD, LLONG_MIN, LLONG_MAX, LLONG_MIN); }
CUCPU_INLINE long long int __bfloat162ll_ru(const __nv_bfloat16 h) { return cucpu_lp_to_ll(cucpu_bv(h), CUCPU_RU, LLONG_MIN, LLONG_MAX, LLONG_MIN); }
CUCPU_INLINE unsigned long long int __bfloat162ull_rn(const __nv_bfloat16 h) { return cucpu_lp_to_ull(cucpu_bv(h), CUCPU_RN, ULLONG_MAX, 1ull << 63); }
CUCPU_INLINE unsigned long long int __bfloat162ull_rz(const __nv_bfloat16 h) { return cucpu_lp_to_ull(cucpu_bv(h), CUCPU_RZ, ULLONG_MAX, 1ull << 63); }
CUCPU_INLINE unsigned long long int __bfloat162ull_rd(const __nv_bfloat16 h) { return cucpu_lp_to_ull(cucpu_bv(h), CUCPU_RD, ULLONG_MAX, 1ull << 63); }
CUCPU_INLINE unsigned long long int __bfloat162ull_ru(const __nv_bfloat16 h) { return cucpu_lp_to_ull(cucpu_bv(h), CUCPU_RU, ULLONG_MAX, 1ull << 63); }

/* --- bits ------------------------------------------------------------ */
CUCPU_INLINE short int __bfloat16_as_short(const __nv_bfloat16 h) { return (short)cucpu_bb(h); }
CUCPU_INLINE unsigned short int __bfloat16_as_ushort(const __nv_bfloat16 h) { return cucpu_bb(h); }
CUCPU_INLINE __nv_bfloat16 __short_as_bfloat16(const short int i) { return cucpu_bm((unsigned short)i); }
CUCPU_INLINE __nv_bfloat16 __ushort_as_bfloat16(const unsigned short int i) { return cucpu_bm(i); }

/* --- pairs ----------------------------------------------------------- */
CUCPU_INLINE __nv_bfloat162 __halves2bfloat162(const __nv_bfloat16 a, const __nv_bfloat16 b)
{ __nv_bfloat162 r; r.x = a; r.y = b; return r; }
CUCPU_INLINE __nv_bfloat162 make_bfloat162(const __nv_bfloat16 x, const __nv_bfloat16 y) { return __halves2bfloat162(x, y); }
CUCPU_INLINE __nv_bfloat162 __bfloat162bfloat162(const __nv_bfloat16 a) { return __halves2bfloat162(a, a); }
CUCPU_INLINE __nv_bfloat162 __lows2bfloat162(const __nv_bfloat162 a, const __nv_bfloat162 b) { return __halves2bfloat162(a.x, b.x); }
CUCPU_INLINE __nv_bfloat162 __highs2bfloat162(const __nv_bfloat162 a, const __nv_bfloat162 b) { return __halves2bfloat162(a.y, b.y); }
CUCPU_INLINE __nv_bfloat162 __low2bfloat162(const __nv_bfloat162 a) { return __halves2bfloat162(a.x, a.x); }
CUCPU_INLINE __nv_bfloat162 __high2bfloat162(const __nv_bfloat162 a) { return __halves2bfloat162(a.y, a.y); }
CUCPU_INLINE __nv_bfloat16 __low2bfloat16(const __nv_bfloat162 a) { return a.x; }
CUCPU_INLINE __nv_bfloat16 __high2bfloat16(const __nv_bfloat162 a) { return a.y; }
CUCPU_INLINE __nv_bfloat162 __float2bfloat162_rn(const float a) { return __bfloat162bfloat162(__float2bfloat16_rn(a)); }
CUCPU_INLINE __nv_bfloat162 __floats2bfloat162_rn(const float a, const float b)
{ return __halves2bfloat162(__float2bfloat16_rn(a), __float2bfloat16_rn(b)); }
CUCPU_INLINE __nv_bfloat162 __float22bfloat162_rn(const float2 a) { return __floats2bfloat162_rn(a.x, a.y); }
CUCPU_INLINE float2 __bfloat1622float2(const __nv_bfloat162 a) { return make_float2(cucpu_bf(a.x), cucpu_bf(a.y)); }

/* --- the operations shared with __half (C++ only) ------------------- */
#if defined(CUCPU_CXX)
#define CUCPU_LP_T __nv_bfloat16
#define CUCPU_LP_T2 __nv_bfloat162
#define CUCPU_LP_B(x) cucpu_bb(x)
#define CUCPU_LP_M(b) cucpu_bm((unsigned short)(b))
#define CUCPU_LP_F(x) cucpu_bf(x)
#define CUCPU_LP_RF(f) cucpu_bm(cucpu_f2bf_bits(f))
#define CUCPU_LP_EB 8
#define CUCPU_LP_MB 7
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
#define CUCPU_LP_FMA 1
#else
#define CUCPU_LP_FMA 0
#endif
#define CUCPU_LP_OVERLOADS 1
#if defined(__CUDA_NO_BFLOAT16_OPERATORS__)
#define CUCPU_LP_OPS 0
#else
#define CUCPU_LP_OPS 1
#endif
#if defined(__CUDA_NO_BFLOAT162_OPERATORS__)
#define CUCPU_LP_OPS2 0
#else
#define CUCPU_LP_OPS2 1
#endif
#include "cucpu_lowp_ops.h"

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
#endif

CUCPU_HD_END

#endif
