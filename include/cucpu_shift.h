/* cucpu_shift.h: integer shifts with the GPU's meaning, for device code.
 *
 * C++ leaves `a << n` and `a >> n` undefined when n is negative or not
 * below the width of a's promoted type. The GPU's shl and shr take n as
 * unsigned and clamp it to the width: a << 32 is 0, a >> 32 is 0, or -1
 * when a is signed and negative. x86 masks n instead (a << 32 is a). The
 * translator writes each shift of device code whose count is not a
 * constant below 32 as one of these calls (src/frontend/shifts.c). A
 * non-integer left operand (a class of a template argument) keeps its own
 * operator. C++11: each constexpr function is one return statement. */
#ifndef CUCPU_SHIFT_H
#define CUCPU_SHIFT_H

#if defined(__cplusplus)
#include <type_traits>

template <class R, class A, class N>
static inline constexpr R cucpu_shl_(A a, N n, std::true_type)
{ return (unsigned long long)n < sizeof(R) * 8 ? R(a << n) : R(0); }
template <class R, class A, class N>
static inline constexpr R cucpu_shl_(A a, N n, std::false_type)
{ return a << n; }
template <class R, class A, class N>
static inline constexpr R cucpu_shr_(A a, N n, std::true_type)
{
  return (unsigned long long)n < sizeof(R) * 8 ? R(a >> n)
         : std::is_signed<R>::value ? R(R(a) >> (sizeof(R) * 8 - 1)) : R(0);
}
template <class R, class A, class N>
static inline constexpr R cucpu_shr_(A a, N n, std::false_type)
{ return a >> n; }

template <class A, class N>
static inline constexpr auto cucpu_shl(A a, N n) -> decltype(a << n)
{ return cucpu_shl_<decltype(a << n)>(a, n, std::is_integral<decltype(a << n)>()); }
template <class A, class N>
static inline constexpr auto cucpu_shr(A a, N n) -> decltype(a >> n)
{ return cucpu_shr_<decltype(a >> n)>(a, n, std::is_integral<decltype(a >> n)>()); }
template <class A, class N>
static inline A &cucpu_shl_assign(A &a, N n) { return a = (A)cucpu_shl(a, n); }
template <class A, class N>
static inline A &cucpu_shr_assign(A &a, N n) { return a = (A)cucpu_shr(a, n); }
#endif

#endif
