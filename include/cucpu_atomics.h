/* cucpu_atomics.h: CUDA's atomic functions on host memory, with GCC's
 * __atomic builtins (sequentially consistent, so CUDA code that builds locks
 * from atomicCAS and __threadfence stays correct). Floating-point atomics
 * are compare-exchange loops on the bit pattern. The _block and _system
 * variants are the same operations. C++ gets overloads, C _Generic macros,
 * both dispatching to typed functions cucpu_atomic<Op>_<type>.
 *
 * The overloads are exactly those nvcc declares for the target
 * architecture CUCPU_ARCH (host_defines.h; -arch): a program may define
 * the ones CUDA lacks itself (atomicMax on double, which no architecture
 * has; atomicAdd on double for code written for sm_50) and must not
 * meet ours. By architecture: atomicAdd(double *) from sm_60,
 * atomicCAS(unsigned short *) from sm_70, atomicAdd on float2 and float4
 * from sm_90. */
#ifndef CUCPU_ATOMICS_H
#define CUCPU_ATOMICS_H

#include "host_defines.h"
#include "vector_functions.h"

CUCPU_HD_BEGIN

#define CUCPU_SC __ATOMIC_SEQ_CST
#define CUCPU_FETCH(op, sfx, T, builtin)                                \
  CUCPU_INLINE T cucpu_atomic##op##_##sfx(T *p, T v)                    \
  { return builtin(p, v, CUCPU_SC); }
CUCPU_FETCH(Add, i, int, __atomic_fetch_add)
CUCPU_FETCH(Add, u, unsigned int, __atomic_fetch_add)
CUCPU_FETCH(Add, ull, unsigned long long, __atomic_fetch_add)
CUCPU_FETCH(Sub, i, int, __atomic_fetch_sub)
CUCPU_FETCH(Sub, u, unsigned int, __atomic_fetch_sub)
CUCPU_FETCH(And, ll, long long, __atomic_fetch_and)
CUCPU_FETCH(Or, ll, long long, __atomic_fetch_or)
CUCPU_FETCH(Xor, ll, long long, __atomic_fetch_xor)
CUCPU_FETCH(Exch, i, int, __atomic_exchange_n)
CUCPU_FETCH(Exch, u, unsigned int, __atomic_exchange_n)
CUCPU_FETCH(Exch, ull, unsigned long long, __atomic_exchange_n)
CUCPU_FETCH(And, i, int, __atomic_fetch_and)
CUCPU_FETCH(And, u, unsigned int, __atomic_fetch_and)
CUCPU_FETCH(And, ull, unsigned long long, __atomic_fetch_and)
CUCPU_FETCH(Or, i, int, __atomic_fetch_or)
CUCPU_FETCH(Or, u, unsigned int, __atomic_fetch_or)
CUCPU_FETCH(Or, ull, unsigned long long, __atomic_fetch_or)
CUCPU_FETCH(Xor, i, int, __atomic_fetch_xor)
CUCPU_FETCH(Xor, u, unsigned int, __atomic_fetch_xor)
CUCPU_FETCH(Xor, ull, unsigned long long, __atomic_fetch_xor)
#undef CUCPU_FETCH

/* Read-modify-write by compare-exchange: new = f(old, v). */
#define CUCPU_CASLOOP(op, sfx, T, f)                                    \
  CUCPU_INLINE T cucpu_atomic##op##_##sfx(T *p, T v)                    \
  {                                                                     \
    T old = __atomic_load_n(p, __ATOMIC_RELAXED);                       \
    while (!__atomic_compare_exchange_n(p, &old, f(old, v), 0,          \
                                        CUCPU_SC, __ATOMIC_RELAXED)) {} \
    return old;                                                         \
  }
#define CUCPU_MIN(a, b) ((b) < (a) ? (b) : (a))
#define CUCPU_MAX(a, b) ((b) > (a) ? (b) : (a))
#define CUCPU_INC(a, b) ((a) >= (b) ? 0u : (a) + 1u)
#define CUCPU_DEC(a, b) (((a) == 0u || (a) > (b)) ? (b) : (a) - 1u)
CUCPU_CASLOOP(Min, i, int, CUCPU_MIN)
CUCPU_CASLOOP(Min, u, unsigned int, CUCPU_MIN)
CUCPU_CASLOOP(Min, ll, long long, CUCPU_MIN)
CUCPU_CASLOOP(Min, ull, unsigned long long, CUCPU_MIN)
CUCPU_CASLOOP(Max, i, int, CUCPU_MAX)
CUCPU_CASLOOP(Max, u, unsigned int, CUCPU_MAX)
CUCPU_CASLOOP(Max, ll, long long, CUCPU_MAX)
CUCPU_CASLOOP(Max, ull, unsigned long long, CUCPU_MAX)
CUCPU_CASLOOP(Inc, u, unsigned int, CUCPU_INC)
CUCPU_CASLOOP(Dec, u, unsigned int, CUCPU_DEC)
#undef CUCPU_MIN
#undef CUCPU_MAX
#undef CUCPU_INC
#undef CUCPU_DEC
#undef CUCPU_CASLOOP

#define CUCPU_CAS(sfx, T)                                               \
  CUCPU_INLINE T cucpu_atomicCAS_##sfx(T *p, T cmp, T v)                \
  {                                                                     \
    __atomic_compare_exchange_n(p, &cmp, v, 0, CUCPU_SC, CUCPU_SC);     \
    return cmp;                                                         \
  }
CUCPU_CAS(i, int)
CUCPU_CAS(u, unsigned int)
CUCPU_CAS(ull, unsigned long long)
CUCPU_CAS(us, unsigned short)
#undef CUCPU_CAS

/* Floating point: the same loop on the bits, the arithmetic in FT. */
#define CUCPU_FLOATOP(op, sfx, FT, BT, expr)                            \
  CUCPU_INLINE FT cucpu_atomic##op##_##sfx(FT *p, FT v)                 \
  {                                                                     \
    BT *bp = (BT *)(void *)p, ob = __atomic_load_n(bp, __ATOMIC_RELAXED), nb; \
    FT old, nw;                                                         \
    do {                                                                \
      __builtin_memcpy(&old, &ob, sizeof old);                          \
      nw = expr;                                                        \
      __builtin_memcpy(&nb, &nw, sizeof nb);                            \
    } while (!__atomic_compare_exchange_n(bp, &ob, nb, 0, CUCPU_SC,     \
                                          __ATOMIC_RELAXED));           \
    return old;                                                         \
  }
CUCPU_FLOATOP(Add, f, float, unsigned int, old + v)
CUCPU_FLOATOP(Add, d, double, unsigned long long, old + v)
#undef CUCPU_FLOATOP
CUCPU_INLINE float cucpu_atomicExch_f(float *p, float v)
{
  unsigned int b, o;
  __builtin_memcpy(&b, &v, sizeof b);
  o = __atomic_exchange_n((unsigned int *)(void *)p, b, CUCPU_SC);
  __builtin_memcpy(&v, &o, sizeof v);
  return v;
}
#undef CUCPU_SC

/* Fences: all scopes are the whole machine on a CPU. */
CUCPU_INLINE void __threadfence(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
CUCPU_INLINE void __threadfence_block(void)
{ __atomic_thread_fence(__ATOMIC_SEQ_CST); }
CUCPU_INLINE void __threadfence_system(void)
{ __atomic_thread_fence(__ATOMIC_SEQ_CST); }

CUCPU_HD_END

#if defined(CUCPU_CXX)
CUCPU_HD_BEGIN
#define CUCPU_OV2(name, sfx, T)                                         \
  CUCPU_INLINE T name(T *p, T v) { return cucpu_##name##_##sfx(p, v); }
#define CUCPU_OV3(name, sfx, T)                                         \
  CUCPU_INLINE T name(T *p, T c, T v) { return cucpu_##name##_##sfx(p, c, v); }
CUCPU_OV2(atomicAdd, i, int) CUCPU_OV2(atomicAdd, u, unsigned int)
CUCPU_OV2(atomicAdd, ull, unsigned long long) CUCPU_OV2(atomicAdd, f, float)
#if CUCPU_ARCH >= 600
CUCPU_OV2(atomicAdd, d, double)
#endif
CUCPU_OV2(atomicSub, i, int) CUCPU_OV2(atomicSub, u, unsigned int)
CUCPU_OV2(atomicExch, i, int) CUCPU_OV2(atomicExch, u, unsigned int)
CUCPU_OV2(atomicExch, ull, unsigned long long) CUCPU_OV2(atomicExch, f, float)
CUCPU_OV2(atomicMin, i, int) CUCPU_OV2(atomicMin, u, unsigned int)
CUCPU_OV2(atomicMin, ll, long long) CUCPU_OV2(atomicMin, ull, unsigned long long)
CUCPU_OV2(atomicMax, i, int) CUCPU_OV2(atomicMax, u, unsigned int)
CUCPU_OV2(atomicMax, ll, long long) CUCPU_OV2(atomicMax, ull, unsigned long long)
CUCPU_OV2(atomicInc, u, unsigned int) CUCPU_OV2(atomicDec, u, unsigned int)
CUCPU_OV2(atomicAnd, i, int) CUCPU_OV2(atomicAnd, u, unsigned int)
CUCPU_OV2(atomicAnd, ull, unsigned long long) CUCPU_OV2(atomicAnd, ll, long long)
CUCPU_OV2(atomicOr, i, int) CUCPU_OV2(atomicOr, u, unsigned int)
CUCPU_OV2(atomicOr, ull, unsigned long long) CUCPU_OV2(atomicOr, ll, long long)
CUCPU_OV2(atomicXor, i, int) CUCPU_OV2(atomicXor, u, unsigned int)
CUCPU_OV2(atomicXor, ull, unsigned long long) CUCPU_OV2(atomicXor, ll, long long)
CUCPU_OV3(atomicCAS, i, int) CUCPU_OV3(atomicCAS, u, unsigned int)
CUCPU_OV3(atomicCAS, ull, unsigned long long)
#if CUCPU_ARCH >= 700
CUCPU_OV3(atomicCAS, us, unsigned short)
#endif
#undef CUCPU_OV2
#undef CUCPU_OV3
#if CUCPU_ARCH >= 900
/* Each component is atomic, not the vector as a whole (as on sm_90). */
CUCPU_INLINE float2 atomicAdd(float2 *p, float2 v)
{ return make_float2(cucpu_atomicAdd_f(&p->x, v.x), cucpu_atomicAdd_f(&p->y, v.y)); }
CUCPU_INLINE float4 atomicAdd(float4 *p, float4 v)
{
  return make_float4(cucpu_atomicAdd_f(&p->x, v.x), cucpu_atomicAdd_f(&p->y, v.y),
                     cucpu_atomicAdd_f(&p->z, v.z), cucpu_atomicAdd_f(&p->w, v.w));
}
#endif
CUCPU_HD_END
#else
#define CUCPU_AT_INT(op, p)                                             \
  int *: cucpu_atomic##op##_i, unsigned int *: cucpu_atomic##op##_u
#define atomicAdd(p, v)                                                 \
  _Generic((p), CUCPU_AT_INT(Add, p),                                   \
           unsigned long long *: cucpu_atomicAdd_ull,                   \
           float *: cucpu_atomicAdd_f, double *: cucpu_atomicAdd_d)(p, v)
#define atomicSub(p, v) _Generic((p), CUCPU_AT_INT(Sub, p))(p, v)
#define atomicExch(p, v)                                                \
  _Generic((p), CUCPU_AT_INT(Exch, p),                                  \
           unsigned long long *: cucpu_atomicExch_ull,                  \
           float *: cucpu_atomicExch_f)(p, v)
#define CUCPU_AT_MINMAX(op, p, v)                                       \
  _Generic((p), CUCPU_AT_INT(op, p), long long *: cucpu_atomic##op##_ll, \
           unsigned long long *: cucpu_atomic##op##_ull)(p, v)
#define atomicMin(p, v) CUCPU_AT_MINMAX(Min, p, v)
#define atomicMax(p, v) CUCPU_AT_MINMAX(Max, p, v)
#define atomicInc(p, v) cucpu_atomicInc_u(p, v)
#define atomicDec(p, v) cucpu_atomicDec_u(p, v)
#define CUCPU_AT_BITS(op, p, v)                                         \
  _Generic((p), CUCPU_AT_INT(op, p), long long *: cucpu_atomic##op##_ll, \
           unsigned long long *: cucpu_atomic##op##_ull)(p, v)
#define atomicAnd(p, v) CUCPU_AT_BITS(And, p, v)
#define atomicOr(p, v) CUCPU_AT_BITS(Or, p, v)
#define atomicXor(p, v) CUCPU_AT_BITS(Xor, p, v)
#define atomicCAS(p, c, v)                                              \
  _Generic((p), CUCPU_AT_INT(CAS, p),                                   \
           unsigned long long *: cucpu_atomicCAS_ull,                   \
           unsigned short *: cucpu_atomicCAS_us)(p, c, v)
#endif

/* Scoped variants: every scope is the whole machine here. */
#define atomicAdd_block atomicAdd
#define atomicAdd_system atomicAdd
#define atomicSub_block atomicSub
#define atomicSub_system atomicSub
#define atomicExch_block atomicExch
#define atomicExch_system atomicExch
#define atomicMin_block atomicMin
#define atomicMin_system atomicMin
#define atomicMax_block atomicMax
#define atomicMax_system atomicMax
#define atomicInc_block atomicInc
#define atomicInc_system atomicInc
#define atomicDec_block atomicDec
#define atomicDec_system atomicDec
#define atomicCAS_block atomicCAS
#define atomicCAS_system atomicCAS
#define atomicAnd_block atomicAnd
#define atomicAnd_system atomicAnd
#define atomicOr_block atomicOr
#define atomicOr_system atomicOr
#define atomicXor_block atomicXor
#define atomicXor_system atomicXor

#endif
