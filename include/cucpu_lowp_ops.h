/* cucpu_lowp_ops.h: the operations that cuda_fp16.h and cuda_bf16.h share
 * by name (__hadd, __hmax2, hsqrt, the operators, ...), written once for a
 * scalar type CUCPU_LP_T and its pair CUCPU_LP_T2. No include guard: each
 * of the two headers includes it once, inside CUCPU_HD_BEGIN/END, after
 * defining
 *   CUCPU_LP_T, CUCPU_LP_T2       the types;
 *   CUCPU_LP_B(x), CUCPU_LP_M(b)  a T's bits, and the T with bits b;
 *   CUCPU_LP_F(x)                 a T's value as a float (exact);
 *   CUCPU_LP_RF(f)                the T nearest float f (ties to even);
 *   CUCPU_LP_EB, CUCPU_LP_MB      the format (see cucpu_lowp.h);
 *   CUCPU_LP_FMA                  1 where the fma family exists (bfloat16:
 *                                 from sm_80, as nvcc declares it);
 *   CUCPU_LP_OPS, CUCPU_LP_OPS2   1 for C++ operators on T, on T2;
 *   CUCPU_LP_OVERLOADS            1 in C++: names that other types share
 *                                 (the integer __hadd, __ldcg, atomicAdd).
 * It undefines them all at the end. Results follow cucpu_lowp.h: every
 * arithmetic result is rounded once, to nearest even; NaN results are
 * 0x7FFF. The math functions (hexp, hsin, ...) are computed in double and
 * rounded once: the GPU's are approximations, so results may differ from
 * a GPU's by its documented error (CUDA Math API, "Half Precision
 * Intrinsics"). */

#define CUCPU_LP_D(x) ((double)CUCPU_LP_F(x))
#define CUCPU_LP_RND(d) CUCPU_LP_M(cucpu_lp_rn((d), CUCPU_LP_EB, CUCPU_LP_MB))
#define CUCPU_LP_INF cucpu_lp_inf(CUCPU_LP_EB, CUCPU_LP_MB)
#define CUCPU_LP_SIGN (1u << (CUCPU_LP_EB + CUCPU_LP_MB))
#define CUCPU_LP_ONE (((1u << (CUCPU_LP_EB - 1)) - 1u) << CUCPU_LP_MB)
#define CUCPU_LP_NAN 0x7fffu

/* cucpu_lp_pair: the pair (lo, hi). */
CUCPU_INLINE CUCPU_LP_T2 cucpu_lp_pair(CUCPU_LP_T lo, CUCPU_LP_T hi)
{
  CUCPU_LP_T2 r;
  r.x = lo;
  r.y = hi;
  return r;
}

/* --- classification ------------------------------------------------- */
CUCPU_INLINE CUCPU_LP_BOOL __hisnan(const CUCPU_LP_T a)
{ return (CUCPU_LP_B(a) & 0x7fffu) > CUCPU_LP_INF; }
CUCPU_INLINE int __hisinf(const CUCPU_LP_T a)
{
  if ((CUCPU_LP_B(a) & 0x7fffu) != CUCPU_LP_INF)
    return 0;
  return (CUCPU_LP_B(a) & CUCPU_LP_SIGN) ? -1 : 1;
}

/* --- arithmetic: one rounding (cucpu_lowp.h says why float suffices) - */
#if CUCPU_LP_OVERLOADS
CUCPU_INLINE CUCPU_LP_T __hadd(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return CUCPU_LP_RF(CUCPU_LP_F(a) + CUCPU_LP_F(b)); }
#endif
CUCPU_INLINE CUCPU_LP_T __hsub(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return CUCPU_LP_RF(CUCPU_LP_F(a) - CUCPU_LP_F(b)); }
CUCPU_INLINE CUCPU_LP_T __hmul(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return CUCPU_LP_RF(CUCPU_LP_F(a) * CUCPU_LP_F(b)); }
CUCPU_INLINE CUCPU_LP_T __hdiv(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return CUCPU_LP_RND(CUCPU_LP_D(a) / CUCPU_LP_D(b)); }
/* The _rn forms are never contracted into an fma on the GPU; cucpu never
 * contracts any of them. */
CUCPU_INLINE CUCPU_LP_T __hadd_rn(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return CUCPU_LP_RF(CUCPU_LP_F(a) + CUCPU_LP_F(b)); }
CUCPU_INLINE CUCPU_LP_T __hsub_rn(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return __hsub(a, b); }
CUCPU_INLINE CUCPU_LP_T __hmul_rn(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return __hmul(a, b); }

/* Sign operations: a NaN becomes the canonical NaN, as NVIDIA's emulation
 * returns it. */
CUCPU_INLINE CUCPU_LP_T __hneg(const CUCPU_LP_T a)
{ return CUCPU_LP_M(__hisnan(a) ? CUCPU_LP_NAN : CUCPU_LP_B(a) ^ CUCPU_LP_SIGN); }
CUCPU_INLINE CUCPU_LP_T __habs(const CUCPU_LP_T a)
{ return CUCPU_LP_M(__hisnan(a) ? CUCPU_LP_NAN : CUCPU_LP_B(a) & 0x7fffu); }

/* cucpu_lp_sat: r clamped to [+0.0, 1.0]; NaN and -0.0 give +0.0. */
CUCPU_INLINE CUCPU_LP_T cucpu_lp_sat(const CUCPU_LP_T r)
{
  float f = CUCPU_LP_F(r);
  if (!(f > 0.0f))
    return CUCPU_LP_M(0);
  return f > 1.0f ? CUCPU_LP_M(CUCPU_LP_ONE) : r;
}
CUCPU_INLINE CUCPU_LP_T __hadd_sat(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return cucpu_lp_sat(__hadd_rn(a, b)); }
CUCPU_INLINE CUCPU_LP_T __hsub_sat(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return cucpu_lp_sat(__hsub(a, b)); }
CUCPU_INLINE CUCPU_LP_T __hmul_sat(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return cucpu_lp_sat(__hmul(a, b)); }

/* --- comparisons: ordered ones are false, unordered true, on NaN ---- */
CUCPU_INLINE CUCPU_LP_BOOL __heq(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return CUCPU_LP_F(a) == CUCPU_LP_F(b); }
CUCPU_INLINE CUCPU_LP_BOOL __hne(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return CUCPU_LP_F(a) < CUCPU_LP_F(b) || CUCPU_LP_F(a) > CUCPU_LP_F(b); }
CUCPU_INLINE CUCPU_LP_BOOL __hle(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return CUCPU_LP_F(a) <= CUCPU_LP_F(b); }
CUCPU_INLINE CUCPU_LP_BOOL __hge(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return CUCPU_LP_F(a) >= CUCPU_LP_F(b); }
CUCPU_INLINE CUCPU_LP_BOOL __hlt(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return CUCPU_LP_F(a) < CUCPU_LP_F(b); }
CUCPU_INLINE CUCPU_LP_BOOL __hgt(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return CUCPU_LP_F(a) > CUCPU_LP_F(b); }
CUCPU_INLINE CUCPU_LP_BOOL __hequ(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return !__hne(a, b); }
CUCPU_INLINE CUCPU_LP_BOOL __hneu(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return !__heq(a, b); }
CUCPU_INLINE CUCPU_LP_BOOL __hleu(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return !__hgt(a, b); }
CUCPU_INLINE CUCPU_LP_BOOL __hgeu(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return !__hlt(a, b); }
CUCPU_INLINE CUCPU_LP_BOOL __hltu(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return !__hge(a, b); }
CUCPU_INLINE CUCPU_LP_BOOL __hgtu(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return !__hle(a, b); }

/* --- maximum and minimum -------------------------------------------- */
/* __hmax, __hmin: a NaN operand gives the other one (both NaN: the
 * canonical NaN); +0.0 > -0.0. The result is an operand, unchanged. */
CUCPU_INLINE CUCPU_LP_T __hmax(const CUCPU_LP_T a, const CUCPU_LP_T b)
{
  if (__hisnan(a))
    return __hisnan(b) ? CUCPU_LP_M(CUCPU_LP_NAN) : b;
  if (__hisnan(b) || CUCPU_LP_F(a) > CUCPU_LP_F(b))
    return a;
  if (CUCPU_LP_F(a) < CUCPU_LP_F(b))
    return b;
  return (CUCPU_LP_B(a) & CUCPU_LP_SIGN) ? b : a;
}
CUCPU_INLINE CUCPU_LP_T __hmin(const CUCPU_LP_T a, const CUCPU_LP_T b)
{
  if (__hisnan(a))
    return __hisnan(b) ? CUCPU_LP_M(CUCPU_LP_NAN) : b;
  if (__hisnan(b) || CUCPU_LP_F(a) < CUCPU_LP_F(b))
    return a;
  if (CUCPU_LP_F(a) > CUCPU_LP_F(b))
    return b;
  return (CUCPU_LP_B(a) & CUCPU_LP_SIGN) ? a : b;
}
/* The _nan forms: any NaN operand gives the canonical NaN. */
CUCPU_INLINE CUCPU_LP_T __hmax_nan(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return __hisnan(a) || __hisnan(b) ? CUCPU_LP_M(CUCPU_LP_NAN) : __hmax(a, b); }
CUCPU_INLINE CUCPU_LP_T __hmin_nan(const CUCPU_LP_T a, const CUCPU_LP_T b)
{ return __hisnan(a) || __hisnan(b) ? CUCPU_LP_M(CUCPU_LP_NAN) : __hmin(a, b); }

/* --- fused multiply-add: one rounding ------------------------------- */
#if CUCPU_LP_FMA
CUCPU_INLINE CUCPU_LP_T __hfma(const CUCPU_LP_T a, const CUCPU_LP_T b, const CUCPU_LP_T c)
{ return CUCPU_LP_RND(cucpu_lp_fma_odd(CUCPU_LP_D(a), CUCPU_LP_D(b), CUCPU_LP_D(c))); }
CUCPU_INLINE CUCPU_LP_T __hfma_sat(const CUCPU_LP_T a, const CUCPU_LP_T b, const CUCPU_LP_T c)
{ return cucpu_lp_sat(__hfma(a, b, c)); }
/* __hfma_relu: negative results become +0.0, NaN the canonical NaN. */
CUCPU_INLINE CUCPU_LP_T __hfma_relu(const CUCPU_LP_T a, const CUCPU_LP_T b, const CUCPU_LP_T c)
{ return __hmax_nan(__hfma(a, b, c), CUCPU_LP_M(0)); }
#endif

/* --- rounding to integral values ------------------------------------ */
CUCPU_INLINE CUCPU_LP_T htrunc(const CUCPU_LP_T h)
{ return CUCPU_LP_RND(cucpu_lp_rint(CUCPU_LP_D(h), CUCPU_RZ)); }
CUCPU_INLINE CUCPU_LP_T hceil(const CUCPU_LP_T h)
{ return CUCPU_LP_RND(cucpu_lp_rint(CUCPU_LP_D(h), CUCPU_RU)); }
CUCPU_INLINE CUCPU_LP_T hfloor(const CUCPU_LP_T h)
{ return CUCPU_LP_RND(cucpu_lp_rint(CUCPU_LP_D(h), CUCPU_RD)); }
CUCPU_INLINE CUCPU_LP_T hrint(const CUCPU_LP_T h)
{ return CUCPU_LP_RND(cucpu_lp_rint(CUCPU_LP_D(h), CUCPU_RN)); }

/* --- math: double precision, one rounding --------------------------- */
/* hsqrt, hrcp are correctly rounded; the rest within the GPU's error. */
CUCPU_INLINE CUCPU_LP_T hsqrt(const CUCPU_LP_T a) { return CUCPU_LP_RND(sqrt(CUCPU_LP_D(a))); }
CUCPU_INLINE CUCPU_LP_T hrsqrt(const CUCPU_LP_T a) { return CUCPU_LP_RND(1.0 / sqrt(CUCPU_LP_D(a))); }
CUCPU_INLINE CUCPU_LP_T hrcp(const CUCPU_LP_T a) { return CUCPU_LP_RND(1.0 / CUCPU_LP_D(a)); }
CUCPU_INLINE CUCPU_LP_T hlog(const CUCPU_LP_T a) { return CUCPU_LP_RND(log(CUCPU_LP_D(a))); }
CUCPU_INLINE CUCPU_LP_T hlog2(const CUCPU_LP_T a) { return CUCPU_LP_RND(log2(CUCPU_LP_D(a))); }
CUCPU_INLINE CUCPU_LP_T hlog10(const CUCPU_LP_T a) { return CUCPU_LP_RND(log10(CUCPU_LP_D(a))); }
CUCPU_INLINE CUCPU_LP_T hexp(const CUCPU_LP_T a) { return CUCPU_LP_RND(exp(CUCPU_LP_D(a))); }
CUCPU_INLINE CUCPU_LP_T hexp2(const CUCPU_LP_T a) { return CUCPU_LP_RND(exp2(CUCPU_LP_D(a))); }
CUCPU_INLINE CUCPU_LP_T hexp10(const CUCPU_LP_T a) { return CUCPU_LP_RND(pow(10.0, CUCPU_LP_D(a))); }
CUCPU_INLINE CUCPU_LP_T hsin(const CUCPU_LP_T a) { return CUCPU_LP_RND(sin(CUCPU_LP_D(a))); }
CUCPU_INLINE CUCPU_LP_T hcos(const CUCPU_LP_T a) { return CUCPU_LP_RND(cos(CUCPU_LP_D(a))); }
CUCPU_INLINE CUCPU_LP_T htanh(const CUCPU_LP_T a) { return CUCPU_LP_RND(tanh(CUCPU_LP_D(a))); }
CUCPU_INLINE CUCPU_LP_T htanh_approx(const CUCPU_LP_T a) { return htanh(a); }

/* --- pairs: each operation on both halves ---------------------------- */
#define CUCPU_LP_LANES1(f, a) cucpu_lp_pair(f((a).x), f((a).y))
#define CUCPU_LP_LANES2(f, a, b) cucpu_lp_pair(f((a).x, (b).x), f((a).y, (b).y))
#define CUCPU_LP_LANES3(f, a, b, c) \
  cucpu_lp_pair(f((a).x, (b).x, (c).x), f((a).y, (b).y, (c).y))
#define CUCPU_LP_P CUCPU_LP_T2
#define CUCPU_LP_CP const CUCPU_LP_T2

CUCPU_INLINE CUCPU_LP_P __hadd2(CUCPU_LP_CP a, CUCPU_LP_CP b) { return CUCPU_LP_LANES2(__hadd_rn, a, b); }
CUCPU_INLINE CUCPU_LP_P __hsub2(CUCPU_LP_CP a, CUCPU_LP_CP b) { return CUCPU_LP_LANES2(__hsub, a, b); }
CUCPU_INLINE CUCPU_LP_P __hmul2(CUCPU_LP_CP a, CUCPU_LP_CP b) { return CUCPU_LP_LANES2(__hmul, a, b); }
CUCPU_INLINE CUCPU_LP_P __h2div(CUCPU_LP_CP a, CUCPU_LP_CP b) { return CUCPU_LP_LANES2(__hdiv, a, b); }
CUCPU_INLINE CUCPU_LP_P __hadd2_rn(CUCPU_LP_CP a, CUCPU_LP_CP b) { return CUCPU_LP_LANES2(__hadd_rn, a, b); }
CUCPU_INLINE CUCPU_LP_P __hsub2_rn(CUCPU_LP_CP a, CUCPU_LP_CP b) { return CUCPU_LP_LANES2(__hsub, a, b); }
CUCPU_INLINE CUCPU_LP_P __hmul2_rn(CUCPU_LP_CP a, CUCPU_LP_CP b) { return CUCPU_LP_LANES2(__hmul, a, b); }
CUCPU_INLINE CUCPU_LP_P __hadd2_sat(CUCPU_LP_CP a, CUCPU_LP_CP b) { return CUCPU_LP_LANES2(__hadd_sat, a, b); }
CUCPU_INLINE CUCPU_LP_P __hsub2_sat(CUCPU_LP_CP a, CUCPU_LP_CP b) { return CUCPU_LP_LANES2(__hsub_sat, a, b); }
CUCPU_INLINE CUCPU_LP_P __hmul2_sat(CUCPU_LP_CP a, CUCPU_LP_CP b) { return CUCPU_LP_LANES2(__hmul_sat, a, b); }
CUCPU_INLINE CUCPU_LP_P __hneg2(CUCPU_LP_CP a) { return CUCPU_LP_LANES1(__hneg, a); }
CUCPU_INLINE CUCPU_LP_P __habs2(CUCPU_LP_CP a) { return CUCPU_LP_LANES1(__habs, a); }
CUCPU_INLINE CUCPU_LP_P __hmax2(CUCPU_LP_CP a, CUCPU_LP_CP b) { return CUCPU_LP_LANES2(__hmax, a, b); }
CUCPU_INLINE CUCPU_LP_P __hmin2(CUCPU_LP_CP a, CUCPU_LP_CP b) { return CUCPU_LP_LANES2(__hmin, a, b); }
CUCPU_INLINE CUCPU_LP_P __hmax2_nan(CUCPU_LP_CP a, CUCPU_LP_CP b) { return CUCPU_LP_LANES2(__hmax_nan, a, b); }
CUCPU_INLINE CUCPU_LP_P __hmin2_nan(CUCPU_LP_CP a, CUCPU_LP_CP b) { return CUCPU_LP_LANES2(__hmin_nan, a, b); }
#if CUCPU_LP_FMA
CUCPU_INLINE CUCPU_LP_P __hfma2(CUCPU_LP_CP a, CUCPU_LP_CP b, CUCPU_LP_CP c) { return CUCPU_LP_LANES3(__hfma, a, b, c); }
CUCPU_INLINE CUCPU_LP_P __hfma2_sat(CUCPU_LP_CP a, CUCPU_LP_CP b, CUCPU_LP_CP c) { return CUCPU_LP_LANES3(__hfma_sat, a, b, c); }
CUCPU_INLINE CUCPU_LP_P __hfma2_relu(CUCPU_LP_CP a, CUCPU_LP_CP b, CUCPU_LP_CP c) { return CUCPU_LP_LANES3(__hfma_relu, a, b, c); }
/* __hcmadd: a * b + c on complex numbers (x real, y imaginary), as four
 * fmas: x = fma(-a.y, b.y, fma(a.x, b.x, c.x)), y = fma(a.y, b.x, fma(a.x,
 * b.y, c.y)). */
CUCPU_INLINE CUCPU_LP_P __hcmadd(CUCPU_LP_CP a, CUCPU_LP_CP b, CUCPU_LP_CP c)
{
  CUCPU_LP_T re = __hfma(a.x, b.x, c.x), im = __hfma(a.x, b.y, c.y);
  return cucpu_lp_pair(__hfma(__hneg(a.y), b.y, re), __hfma(a.y, b.x, im));
}
#endif
CUCPU_INLINE CUCPU_LP_P h2trunc(CUCPU_LP_CP a) { return CUCPU_LP_LANES1(htrunc, a); }
CUCPU_INLINE CUCPU_LP_P h2ceil(CUCPU_LP_CP a) { return CUCPU_LP_LANES1(hceil, a); }
CUCPU_INLINE CUCPU_LP_P h2floor(CUCPU_LP_CP a) { return CUCPU_LP_LANES1(hfloor, a); }
CUCPU_INLINE CUCPU_LP_P h2rint(CUCPU_LP_CP a) { return CUCPU_LP_LANES1(hrint, a); }
CUCPU_INLINE CUCPU_LP_P h2sqrt(CUCPU_LP_CP a) { return CUCPU_LP_LANES1(hsqrt, a); }
CUCPU_INLINE CUCPU_LP_P h2rsqrt(CUCPU_LP_CP a) { return CUCPU_LP_LANES1(hrsqrt, a); }
CUCPU_INLINE CUCPU_LP_P h2rcp(CUCPU_LP_CP a) { return CUCPU_LP_LANES1(hrcp, a); }
CUCPU_INLINE CUCPU_LP_P h2log(CUCPU_LP_CP a) { return CUCPU_LP_LANES1(hlog, a); }
CUCPU_INLINE CUCPU_LP_P h2log2(CUCPU_LP_CP a) { return CUCPU_LP_LANES1(hlog2, a); }
CUCPU_INLINE CUCPU_LP_P h2log10(CUCPU_LP_CP a) { return CUCPU_LP_LANES1(hlog10, a); }
CUCPU_INLINE CUCPU_LP_P h2exp(CUCPU_LP_CP a) { return CUCPU_LP_LANES1(hexp, a); }
CUCPU_INLINE CUCPU_LP_P h2exp2(CUCPU_LP_CP a) { return CUCPU_LP_LANES1(hexp2, a); }
CUCPU_INLINE CUCPU_LP_P h2exp10(CUCPU_LP_CP a) { return CUCPU_LP_LANES1(hexp10, a); }
CUCPU_INLINE CUCPU_LP_P h2sin(CUCPU_LP_CP a) { return CUCPU_LP_LANES1(hsin, a); }
CUCPU_INLINE CUCPU_LP_P h2cos(CUCPU_LP_CP a) { return CUCPU_LP_LANES1(hcos, a); }
CUCPU_INLINE CUCPU_LP_P h2tanh(CUCPU_LP_CP a) { return CUCPU_LP_LANES1(htanh, a); }
CUCPU_INLINE CUCPU_LP_P h2tanh_approx(CUCPU_LP_CP a) { return CUCPU_LP_LANES1(htanh, a); }

/* Pair comparisons: 1.0 or 0.0 per half; _mask: 0xFFFF or 0 per half (the
 * low half in the low bits); __hb*: whether both halves compare true. */
#define CUCPU_LP_CMP2(name, cmp)                                            \
  CUCPU_INLINE CUCPU_LP_P name##2(CUCPU_LP_CP a, CUCPU_LP_CP b)             \
  {                                                                         \
    return cucpu_lp_pair(CUCPU_LP_M(cmp(a.x, b.x) ? CUCPU_LP_ONE : 0u),     \
                         CUCPU_LP_M(cmp(a.y, b.y) ? CUCPU_LP_ONE : 0u));    \
  }                                                                         \
  CUCPU_INLINE unsigned int name##2_mask(CUCPU_LP_CP a, CUCPU_LP_CP b)      \
  {                                                                         \
    return (cmp(a.x, b.x) ? 0xffffu : 0u) | (cmp(a.y, b.y) ? 0xffff0000u : 0u); \
  }
CUCPU_LP_CMP2(__heq, __heq)
CUCPU_LP_CMP2(__hne, __hne)
CUCPU_LP_CMP2(__hle, __hle)
CUCPU_LP_CMP2(__hge, __hge)
CUCPU_LP_CMP2(__hlt, __hlt)
CUCPU_LP_CMP2(__hgt, __hgt)
CUCPU_LP_CMP2(__hequ, __hequ)
CUCPU_LP_CMP2(__hneu, __hneu)
CUCPU_LP_CMP2(__hleu, __hleu)
CUCPU_LP_CMP2(__hgeu, __hgeu)
CUCPU_LP_CMP2(__hltu, __hltu)
CUCPU_LP_CMP2(__hgtu, __hgtu)
#undef CUCPU_LP_CMP2
CUCPU_INLINE CUCPU_LP_BOOL __hbeq2(CUCPU_LP_CP a, CUCPU_LP_CP b) { return __heq(a.x, b.x) && __heq(a.y, b.y); }
CUCPU_INLINE CUCPU_LP_BOOL __hbne2(CUCPU_LP_CP a, CUCPU_LP_CP b) { return __hne(a.x, b.x) && __hne(a.y, b.y); }
CUCPU_INLINE CUCPU_LP_BOOL __hble2(CUCPU_LP_CP a, CUCPU_LP_CP b) { return __hle(a.x, b.x) && __hle(a.y, b.y); }
CUCPU_INLINE CUCPU_LP_BOOL __hbge2(CUCPU_LP_CP a, CUCPU_LP_CP b) { return __hge(a.x, b.x) && __hge(a.y, b.y); }
CUCPU_INLINE CUCPU_LP_BOOL __hblt2(CUCPU_LP_CP a, CUCPU_LP_CP b) { return __hlt(a.x, b.x) && __hlt(a.y, b.y); }
CUCPU_INLINE CUCPU_LP_BOOL __hbgt2(CUCPU_LP_CP a, CUCPU_LP_CP b) { return __hgt(a.x, b.x) && __hgt(a.y, b.y); }
CUCPU_INLINE CUCPU_LP_BOOL __hbequ2(CUCPU_LP_CP a, CUCPU_LP_CP b) { return __hequ(a.x, b.x) && __hequ(a.y, b.y); }
CUCPU_INLINE CUCPU_LP_BOOL __hbneu2(CUCPU_LP_CP a, CUCPU_LP_CP b) { return __hneu(a.x, b.x) && __hneu(a.y, b.y); }
CUCPU_INLINE CUCPU_LP_BOOL __hbleu2(CUCPU_LP_CP a, CUCPU_LP_CP b) { return __hleu(a.x, b.x) && __hleu(a.y, b.y); }
CUCPU_INLINE CUCPU_LP_BOOL __hbgeu2(CUCPU_LP_CP a, CUCPU_LP_CP b) { return __hgeu(a.x, b.x) && __hgeu(a.y, b.y); }
CUCPU_INLINE CUCPU_LP_BOOL __hbltu2(CUCPU_LP_CP a, CUCPU_LP_CP b) { return __hltu(a.x, b.x) && __hltu(a.y, b.y); }
CUCPU_INLINE CUCPU_LP_BOOL __hbgtu2(CUCPU_LP_CP a, CUCPU_LP_CP b) { return __hgtu(a.x, b.x) && __hgtu(a.y, b.y); }
CUCPU_INLINE CUCPU_LP_P __hisnan2(CUCPU_LP_CP a)
{
  return cucpu_lp_pair(CUCPU_LP_M(__hisnan(a.x) ? CUCPU_LP_ONE : 0u),
                       CUCPU_LP_M(__hisnan(a.y) ? CUCPU_LP_ONE : 0u));
}

/* Moving halves. */
CUCPU_INLINE CUCPU_LP_P __lowhigh2highlow(CUCPU_LP_CP a) { return cucpu_lp_pair(a.y, a.x); }
CUCPU_INLINE float __low2float(CUCPU_LP_CP a) { return CUCPU_LP_F(a.x); }
CUCPU_INLINE float __high2float(CUCPU_LP_CP a) { return CUCPU_LP_F(a.y); }

#if CUCPU_LP_OVERLOADS
/* Cache-hinted loads and stores: plain ones on the host. */
CUCPU_INLINE CUCPU_LP_T __ldcg(const CUCPU_LP_T *p) { return *p; }
CUCPU_INLINE CUCPU_LP_T __ldca(const CUCPU_LP_T *p) { return *p; }
CUCPU_INLINE CUCPU_LP_T __ldcs(const CUCPU_LP_T *p) { return *p; }
CUCPU_INLINE CUCPU_LP_T __ldlu(const CUCPU_LP_T *p) { return *p; }
CUCPU_INLINE CUCPU_LP_T __ldcv(const CUCPU_LP_T *p) { return *p; }
CUCPU_INLINE CUCPU_LP_P __ldcg(const CUCPU_LP_T2 *p) { return *p; }
CUCPU_INLINE CUCPU_LP_P __ldca(const CUCPU_LP_T2 *p) { return *p; }
CUCPU_INLINE CUCPU_LP_P __ldcs(const CUCPU_LP_T2 *p) { return *p; }
CUCPU_INLINE CUCPU_LP_P __ldlu(const CUCPU_LP_T2 *p) { return *p; }
CUCPU_INLINE CUCPU_LP_P __ldcv(const CUCPU_LP_T2 *p) { return *p; }
CUCPU_INLINE void __stwb(CUCPU_LP_T *p, const CUCPU_LP_T v) { *p = v; }
CUCPU_INLINE void __stcg(CUCPU_LP_T *p, const CUCPU_LP_T v) { *p = v; }
CUCPU_INLINE void __stcs(CUCPU_LP_T *p, const CUCPU_LP_T v) { *p = v; }
CUCPU_INLINE void __stwt(CUCPU_LP_T *p, const CUCPU_LP_T v) { *p = v; }
CUCPU_INLINE void __stwb(CUCPU_LP_T2 *p, CUCPU_LP_CP v) { *p = v; }
CUCPU_INLINE void __stcg(CUCPU_LP_T2 *p, CUCPU_LP_CP v) { *p = v; }
CUCPU_INLINE void __stcs(CUCPU_LP_T2 *p, CUCPU_LP_CP v) { *p = v; }
CUCPU_INLINE void __stwt(CUCPU_LP_T2 *p, CUCPU_LP_CP v) { *p = v; }

/* atomicAdd: a compare-and-swap loop, sequentially consistent like
 * cucpu's other atomics (cucpu_atomics.h); the pair adds both halves in
 * one 32-bit swap. Returns the old value. */
CUCPU_INLINE CUCPU_LP_P atomicAdd(CUCPU_LP_T2 *const address, CUCPU_LP_CP val)
{
  CUCPU_LP_T2 old, sum;
  __atomic_load(address, &old, __ATOMIC_SEQ_CST);
  do
    sum = __hadd2(old, val);
  while (!__atomic_compare_exchange(address, &old, &sum, 0, __ATOMIC_SEQ_CST,
                                    __ATOMIC_SEQ_CST));
  return old;
}
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
CUCPU_INLINE CUCPU_LP_T atomicAdd(CUCPU_LP_T *const address, const CUCPU_LP_T val)
{
  CUCPU_LP_T old, sum;
  __atomic_load(address, &old, __ATOMIC_SEQ_CST);
  do
    sum = __hadd(old, val);
  while (!__atomic_compare_exchange(address, &old, &sum, 0, __ATOMIC_SEQ_CST,
                                    __ATOMIC_SEQ_CST));
  return old;
}
#endif
#endif

/* --- C++ operators, as cuda_fp16.hpp and cuda_bf16.hpp define them --- */
#if CUCPU_LP_OPS
#define CUCPU_LP_CR const CUCPU_LP_T &
static inline CUCPU_LP_T operator+(CUCPU_LP_CR lh, CUCPU_LP_CR rh) { return __hadd(lh, rh); }
static inline CUCPU_LP_T operator-(CUCPU_LP_CR lh, CUCPU_LP_CR rh) { return __hsub(lh, rh); }
static inline CUCPU_LP_T operator*(CUCPU_LP_CR lh, CUCPU_LP_CR rh) { return __hmul(lh, rh); }
static inline CUCPU_LP_T operator/(CUCPU_LP_CR lh, CUCPU_LP_CR rh) { return __hdiv(lh, rh); }
static inline CUCPU_LP_T &operator+=(CUCPU_LP_T &lh, CUCPU_LP_CR rh) { lh = __hadd(lh, rh); return lh; }
static inline CUCPU_LP_T &operator-=(CUCPU_LP_T &lh, CUCPU_LP_CR rh) { lh = __hsub(lh, rh); return lh; }
static inline CUCPU_LP_T &operator*=(CUCPU_LP_T &lh, CUCPU_LP_CR rh) { lh = __hmul(lh, rh); return lh; }
static inline CUCPU_LP_T &operator/=(CUCPU_LP_T &lh, CUCPU_LP_CR rh) { lh = __hdiv(lh, rh); return lh; }
static inline CUCPU_LP_T &operator++(CUCPU_LP_T &h) { h = __hadd(h, CUCPU_LP_M(CUCPU_LP_ONE)); return h; }
static inline CUCPU_LP_T &operator--(CUCPU_LP_T &h) { h = __hsub(h, CUCPU_LP_M(CUCPU_LP_ONE)); return h; }
static inline CUCPU_LP_T operator++(CUCPU_LP_T &h, const int)
{ CUCPU_LP_T old = h; h = __hadd(h, CUCPU_LP_M(CUCPU_LP_ONE)); return old; }
static inline CUCPU_LP_T operator--(CUCPU_LP_T &h, const int)
{ CUCPU_LP_T old = h; h = __hsub(h, CUCPU_LP_M(CUCPU_LP_ONE)); return old; }
static inline CUCPU_LP_T operator+(CUCPU_LP_CR h) { return h; }
static inline CUCPU_LP_T operator-(CUCPU_LP_CR h) { return __hneg(h); }
static inline bool operator==(CUCPU_LP_CR lh, CUCPU_LP_CR rh) { return __heq(lh, rh); }
static inline bool operator!=(CUCPU_LP_CR lh, CUCPU_LP_CR rh) { return __hneu(lh, rh); }
static inline bool operator>(CUCPU_LP_CR lh, CUCPU_LP_CR rh) { return __hgt(lh, rh); }
static inline bool operator<(CUCPU_LP_CR lh, CUCPU_LP_CR rh) { return __hlt(lh, rh); }
static inline bool operator>=(CUCPU_LP_CR lh, CUCPU_LP_CR rh) { return __hge(lh, rh); }
static inline bool operator<=(CUCPU_LP_CR lh, CUCPU_LP_CR rh) { return __hle(lh, rh); }
#undef CUCPU_LP_CR
#endif

#if CUCPU_LP_OPS2
#define CUCPU_LP_CR const CUCPU_LP_T2 &
#define CUCPU_LP_ONE2 cucpu_lp_pair(CUCPU_LP_M(CUCPU_LP_ONE), CUCPU_LP_M(CUCPU_LP_ONE))
static inline CUCPU_LP_P operator+(CUCPU_LP_CR lh, CUCPU_LP_CR rh) { return __hadd2(lh, rh); }
static inline CUCPU_LP_P operator-(CUCPU_LP_CR lh, CUCPU_LP_CR rh) { return __hsub2(lh, rh); }
static inline CUCPU_LP_P operator*(CUCPU_LP_CR lh, CUCPU_LP_CR rh) { return __hmul2(lh, rh); }
static inline CUCPU_LP_P operator/(CUCPU_LP_CR lh, CUCPU_LP_CR rh) { return __h2div(lh, rh); }
static inline CUCPU_LP_P &operator+=(CUCPU_LP_T2 &lh, CUCPU_LP_CR rh) { lh = __hadd2(lh, rh); return lh; }
static inline CUCPU_LP_P &operator-=(CUCPU_LP_T2 &lh, CUCPU_LP_CR rh) { lh = __hsub2(lh, rh); return lh; }
static inline CUCPU_LP_P &operator*=(CUCPU_LP_T2 &lh, CUCPU_LP_CR rh) { lh = __hmul2(lh, rh); return lh; }
static inline CUCPU_LP_P &operator/=(CUCPU_LP_T2 &lh, CUCPU_LP_CR rh) { lh = __h2div(lh, rh); return lh; }
static inline CUCPU_LP_P &operator++(CUCPU_LP_T2 &h) { h = __hadd2(h, CUCPU_LP_ONE2); return h; }
static inline CUCPU_LP_P &operator--(CUCPU_LP_T2 &h) { h = __hsub2(h, CUCPU_LP_ONE2); return h; }
static inline CUCPU_LP_P operator++(CUCPU_LP_T2 &h, const int)
{ CUCPU_LP_T2 old = h; h = __hadd2(h, CUCPU_LP_ONE2); return old; }
static inline CUCPU_LP_P operator--(CUCPU_LP_T2 &h, const int)
{ CUCPU_LP_T2 old = h; h = __hsub2(h, CUCPU_LP_ONE2); return old; }
static inline CUCPU_LP_P operator+(CUCPU_LP_CR h) { return h; }
static inline CUCPU_LP_P operator-(CUCPU_LP_CR h) { return __hneg2(h); }
static inline bool operator==(CUCPU_LP_CR lh, CUCPU_LP_CR rh) { return __hbeq2(lh, rh); }
static inline bool operator!=(CUCPU_LP_CR lh, CUCPU_LP_CR rh) { return __hbneu2(lh, rh); }
static inline bool operator>(CUCPU_LP_CR lh, CUCPU_LP_CR rh) { return __hbgt2(lh, rh); }
static inline bool operator<(CUCPU_LP_CR lh, CUCPU_LP_CR rh) { return __hblt2(lh, rh); }
static inline bool operator>=(CUCPU_LP_CR lh, CUCPU_LP_CR rh) { return __hbge2(lh, rh); }
static inline bool operator<=(CUCPU_LP_CR lh, CUCPU_LP_CR rh) { return __hble2(lh, rh); }
#undef CUCPU_LP_ONE2
#undef CUCPU_LP_CR
#endif

#undef CUCPU_LP_LANES1
#undef CUCPU_LP_LANES2
#undef CUCPU_LP_LANES3
#undef CUCPU_LP_P
#undef CUCPU_LP_CP
#undef CUCPU_LP_D
#undef CUCPU_LP_RND
#undef CUCPU_LP_INF
#undef CUCPU_LP_SIGN
#undef CUCPU_LP_ONE
#undef CUCPU_LP_NAN
#undef CUCPU_LP_T
#undef CUCPU_LP_T2
#undef CUCPU_LP_B
#undef CUCPU_LP_M
#undef CUCPU_LP_F
#undef CUCPU_LP_RF
#undef CUCPU_LP_EB
#undef CUCPU_LP_MB
#undef CUCPU_LP_FMA
#undef CUCPU_LP_OPS
#undef CUCPU_LP_OPS2
#undef CUCPU_LP_OVERLOADS
