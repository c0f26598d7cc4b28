/* cucpu_mufu.h: bit-exact models of pieces of an H100's float math (and
 * the seed of its double reciprocal) that cuRAND's normals and the fast
 * intrinsics depend on.
 *
 * 1. MUFU.SIN / MUFU.COS, the special-function unit behind __sinf, __cosf
 *    and __sincosf. CUDA computes r = __fmul_rz(x, 1/(2 pi)) (revolutions)
 *    and hands r to the unit. The unit keeps floor(|r| 2^25) mod 2^25:
 *    2 quadrant bits q and a 23-bit fraction X. sin of quadrant 0 is a
 *    piecewise quadratic in fixed point (units of 2^-37): the top 6 bits
 *    of X pick one of 64 segments, the low 17 bits xl enter as
 *      A = C0 + C1 xl + C2 sq(xl),
 *    where sq is a truncated squarer (of the folded partial-product array
 *    only the columns of weight >= 2^19 are kept, then >> 19), and A is
 *    truncated (toward zero) to a 24-bit float. cos(X) = sin(~X); the
 *    other quadrants and the sign follow by symmetry, and the sign is set
 *    even on a zero result (sin(-tiny) = -0, cos(pi/2) = -0).
 *    The 64 coefficient triples were fitted to the unit's complete
 *    quadrant-0 output recorded on an H100 (CUDA 13) and reproduce all
 *    2^23 sin and 2^23 cos outputs, every 64th input of each quadrant for
 *    both signs, and 2.3M further recorded inputs bit for bit.
 *    Not verified on the device: |r| >= 1 (taken as frac(|r|), as the unit
 *    sees only the fraction) and NaN/Inf inputs (NaN, as the PTX ISA
 *    documents; the bits are the GPU's canonical 0x7fffffff).
 *
 * 2. logf as CUDA 13's libdevice computes it (not fast-math): the PTX
 *    sequence itself (scaling of subnormals by 2^23, reduction around
 *    0.666..., degree-10 polynomial by fmaf, special cases), so it is the
 *    same operation for operation and hence bit for bit.
 *
 * 3. MUFU.EX2, the unit behind ex2.approx.f32, exp2f, __expf and expf.
 *    Same interpolator as SIN: x in fixed point with 23 fraction bits
 *    (|x| truncated; a negative x with a nonzero fraction has its fraction
 *    bits complemented and the integer part lowered by one), the
 *    fraction's top 6 bits pick one of 64 segments, the low 17 bits xl
 *    enter A = C0 + C1 xl + C2 sq(xl) with the same truncated squarer,
 *    here in units of 2^-38, and the mantissa of 2^frac in [1, 2) is
 *    A >> 15. The triples were fitted to the unit's complete output for
 *    x in [0, 1) recorded on an H100 (CUDA 13); with expf and __expf
 *    (part 4) the model reproduces all 4 x 19.9M recorded outputs
 *    (ex2.approx.ftz, ex2.approx, expf, __expf on every multiple of
 *    2^-23 in [-1, 1), 2^21 tiny floats, 2^20 random x in [-130, 130]).
 *
 * 4. expf and __expf as CUDA 13 compiles them for sm_90 (SASS read off
 *    cuobjdump): a range reduction by fmaf, MUFU.EX2, a scaling.
 *
 * 5. MUFU.RCP64H, the unit behind rcp.approx.ftz.f64 (the first step of
 *    CUDA's double division and log): from the high word of a double only
 *    (sign, exponent, 20 mantissa bits m), the high word of 1/x; the low
 *    word is 0. Same interpolator, 128 segments: the top 7 bits of m pick
 *    the segment, xl = (low 13 bits of m) << 4 enters A = C0 + C1 xl +
 *    C2 sq(xl) in units of 2^-39 for 2/(1 + m 2^-20) in (1, 2], and the
 *    result's 20 mantissa bits are A >> 19, truncated. The triples were
 *    fitted to the unit's complete output (all 2^20 m at the exponents
 *    0x3ff and 0x400, recorded on an H100, CUDA 13) and reproduce all
 *    2^21 values; every m is among them, so the mantissa map is complete.
 *    Not verified on the device, taken from the PTX ISA: zero and
 *    subnormal inputs give an infinity, infinities zero, a result below
 *    2^-1022 is flushed to zero (ftz), the sign carries through, and NaN
 *    gives NaN (here the high word 0x7fffffff, by analogy with MUFU's
 *    float NaN).
 *
 * All are plain C on integers and correctly rounded float operations;
 * results do not depend on the host's libm. */
#ifndef CUCPU_MUFU_H
#define CUCPU_MUFU_H

#include "host_defines.h"

CUCPU_HD_BEGIN

CUCPU_INLINE unsigned int cucpu_mufu_bits(float f)
{
  unsigned int u;
  __builtin_memcpy(&u, &f, sizeof u);
  return u;
}

CUCPU_INLINE float cucpu_mufu_float(unsigned int u)
{
  float f;
  __builtin_memcpy(&f, &u, sizeof f);
  return f;
}

/* The interpolator's truncated squarer, of a 17-bit xl: the folded array
 * has b_j at weight 2^2j and b_j b_k (j < k) at 2^(j+k+1); of the full
 * square, drop the terms of weight < 2^19: the diagonal of b_0..b_9 and,
 * for j <= 8, the row b_j 2^(j+1) (bits j+1..17-j of xl); then >> 19. */
CUCPU_INLINE unsigned long long cucpu_mufu_sq17(unsigned int xl)
{
  unsigned long long low = 0;
#pragma GCC unroll 10
  for (int j = 0; j < 10; j++) {
    unsigned long long row = (1ull << (2 * j)) +
                             (j <= 8 ? (unsigned long long)(xl & (((1u << (18 - j)) - 1u) & ~((2u << j) - 1u))) << (j + 1) : 0);
    low += row & (0ull - ((xl >> j) & 1u));
  }
  return ((unsigned long long)xl * xl - low) >> 19;
}

/* Magnitude of MUFU.SIN in quadrant 0 for 23-bit fraction x. */
CUCPU_INLINE float cucpu_mufu_sin_q0(unsigned int x)
{
  /* {C0 / 2^12, C1, C2} per segment, C0 and C1 in units of 2^-37 (C1 per
   * unit of xl), C2 in units of 2^-37 per unit of sq(xl). */
  static const int seg[64][3] = {
  {0, 25737, -14}, {823463, 25730, -48},
  {1646436, 25706, -76}, {2468414, 25668, -110},
  {3288906, 25613, -137}, {4107418, 25544, -171},
  {4923453, 25459, -201}, {5736526, 25358, -229},
  {6546141, 25243, -262}, {7351816, 25112, -292},
  {8153060, 24966, -322}, {8949394, 24805, -352},
  {9740335, 24629, -381}, {10525413, 24438, -410},
  {11304145, 24233, -441}, {12076070, 24013, -470},
  {12840725, 23778, -497}, {13597643, 23529, -525},
  {14346367, 23266, -553}, {15086452, 22989, -581},
  {15817450, 22698, -608}, {16538916, 22394, -637},
  {17250422, 22076, -664}, {17951542, 21744, -688},
  {18641840, 21400, -715}, {19320916, 21042, -738},
  {19988350, 20672, -763}, {20643746, 20290, -790},
  {21286703, 19895, -812}, {21916841, 19489, -839},
  {22533776, 19070, -859}, {23137138, 18640, -881},
  {23726565, 18199, -904}, {24301698, 17747, -926},
  {24862194, 17284, -946}, {25407711, 16811, -967},
  {25937924, 16328, -988}, {26452518, 15834, -1004},
  {26951170, 15332, -1025}, {27433593, 14820, -1043},
  {27899488, 14299, -1059}, {28348583, 13769, -1074},
  {28780594, 13232, -1093}, {29195273, 12686, -1107},
  {29592364, 12133, -1123}, {29971632, 11572, -1136},
  {30332846, 11004, -1148}, {30675788, 10430, -1162},
  {31000253, 9849, -1172}, {31306042, 9263, -1185},
  {31592974, 8671, -1196}, {31860879, 8073, -1203},
  {32109590, 7471, -1213}, {32338961, 6864, -1220},
  {32548845, 6254, -1230}, {32739132, 5639, -1236},
  {32909694, 5021, -1242}, {33060432, 4400, -1247},
  {33191257, 3776, -1250}, {33302087, 3151, -1258},
  {33392857, 2523, -1260}, {33463517, 1893, -1260},
  {33514014, 1263, -1263}, {33544326, 632, -1265},
  };
  const int *c = seg[x >> 17];
  unsigned int xl = x & 0x1ffffu;
  long long a = (long long)c[0] * 4096 + (long long)c[1] * xl + (long long)c[2] * (long long)cucpu_mufu_sq17(xl);
  /* Truncate to 24 significant bits (a >= 0 here; a < 2^38). */
  int nb = a == 0 ? 0 : 64 - __builtin_clzll((unsigned long long)a);
  if (nb > 24)
    a = (a >> (nb - 24)) << (nb - 24);
  return (float)a * cucpu_mufu_float(0x2d000000u); /* 2^-37 */
}

/* MUFU.SIN (want_cos = 0) or MUFU.COS of revolutions r. */
CUCPU_INLINE float cucpu_mufu_sincos_rev(float r, int want_cos)
{
  unsigned int rb = cucpu_mufu_bits(r);
  if ((rb & 0x7fffffffu) >= 0x7f800000u)
    return cucpu_mufu_float(0x7fffffffu);
  float m = cucpu_mufu_float(rb & 0x7fffffffu);
  /* floor(|r| 2^25) mod 2^25: exact in double; an |r| >= 2^23 is an
   * integer, so its fraction is 0. */
  unsigned int t = m >= 8388608.0f ? 0u : (unsigned int)((long long)((double)m * 33554432.0) & 0x1ffffff);
  unsigned int q = t >> 23, x = t & 0x7fffffu;
  int odd = (int)(q & 1u);
  float mag = cucpu_mufu_sin_q0((odd ^ want_cos) ? 0x7fffffu - x : x);
  unsigned int neg = want_cos ? (q == 1u || q == 2u) : ((rb >> 31) ^ (q >= 2u));
  return cucpu_mufu_float(cucpu_mufu_bits(mag) | (neg ? 0x80000000u : 0u));
}

/* __fmul_rz(x, 1/(2 pi)) as the GPU rounds it: the product is exact in
 * double (24 x 24 bits), then truncated to float. */
CUCPU_INLINE float cucpu_mufu_rev(float x)
{
  double d = (double)x * (double)cucpu_mufu_float(0x3e22f983u);
  float f = (float)d;
  if (f != 0.0f && f == f && (f > 0.0f ? (double)f > d : (double)f < d))
    f = cucpu_mufu_float(cucpu_mufu_bits(f) - 1u);
  return f;
}

CUCPU_INLINE float cucpu_gpu_sinf_fast(float x)
{ return cucpu_mufu_sincos_rev(cucpu_mufu_rev(x), 0); }
CUCPU_INLINE float cucpu_gpu_cosf_fast(float x)
{ return cucpu_mufu_sincos_rev(cucpu_mufu_rev(x), 1); }

/* CUDA's logf (libdevice __nv_logf, CUDA 13), step for step. */
CUCPU_INLINE float cucpu_gpu_logf(float a)
{
  int sub = a < cucpu_mufu_float(0x00800000u); /* FLT_MIN; false for NaN */
  float m = sub ? a * 8388608.0f : a;
  float e0 = sub ? -23.0f : 0.0f;
  unsigned int ib = cucpu_mufu_bits(m);
  unsigned int ie = (ib - 0x3f2aaaabu) & 0xff800000u;
  float f = cucpu_mufu_float(ib - ie) - 1.0f;
  float e = __builtin_fmaf((float)(int)ie, cucpu_mufu_float(0x34000000u), e0);
  float p = __builtin_fmaf(cucpu_mufu_float(0xbe055027u), f, cucpu_mufu_float(0x3e1039f6u));
  p = __builtin_fmaf(p, f, cucpu_mufu_float(0xbdf8cdccu));
  p = __builtin_fmaf(p, f, cucpu_mufu_float(0x3e0f2955u));
  p = __builtin_fmaf(p, f, cucpu_mufu_float(0xbe2ad8b9u));
  p = __builtin_fmaf(p, f, cucpu_mufu_float(0x3e4ced0bu));
  p = __builtin_fmaf(p, f, cucpu_mufu_float(0xbe7fff22u));
  p = __builtin_fmaf(p, f, cucpu_mufu_float(0x3eaaaa78u));
  p = __builtin_fmaf(p, f, -0.5f);
  float fp = f * p;
  float r = __builtin_fmaf(e, cucpu_mufu_float(0x3f317218u), __builtin_fmaf(fp, f, f));
  if (ib >= 0x7f800000u) /* +inf, NaN, negative (and -0, overridden below) */
    r = __builtin_fmaf(m, cucpu_mufu_float(0x7f800000u), cucpu_mufu_float(0x7f800000u));
  if (m == 0.0f)
    r = cucpu_mufu_float(0xff800000u);
  if (r != r) /* the GPU's NaN, not x86's default 0xffc00000 */
    r = cucpu_mufu_float(0x7fffffffu);
  return r;
}


/* 2^(f 2^-23) for a 23-bit fraction f, as the bits of a float in [1, 2). */
CUCPU_INLINE unsigned int cucpu_mufu_ex2_frac(unsigned int f)
{
  /* {C0, C1, C2}: C0 and C1 in units of 2^-38 (C1 per unit of xl), C2 per
   * unit of sq(xl). */
  static const long long seg[64][3] = {
  {274877937634ll, 22713, 494}, {277871155170ll, 22960, 501},
  {280896985058ll, 23210, 506}, {283955738594ll, 23463, 511},
  {287047833570ll, 23718, 518}, {290173564898ll, 23977, 521},
  {293333342178ll, 24238, 527}, {296527542242ll, 24502, 532},
  {299756525538ll, 24768, 541}, {303020652514ll, 25038, 546},
  {306320316386ll, 25311, 551}, {309655943138ll, 25586, 559},
  {313027868642ll, 25865, 564}, {316436518882ll, 26147, 568},
  {319882295265ll, 26431, 577}, {323365582818ll, 26719, 583},
  {326886799330ll, 27010, 589}, {330446362592ll, 27304, 596},
  {334044674018ll, 27602, 600}, {337682192354ll, 27902, 609},
  {341359302626ll, 28206, 615}, {345076471778ll, 28513, 622},
  {348834093026ll, 28824, 627}, {352632649698ll, 29138, 633},
  {356472567778ll, 29455, 641}, {360354297826ll, 29776, 647},
  {364278298594ll, 30100, 655}, {368245037026ll, 30428, 661},
  {372254955490ll, 30759, 670}, {376308545506ll, 31094, 677},
  {380406290402ll, 31432, 686}, {384548632546ll, 31775, 691},
  {388736088034ll, 32121, 699}, {392969156578ll, 32471, 705},
  {397248313314ll, 32824, 715}, {401574049762ll, 33182, 721},
  {405946906594ll, 33543, 730}, {410367383522ll, 33908, 739},
  {414835996642ll, 34277, 748}, {419353253858ll, 34651, 753},
  {423919712226ll, 35028, 763}, {428535896034ll, 35409, 773},
  {433202354146ll, 35795, 779}, {437919610850ll, 36185, 787},
  {442688239586ll, 36579, 796}, {447508797410ll, 36977, 806},
  {452381849570ll, 37380, 813}, {457307961314ll, 37787, 822},
  {462287730658ll, 38198, 833}, {467321706466ll, 38614, 842},
  {472410503138ll, 39035, 849}, {477554726882ll, 39460, 858},
  {482754959330ll, 39889, 870}, {488011814882ll, 40324, 877},
  {493325907938ll, 40763, 887}, {498697877474ll, 41207, 896},
  {504128346082ll, 41655, 909}, {509617936354ll, 42109, 917},
  {515167311842ll, 42568, 925}, {520777111522ll, 43031, 938},
  {526448007138ll, 43500, 946}, {532180654050ll, 43973, 959},
  {537975715810ll, 44452, 969}, {543833888736ll, 44936, 980}
  };
  const long long *c = seg[f >> 17];
  unsigned int xl = f & 0x1ffffu;
  long long a = c[0] + c[1] * xl + c[2] * (long long)cucpu_mufu_sq17(xl);
  /* a in [2^38, 2^39): the leading bit is the implicit 1. */
  return 0x3f800000u | ((unsigned int)(a >> 15) & 0x7fffffu);
}

/* MUFU.EX2 as ex2.approx.ftz.f32: a subnormal input counts as 0, a result
 * below 2^-126 is +0. */
CUCPU_INLINE float cucpu_mufu_ex2(float x)
{
  unsigned int b = cucpu_mufu_bits(x), mag = b & 0x7fffffffu;
  int neg = (int)(b >> 31);
  if (mag > 0x7f800000u)
    return cucpu_mufu_float(0x7fffffffu);
  if (mag < 0x00800000u)
    return 1.0f;
  if (mag >= 0x43800000u) /* |x| >= 256, infinities included */
    return neg ? 0.0f : cucpu_mufu_float(0x7f800000u);
  /* F = trunc(|x| 2^23), exact in double. A negative x becomes
   * -F - 1 (the fraction bits complemented) unless F's fraction is 0:
   * ex2(-1 + k 2^-23) is ex2(k 2^-23 - 2^-23) / 2, but ex2(-1) = 0.5 and
   * ex2(-2^-30) = 1 (all recorded). */
  long long f = (long long)((double)cucpu_mufu_float(mag) * 8388608.0);
  if (neg)
    f = -f - ((f & 0x7fffff) != 0);
  long long e = f >> 23; /* floor; arithmetic shift on every target we build for */
  if (e >= 128)
    return cucpu_mufu_float(0x7f800000u);
  if (e < -126)
    return 0.0f;
  return cucpu_mufu_float(cucpu_mufu_ex2_frac((unsigned int)(f & 0x7fffff)) + (unsigned int)((int)e << 23));
}

/* ex2.approx.f32 (exp2f's fast path, what __expf ends in): an x < -126
 * (or NaN) is halved and the result squared, so results reach the
 * subnormals. */
CUCPU_INLINE float cucpu_mufu_ex2_full(float x)
{
  int half = !(x >= -126.0f);
  float r = cucpu_mufu_ex2(half ? x * 0.5f : x);
  return half ? r * r : r;
}

/* __expf: ex2.approx.f32(x * log2(e)) (FMUL, then the above). */
CUCPU_INLINE float cucpu_gpu_expf_fast(float x)
{ return cucpu_mufu_ex2_full(x * cucpu_mufu_float(0x3fb8aa3bu)); }

/* expf (libdevice __nv_expf, CUDA 13, sm_90 SASS), step for step:
 *   t = sat(fma(x, 0x3bbb989d, 0.5));  n = RM(t * 252)      (FFMA.SAT, FFMA.RM)
 *   j = n - 126; scale = 2^j (the float's bits shifted into the exponent)
 *   r = fma(x, log2e_lo, fma(x, log2e_hi, -j));  expf = scale * MUFU.EX2(r). */
CUCPU_INLINE float cucpu_gpu_expf(float x)
{
  float t = __builtin_fmaf(x, cucpu_mufu_float(0x3bbb989du), 0.5f);
  t = t >= 1.0f ? 1.0f : (t > 0.0f ? t : 0.0f); /* .SAT: NaN gives 0 */
  /* FFMA.RM t*252 + 12582913 is 12582913 + floor(t*252): t*252 is exact
   * in double and below 2^8, so floor of it is the round-down. */
  double n = __builtin_floor((double)t * 252.0);
  float j = (float)n - 126.0f;
  float scale = cucpu_mufu_float((unsigned int)(n + 1.0) << 23);
  float r = __builtin_fmaf(x, cucpu_mufu_float(0x3fb8aa3bu), -j);
  r = __builtin_fmaf(x, cucpu_mufu_float(0x32a57060u), r);
  return scale * cucpu_mufu_ex2(r);
}

/* MUFU.RCP64H: the high word of 1/x for the high word hi of a double x
 * (part 5 above). */
CUCPU_INLINE unsigned int cucpu_mufu_rcp64h_hi(unsigned int hi)
{
  /* {C0, C1, C2}: C0 and C1 in units of 2^-39 (C1 per unit of xl), C2 per
   * unit of sq(xl). */
  static const long long seg[128][3] = {
  {1099511631704ll, -65534, 2026}, {1090988314466ll, -64522, 1978},
  {1082596102060ll, -63533, 1932}, {1074331996010ll, -62567, 1890},
  {1066193096616ll, -61622, 1846}, {1058176634664ll, -60699, 1804},
  {1050279808896ll, -59797, 1766}, {1042499931988ll, -58914, 1726},
  {1034834481060ll, -58051, 1690}, {1027280965564ll, -57207, 1654},
  {1019836911552ll, -56381, 1618}, {1012499926964ll, -55572, 1582},
  {1005267799968ll, -54781, 1548}, {998138253240ll, -54007, 1516},
  {991109107528ll, -53249, 1484}, {984178266056ll, -52507, 1454},
  {977343696842ll, -51780, 1422}, {970603401056ll, -51068, 1392},
  {963955429248ll, -50371, 1364}, {957397896958ll, -49688, 1338},
  {950928985984ll, -49019, 1312}, {944546926532ll, -48363, 1284},
  {938249932748ll, -47721, 1262}, {932036382620ll, -47091, 1236},
  {925904555928ll, -46473, 1210}, {919852912448ll, -45868, 1188},
  {913879830380ll, -45274, 1164}, {907983818632ll, -44692, 1144},
  {902163435398ll, -44121, 1122}, {896417157068ll, -43560, 1098},
  {890743639920ll, -43011, 1080}, {885141458884ll, -42471, 1058},
  {879609335688ll, -41942, 1038}, {874145927112ll, -41423, 1020},
  {868749938576ll, -40913, 1002}, {863420207028ll, -40412, 980},
  {858155437976ll, -39921, 964}, {852954517408ll, -39439, 948},
  {847816232844ll, -38965, 930}, {842739503004ll, -38500, 914},
  {837723180800ll, -38043, 898}, {832766234568ll, -37594, 882},
  {827867614982ll, -37153, 866}, {823026290492ll, -36720, 852},
  {818241245108ll, -36294, 836}, {813511528392ll, -35876, 824},
  {808836173650ll, -35464, 806}, {804214247348ll, -35060, 794},
  {799644864460ll, -34663, 780}, {795127074682ll, -34272, 766},
  {790660058986ll, -33888, 754}, {786242998174ll, -33511, 742},
  {781874974644ll, -33140, 732}, {777555218348ll, -32774, 716},
  {773282926312ll, -32415, 706}, {769057329088ll, -32062, 696},
  {764877688756ll, -31714, 682}, {760743235510ll, -31373, 674},
  {756653199278ll, -31036, 662}, {752606908336ll, -30705, 652},
  {748603690944ll, -30379, 640}, {744642842536ll, -30059, 632},
  {740723675076ll, -29743, 620}, {736845516740ll, -29432, 610},
  {733007777400ll, -29127, 604}, {729209835406ll, -28826, 594},
  {725451018178ll, -28529, 582}, {721730736036ll, -28237, 574},
  {718048448386ll, -27950, 566}, {714403516352ll, -27667, 558},
  {710795431844ll, -27388, 548}, {707223605112ll, -27114, 542},
  {703687479228ll, -26843, 532}, {700186546042ll, -26577, 526},
  {696720265040ll, -26314, 516}, {693288144768ll, -26056, 512},
  {689889693638ll, -25801, 502}, {686524370656ll, -25550, 496},
  {683191734134ll, -25302, 486}, {679891275712ll, -25058, 480},
  {676622569376ll, -24818, 474}, {673385156554ll, -24581, 466},
  {670178561986ll, -24348, 462}, {667002359668ll, -24117, 452},
  {663856107440ll, -23890, 446}, {660739411916ll, -23667, 444},
  {657651847112ll, -23446, 436}, {654593003396ll, -23228, 428},
  {651562487736ll, -23014, 424}, {648559906720ll, -22802, 416},
  {645584834360ll, -22593, 410}, {642636975872ll, -22388, 408},
  {639715889096ll, -22184, 398}, {636821245860ll, -21984, 394},
  {633952685952ll, -21787, 392}, {631109848986ll, -21592, 386},
  {628292390766ll, -21399, 378}, {625499983744ll, -21209, 372},
  {622732300224ll, -21022, 368}, {619988963220ll, -20837, 364},
  {617269727104ll, -20655, 360}, {614574215040ll, -20475, 356},
  {611902148436ll, -20297, 350}, {609253232562ll, -20122, 346},
  {606627139514ll, -19949, 342}, {604023574428ll, -19778, 338},
  {601442291648ll, -19609, 332}, {598882963388ll, -19443, 330},
  {596345327396ll, -19278, 322}, {593829105472ll, -19116, 320},
  {591334018810ll, -18956, 318}, {588859821854ll, -18797, 310},
  {586406236096ll, -18641, 308}, {583973015468ll, -18487, 306},
  {581559898032ll, -18334, 300}, {579166670748ll, -18184, 298},
  {576793022374ll, -18035, 294}, {574438756276ll, -17888, 290},
  {572103659456ll, -17743, 286}, {569787420450ll, -17600, 286},
  {567489908640ll, -17458, 280}, {565210845056ll, -17318, 276},
  {562950000590ll, -17180, 274}, {560707162008ll, -17043, 270},
  {558482132808ll, -16908, 266}, {556274700232ll, -16775, 264},
  {554084618190ll, -16643, 262}, {551911739272ll, -16513, 260}
  };
  unsigned int sign = hi & 0x80000000u, e = (hi >> 20) & 0x7ffu, m = hi & 0xfffffu;
  if (e == 0x7ffu)
    return m != 0u ? 0x7fffffffu : sign; /* NaN; 1/inf = 0 */
  if (e == 0u)
    return sign | 0x7ff00000u; /* zero, or a subnormal flushed to zero */
  const long long *c = seg[m >> 13];
  unsigned int xl = (m & 0x1fffu) << 4;
  long long a = c[0] + c[1] * xl + c[2] * (long long)cucpu_mufu_sq17(xl);
  /* y = a >> 19 in [2^20, 2^21] is 2/(1 + m 2^-20) with 20 fraction
   * bits; 1/x = 2^(1022 - e) y 2^-20 (e biased): biased exponent
   * 0x7fd - e, mantissa bits y - 2^20, and y = 2^21 (m = 0) carries into
   * the exponent by the addition. */
  int r = ((int)0x7fd - (int)e) * (1 << 20) + (int)(a >> 19) - (1 << 20);
  if (r < 0x00100000)
    return sign; /* below 2^-1022: flushed to zero */
  return sign | (unsigned int)r;
}

CUCPU_HD_END

#endif
