/* cucpu_mufu.h: bit-exact models of two pieces of an H100's float math
 * that cuRAND's normals and the fast intrinsics depend on.
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
 * Both are plain C on integers and correctly rounded float operations;
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
  /* Truncated squarer: the folded array has b_j at weight 2^2j and
   * b_j b_k (j < k) at 2^(j+k+1); of the full square, drop the terms of
   * weight < 2^19: the diagonal of b_0..b_9 and, for j <= 8, the row
   * b_j 2^(j+1) (bits j+1..17-j of xl). */
  unsigned long long low = 0;
#pragma GCC unroll 10
  for (int j = 0; j < 10; j++) {
    unsigned long long row = (1ull << (2 * j)) +
                             (j <= 8 ? (unsigned long long)(xl & (((1u << (18 - j)) - 1u) & ~((2u << j) - 1u))) << (j + 1) : 0);
    low += row & (0ull - ((xl >> j) & 1u));
  }
  unsigned long long sq = (unsigned long long)xl * xl - low;
  long long a = (long long)c[0] * 4096 + (long long)c[1] * xl + (long long)c[2] * (long long)(sq >> 19);
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

CUCPU_HD_END

#endif
