/* cuda_fp16.h: IEEE binary16, CUDA's __half and __half2 (docs/features.md,
 * "Half precision").
 *
 * In C++ (the translator's parse, translated code and host code alike) the
 * types are the classes of NVIDIA's cuda_fp16.h: __half keeps its 16 bits
 * private, converts from and to float, double and the integer types
 * (`half one = 1;`, `float f = h;`), and has the arithmetic and comparison
 * operators; __half2 holds two, .x (low) and .y (high). __half_raw and
 * __half2_raw expose the bits as .x and .y. NVIDIA's switches
 * __CUDA_NO_HALF_CONVERSIONS__, __CUDA_NO_HALF_OPERATORS__,
 * __CUDA_NO_HALF2_OPERATORS__ and CUDA_NO_HALF (no `half`, `half2`) work.
 * In C, which NVIDIA's header leaves with the raw types only, __half is
 * __half_raw and __half2 a pair of them, with the functions below except
 * __hadd (the integer intrinsic's name in C) and those of
 * cucpu_lowp_ops.h's CUCPU_LP_OVERLOADS.
 *
 * Every function is __host__ __device__ and computes what a GPU does, bit
 * for bit (cucpu_lowp.h says how); the math functions (hexp, hsin, ...)
 * round a double-precision result once, where a GPU's approximate. */
#ifndef __CUDA_FP16_H__
#define __CUDA_FP16_H__

#include "host_defines.h"
#include "vector_types.h"
#include "vector_functions.h"
#include "cucpu_libc.h"
#include "cucpu_lowp.h"

CUCPU_HD_BEGIN

typedef struct __align__(2) { unsigned short x; } __half_raw;
typedef struct __align__(4) { unsigned short x, y; } __half2_raw;

#if defined(CUCPU_CXX)
struct __nv_bfloat16;

struct __align__(2) __half {
protected:
  unsigned short __x;

public:
  __half() = default;
  constexpr __half(const __half_raw &hr) : __x(hr.x) {}
  __half &operator=(const __half_raw &hr) { __x = hr.x; return *this; }
  volatile __half &operator=(const __half_raw &hr) volatile { __x = hr.x; return *this; }
  volatile __half &operator=(const volatile __half_raw &hr) volatile { __x = hr.x; return *this; }
  operator __half_raw() const { __half_raw r; r.x = __x; return r; }
  operator __half_raw() const volatile { __half_raw r; r.x = __x; return r; }
#if !defined(__CUDA_NO_HALF_CONVERSIONS__)
  explicit __half(const __nv_bfloat16 f);          /* cuda_bf16.h */
  __half(const float f) : __x(cucpu_f2h_bits(f)) {}
  __half(const double f) : __x(cucpu_lp_rn(f, 5, 10)) {}
  operator float() const { return cucpu_h2f_bits(__x); }
  __half &operator=(const float f) { __x = cucpu_f2h_bits(f); return *this; }
  __half &operator=(const double f) { __x = cucpu_lp_rn(f, 5, 10); return *this; }
  /* Integers convert to nearest even; back, toward zero and saturating. */
  __half(const short val) : __x(cucpu_lp_from_ll(val, 5, 10, CUCPU_RN)) {}
  __half(const unsigned short val) : __x(cucpu_lp_from_ull(val, 5, 10, CUCPU_RN)) {}
  __half(const int val) : __x(cucpu_lp_from_ll(val, 5, 10, CUCPU_RN)) {}
  __half(const unsigned int val) : __x(cucpu_lp_from_ull(val, 5, 10, CUCPU_RN)) {}
  __half(const long val) : __x(cucpu_lp_from_ll(val, 5, 10, CUCPU_RN)) {}
  __half(const unsigned long val) : __x(cucpu_lp_from_ull(val, 5, 10, CUCPU_RN)) {}
  __half(const long long val) : __x(cucpu_lp_from_ll(val, 5, 10, CUCPU_RN)) {}
  __half(const unsigned long long val) : __x(cucpu_lp_from_ull(val, 5, 10, CUCPU_RN)) {}
  operator signed char() const { return (signed char)cucpu_lp_to_ll(cucpu_h2f_bits(__x), CUCPU_RZ, -128, 127, 0); }
  operator unsigned char() const { return (unsigned char)cucpu_lp_to_ull(cucpu_h2f_bits(__x), CUCPU_RZ, 255, 0); }
  operator char() const
  {
    return (char)((char)-1 < 0 ? cucpu_lp_to_ll(cucpu_h2f_bits(__x), CUCPU_RZ, -128, 127, 0)
                               : (long long)cucpu_lp_to_ull(cucpu_h2f_bits(__x), CUCPU_RZ, 255, 0));
  }
  operator short() const { return (short)cucpu_lp_to_ll(cucpu_h2f_bits(__x), CUCPU_RZ, -32768, 32767, 0); }
  operator unsigned short() const { return (unsigned short)cucpu_lp_to_ull(cucpu_h2f_bits(__x), CUCPU_RZ, 65535, 0); }
  operator int() const { return (int)cucpu_lp_to_ll(cucpu_h2f_bits(__x), CUCPU_RZ, INT_MIN, INT_MAX, 0); }
  operator unsigned int() const { return (unsigned int)cucpu_lp_to_ull(cucpu_h2f_bits(__x), CUCPU_RZ, UINT_MAX, 0); }
  operator long() const { return (long)cucpu_lp_to_ll(cucpu_h2f_bits(__x), CUCPU_RZ, LONG_MIN, LONG_MAX, sizeof(long) == 8 ? LONG_MIN : 0); }
  operator unsigned long() const { return (unsigned long)cucpu_lp_to_ull(cucpu_h2f_bits(__x), CUCPU_RZ, ULONG_MAX, sizeof(long) == 8 ? 1ull << 63 : 0); }
  operator long long() const { return cucpu_lp_to_ll(cucpu_h2f_bits(__x), CUCPU_RZ, LLONG_MIN, LLONG_MAX, LLONG_MIN); }
  operator unsigned long long() const { return cucpu_lp_to_ull(cucpu_h2f_bits(__x), CUCPU_RZ, ULLONG_MAX, 1ull << 63); }
  __half &operator=(const short val) { return *this = __half(val); }
  __half &operator=(const unsigned short val) { return *this = __half(val); }
  __half &operator=(const int val) { return *this = __half(val); }
  __half &operator=(const unsigned int val) { return *this = __half(val); }
  __half &operator=(const long long val) { return *this = __half(val); }
  __half &operator=(const unsigned long long val) { return *this = __half(val); }
  constexpr operator bool() const { return (__x & 0x7fffu) != 0u; }
#endif
};

struct __align__(4) __half2 {
  __half x;
  __half y;

  __half2() = default;
  constexpr __half2(const __half &a, const __half &b) : x(a), y(b) {}
  __half2(const __half2_raw &h2r)
  {
    __half_raw t;
    t.x = h2r.x;
    x = t;
    t.x = h2r.y;
    y = t;
  }
  __half2 &operator=(const __half2_raw &h2r) { return *this = __half2(h2r); }
  operator __half2_raw() const
  {
    __half2_raw r;
    r.x = static_cast<__half_raw>(x).x;
    r.y = static_cast<__half_raw>(y).x;
    return r;
  }
};

/* cucpu_hb, cucpu_hm: a __half's bits, and the __half with bits b. */
CUCPU_INLINE unsigned short cucpu_hb(const __half h) { return static_cast<__half_raw>(h).x; }
CUCPU_INLINE __half cucpu_hm(unsigned short b) { __half_raw r; r.x = b; return __half(r); }
#else
typedef __half_raw __half;
typedef struct __align__(4) { __half x, y; } __half2;
CUCPU_INLINE unsigned short cucpu_hb(const __half h) { return h.x; }
CUCPU_INLINE __half cucpu_hm(unsigned short b) { __half r; r.x = b; return r; }
#endif

/* cucpu_hf: a __half's value as a float; cucpu_hv: as a double. */
CUCPU_INLINE float cucpu_hf(const __half h) { return cucpu_h2f_bits(cucpu_hb(h)); }
CUCPU_INLINE double cucpu_hv(const __half h) { return (double)cucpu_h2f_bits(cucpu_hb(h)); }

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)

/* --- float and double ----------------------------------------------- */
CUCPU_INLINE __half __float2half(const float a) { return cucpu_hm(cucpu_f2h_bits(a)); }
CUCPU_INLINE __half __float2half_rn(const float a) { return cucpu_hm(cucpu_f2h_bits(a)); }
CUCPU_INLINE __half __float2half_rz(const float a) { return cucpu_hm(cucpu_lp_from_double(a, 5, 10, CUCPU_RZ)); }
CUCPU_INLINE __half __float2half_rd(const float a) { return cucpu_hm(cucpu_lp_from_double(a, 5, 10, CUCPU_RD)); }
CUCPU_INLINE __half __float2half_ru(const float a) { return cucpu_hm(cucpu_lp_from_double(a, 5, 10, CUCPU_RU)); }
CUCPU_INLINE __half __double2half(const double a) { return cucpu_hm(cucpu_lp_rn(a, 5, 10)); }
CUCPU_INLINE float __half2float(const __half a) { return cucpu_hf(a); }

/* --- integers: to half in the mode named, from half saturating ------ */
CUCPU_INLINE __half __short2half_rn(const short int i) { return cucpu_hm(cucpu_lp_from_ll(i, 5, 10, CUCPU_RN)); }
CUCPU_INLINE __half __short2half_rz(const short int i) { return cucpu_hm(cucpu_lp_from_ll(i, 5, 10, CUCPU_RZ)); }
CUCPU_INLINE __half __short2half_rd(const short int i) { return cucpu_hm(cucpu_lp_from_ll(i, 5, 10, CUCPU_RD)); }
CUCPU_INLINE __half __short2half_ru(const short int i) { return cucpu_hm(cucpu_lp_from_ll(i, 5, 10, CUCPU_RU)); }
CUCPU_INLINE __half __ushort2half_rn(const unsigned short int i) { return cucpu_hm(cucpu_lp_from_ull(i, 5, 10, CUCPU_RN)); }
CUCPU_INLINE __half __ushort2half_rz(const unsigned short int i) { return cucpu_hm(cucpu_lp_from_ull(i, 5, 10, CUCPU_RZ)); }
CUCPU_INLINE __half __ushort2half_rd(const unsigned short int i) { return cucpu_hm(cucpu_lp_from_ull(i, 5, 10, CUCPU_RD)); }
CUCPU_INLINE __half __ushort2half_ru(const unsigned short int i) { return cucpu_hm(cucpu_lp_from_ull(i, 5, 10, CUCPU_RU)); }
CUCPU_INLINE __half __int2half_rn(const int i) { return cucpu_hm(cucpu_lp_from_ll(i, 5, 10, CUCPU_RN)); }
CUCPU_INLINE __half __int2half_rz(const int i) { return cucpu_hm(cucpu_lp_from_ll(i, 5, 10, CUCPU_RZ)); }
CUCPU_INLINE __half __int2half_rd(const int i) { return cucpu_hm(cucpu_lp_from_ll(i, 5, 10, CUCPU_RD)); }
CUCPU_INLINE __half __int2half_ru(const int i) { return cucpu_hm(cucpu_lp_from_ll(i, 5, 10, CUCPU_RU)); }
CUCPU_INLINE __half __uint2half_rn(const unsigned int i) { return cucpu_hm(cucpu_lp_from_ull(i, 5, 10, CUCPU_RN)); }
CUCPU_INLINE __half __uint2half_rz(const unsigned int i) { return cucpu_hm(cucpu_lp_from_ull(i, 5, 10, CUCPU_RZ)); }
CUCPU_INLINE __half __uint2half_rd(const unsigned int i) { return cucpu_hm(cucpu_lp_from_ull(i, 5, 10, CUCPU_RD)); }
CUCPU_INLINE __half __uint2half_ru(const unsigned int i) { return cucpu_hm(cucpu_lp_from_ull(i, 5, 10, CUCPU_RU)); }
CUCPU_INLINE __half __ll2half_rn(const long long int i) { return cucpu_hm(cucpu_lp_from_ll(i, 5, 10, CUCPU_RN)); }
CUCPU_INLINE __half __ll2half_rz(const long long int i) { return cucpu_hm(cucpu_lp_from_ll(i, 5, 10, CUCPU_RZ)); }
CUCPU_INLINE __half __ll2half_rd(const long long int i) { return cucpu_hm(cucpu_lp_from_ll(i, 5, 10, CUCPU_RD)); }
CUCPU_INLINE __half __ll2half_ru(const long long int i) { return cucpu_hm(cucpu_lp_from_ll(i, 5, 10, CUCPU_RU)); }
CUCPU_INLINE __half __ull2half_rn(const unsigned long long int i) { return cucpu_hm(cucpu_lp_from_ull(i, 5, 10, CUCPU_RN)); }
CUCPU_INLINE __half __ull2half_rz(const unsigned long long int i) { return cucpu_hm(cucpu_lp_from_ull(i, 5, 10, CUCPU_RZ)); }
CUCPU_INLINE __half __ull2half_rd(const unsigned long long int i) { return cucpu_hm(cucpu_lp_from_ull(i, 5, 10, CUCPU_RD)); }
CUCPU_INLINE __half __ull2half_ru(const unsigned long long int i) { return cucpu_hm(cucpu_lp_from_ull(i, 5, 10, CUCPU_RU)); }

/* NaN gives 0, or 0x8000000000000000 for the 64-bit types. */
CUCPU_INLINE signed char __half2char_rz(const __half h) { return (signed char)cucpu_lp_to_ll(cucpu_hv(h), CUCPU_RZ, -128, 127, 0); }
CUCPU_INLINE unsigned char __half2uchar_rz(const __half h) { return (unsigned char)cucpu_lp_to_ull(cucpu_hv(h), CUCPU_RZ, 255, 0); }
CUCPU_INLINE short int __half2short_rn(const __half h) { return (short)cucpu_lp_to_ll(cucpu_hv(h), CUCPU_RN, -32768, 32767, 0); }
CUCPU_INLINE short int __half2short_rz(const __half h) { return (short)cucpu_lp_to_ll(cucpu_hv(h), CUCPU_RZ, -32768, 32767, 0); }
CUCPU_INLINE short int __half2short_rd(const __half h) { return (short)cucpu_lp_to_ll(cucpu_hv(h), CUCPU_RD, -32768, 32767, 0); }
CUCPU_INLINE short int __half2short_ru(const __half h) { return (short)cucpu_lp_to_ll(cucpu_hv(h), CUCPU_RU, -32768, 32767, 0); }
CUCPU_INLINE unsigned short int __half2ushort_rn(const __half h) { return (unsigned short)cucpu_lp_to_ull(cucpu_hv(h), CUCPU_RN, 65535, 0); }
CUCPU_INLINE unsigned short int __half2ushort_rz(const __half h) { return (unsigned short)cucpu_lp_to_ull(cucpu_hv(h), CUCPU_RZ, 65535, 0); }
CUCPU_INLINE unsigned short int __half2ushort_rd(const __half h) { return (unsigned short)cucpu_lp_to_ull(cucpu_hv(h), CUCPU_RD, 65535, 0); }
CUCPU_INLINE unsigned short int __half2ushort_ru(const __half h) { return (unsigned short)cucpu_lp_to_ull(cucpu_hv(h), CUCPU_RU, 65535, 0); }
CUCPU_INLINE int __half2int_rn(const __half h) { return (int)cucpu_lp_to_ll(cucpu_hv(h), CUCPU_RN, INT_MIN, INT_MAX, 0); }
CUCPU_INLINE int __half2int_rz(const __half h) { return (int)cucpu_lp_to_ll(cucpu_hv(h), CUCPU_RZ, INT_MIN, INT_MAX, 0); }
CUCPU_INLINE int __half2int_rd(const __half h) { return (int)cucpu_lp_to_ll(cucpu_hv(h), CUCPU_RD, INT_MIN, INT_MAX, 0); }
CUCPU_INLINE int __half2int_ru(const __half h) { return (int)cucpu_lp_to_ll(cucpu_hv(h), CUCPU_RU, INT_MIN, INT_MAX, 0); }
CUCPU_INLINE unsigned int __half2uint_rn(const __half h) { return (unsigned int)cucpu_lp_to_ull(cucpu_hv(h), CUCPU_RN, UINT_MAX, 0); }
CUCPU_INLINE unsigned int __half2uint_rz(const __half h) { return (unsigned int)cucpu_lp_to_ull(cucpu_hv(h), CUCPU_RZ, UINT_MAX, 0); }
CUCPU_INLINE unsigned int __half2uint_rd(const __half h) { return (unsigned int)cucpu_lp_to_ull(cucpu_hv(h), CUCPU_RD, UINT_MAX, 0); }
CUCPU_INLINE unsigned int __half2uint_ru(const __half h) { return (unsigned int)cucpu_lp_to_ull(cucpu_hv(h), CUCPU_RU, UINT_MAX, 0); }
CUCPU_INLINE long long int __half2ll_rn(const __half h) { return cucpu_lp_to_ll(cucpu_hv(h), CUCPU_RN, LLONG_MIN, LLONG_MAX, LLONG_MIN); }
CUCPU_INLINE long long int __half2ll_rz(const __half h) { return cucpu_lp_to_ll(cucpu_hv(h), CUCPU_RZ, LLONG_MIN, LLONG_MAX, LLONG_MIN); }
CUCPU_INLINE long long int __half2ll_rd(const __half h) { return cucpu_lp_to_ll(cucpu_hv(h), CUCPU_RD, LLONG_MIN, LLONG_MAX, LLONG_MIN); }
CUCPU_INLINE long long int __half2ll_ru(const __half h) { return cucpu_lp_to_ll(cucpu_hv(h), CUCPU_RU, LLONG_MIN, LLONG_MAX, LLONG_MIN); }
CUCPU_INLINE unsigned long long int __half2ull_rn(const __half h) { return cucpu_lp_to_ull(cucpu_hv(h), CUCPU_RN, ULLONG_MAX, 1ull << 63); }
CUCPU_INLINE unsigned long long int __half2ull_rz(const __half h) { return cucpu_lp_to_ull(cucpu_hv(h), CUCPU_RZ, ULLONG_MAX, 1ull << 63); }
CUCPU_INLINE unsigned long long int __half2ull_rd(const __half h) { return cucpu_lp_to_ull(cucpu_hv(h), CUCPU_RD, ULLONG_MAX, 1ull << 63); }
CUCPU_INLINE unsigned long long int __half2ull_ru(const __half h) { return cucpu_lp_to_ull(cucpu_hv(h), CUCPU_RU, ULLONG_MAX, 1ull << 63); }

/* --- bits ------------------------------------------------------------ */
CUCPU_INLINE short int __half_as_short(const __half h) { return (short)cucpu_hb(h); }
CUCPU_INLINE unsigned short int __half_as_ushort(const __half h) { return cucpu_hb(h); }
CUCPU_INLINE __half __short_as_half(const short int i) { return cucpu_hm((unsigned short)i); }
CUCPU_INLINE __half __ushort_as_half(const unsigned short int i) { return cucpu_hm(i); }

/* --- pairs ----------------------------------------------------------- */
CUCPU_INLINE __half2 __halves2half2(const __half a, const __half b) { __half2 r; r.x = a; r.y = b; return r; }
CUCPU_INLINE __half2 make_half2(const __half x, const __half y) { return __halves2half2(x, y); }
CUCPU_INLINE __half2 __half2half2(const __half a) { return __halves2half2(a, a); }
CUCPU_INLINE __half2 __lows2half2(const __half2 a, const __half2 b) { return __halves2half2(a.x, b.x); }
CUCPU_INLINE __half2 __highs2half2(const __half2 a, const __half2 b) { return __halves2half2(a.y, b.y); }
CUCPU_INLINE __half2 __low2half2(const __half2 a) { return __halves2half2(a.x, a.x); }
CUCPU_INLINE __half2 __high2half2(const __half2 a) { return __halves2half2(a.y, a.y); }
CUCPU_INLINE __half __low2half(const __half2 a) { return a.x; }
CUCPU_INLINE __half __high2half(const __half2 a) { return a.y; }
CUCPU_INLINE __half2 __float2half2_rn(const float a) { return __half2half2(__float2half_rn(a)); }
CUCPU_INLINE __half2 __floats2half2_rn(const float a, const float b)
{ return __halves2half2(__float2half_rn(a), __float2half_rn(b)); }
CUCPU_INLINE __half2 __float22half2_rn(const float2 a) { return __floats2half2_rn(a.x, a.y); }
CUCPU_INLINE float2 __half22float2(const __half2 a) { return make_float2(cucpu_hf(a.x), cucpu_hf(a.y)); }

/* --- the operations shared with bfloat16 ----------------------------- */
#define CUCPU_LP_T __half
#define CUCPU_LP_T2 __half2
#define CUCPU_LP_B(x) cucpu_hb(x)
#define CUCPU_LP_M(b) cucpu_hm((unsigned short)(b))
#define CUCPU_LP_F(x) cucpu_hf(x)
#define CUCPU_LP_RF(f) cucpu_hm(cucpu_f2h_bits(f))
#define CUCPU_LP_EB 5
#define CUCPU_LP_MB 10
#define CUCPU_LP_FMA 1
#if defined(CUCPU_CXX)
#define CUCPU_LP_OVERLOADS 1
#if defined(__CUDA_NO_HALF_OPERATORS__)
#define CUCPU_LP_OPS 0
#else
#define CUCPU_LP_OPS 1
#endif
#if defined(__CUDA_NO_HALF2_OPERATORS__)
#define CUCPU_LP_OPS2 0
#else
#define CUCPU_LP_OPS2 1
#endif
#else
#define CUCPU_LP_OVERLOADS 0
#define CUCPU_LP_OPS 0
#define CUCPU_LP_OPS2 0
#endif
#include "cucpu_lowp_ops.h"

#if defined(CUCPU_CXX) && !defined(CUDA_NO_HALF)
typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;
typedef __half nv_half;
typedef __half2 nv_half2;
#endif

CUCPU_HD_END

#endif
