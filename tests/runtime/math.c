/* math.c: CUDA's extra math functions and fast intrinsics agree with libm
 * within tolerance; rounding-mode intrinsics round the right way; bit
 * casts and saturating conversions behave as on the GPU. */
#include <math.h>
#include <limits.h>
#include "cuda_runtime.h"
#include "math_constants.h"
#include "check.h"

int main(void)
{
  for (float x = 0.1f; x < 10.0f; x += 0.37f) {
    CHECK_NEAR(rsqrtf(x), 1.0 / sqrt(x), 1e-6 / sqrt(x));
    CHECK_NEAR(rcbrtf(x), 1.0 / cbrt(x), 1e-6);
    CHECK_NEAR(__expf(x), exp(x), 1e-6 * exp(x));
    CHECK_NEAR(__logf(x), log(x), 1e-6);
    CHECK_NEAR(__log2f(x), log2(x), 1e-6);
    CHECK_NEAR(__log10f(x), log10(x), 1e-6);
    CHECK_NEAR(__powf(x, 1.5f), pow(x, 1.5), 1e-5 * pow(x, 1.5));
    /* __sinf/__cosf are the GPU's MUFU.SIN/COS: within 2^-21.4 on
     * [-pi, pi], and beyond that the rounding of x / 2 pi adds up to
     * 2 pi ulp(x / 2 pi) (about 7.5e-7 here). */
    CHECK_NEAR(__sinf(x), sin(x), 1.2e-6);
    CHECK_NEAR(__cosf(x), cos(x), 1.2e-6);
    CHECK_NEAR(__exp10f(x / 4), pow(10.0, x / 4), 1e-5 * pow(10.0, x / 4));
    CHECK_NEAR(__fdividef(1.0f, x), 1.0 / x, 1e-6 / x);
    float s, c;
    __sincosf(x, &s, &c);
    CHECK_NEAR(s, sin(x), 1.2e-6);
    sincosf(x, &s, &c);
    CHECK_NEAR(c, cos(x), 1e-6);
    CHECK_NEAR(normcdff(x - 5), 0.5 * erfc(-(x - 5) / sqrt(2.0)), 1e-6);
  }
  for (double p = -0.99; p < 1.0; p += 0.01) {
    CHECK_NEAR(erf(erfinv(p)), p, 1e-12);
    CHECK_NEAR(erfinvf((float)p), erfinv(p), 1e-5);
  }
  CHECK_NEAR(erfc(erfcinv(1e-10)), 1e-10, 1e-20);
  /* the tail, where 1 - x rounds to 1 or nearly (references: Wichura's
   * AS 241 inverse normal, Python's statistics.NormalDist) */
  CHECK_NEAR(erfcinv(0x1p-53), 5.8635847487551676, 1e-12);
  CHECK_NEAR(erfcinv(1e-300), 26.209469960516117, 1e-9);
  CHECK_NEAR(normcdfinv(0.975), 1.959963984540054, 1e-9);
  CHECK(sinpif(1.0f) == 0.0f && cospif(0.5f) == 0.0f && sinpi(0.5) == 1.0);
  float sp, cp;
  sincospif(0.25f, &sp, &cp);
  CHECK_NEAR(sp, M_SQRT1_2, 1e-7);
  CHECK(__saturatef(1.5f) == 1.0f && __saturatef(-2.0f) == 0.0f && saturate(0.25f) == 0.25f);
  CHECK(__saturatef(NAN) == 0.0f);
  CHECK_NEAR(CUDART_PI_F, M_PI, 1e-6);

  /* Rounding modes: 1/3 rounds down toward zero, up toward +inf. */
  float rz = __fdiv_rz(1.0f, 3.0f), ru = __fdiv_ru(1.0f, 3.0f), rn = __fdiv_rn(1.0f, 3.0f);
  CHECK(rz < ru && nextafterf(rz, 1.0f) == ru && (rn == rz || rn == ru));
  CHECK(__fadd_rd(1.0f, 1e-10f) == 1.0f && __fadd_ru(1.0f, 1e-10f) > 1.0f);
  CHECK(__dmul_ru(1.0 / 3, 3.0) >= __dmul_rd(1.0 / 3, 3.0));
  CHECK(__fmaf_rn(2.0f, 3.0f, 1.0f) == 7.0f && __fsqrt_rn(4.0f) == 2.0f);
  CHECK(__frcp_rn(4.0f) == 0.25f);

  /* Bit casts and conversions. */
  CHECK(__float_as_int(1.0f) == 0x3f800000 && __int_as_float(0x40000000) == 2.0f);
  CHECK(__float_as_uint(-0.0f) == 0x80000000u && __uint_as_float(0x3f800000u) == 1.0f);
  CHECK(__double_as_longlong(1.0) == 0x3ff0000000000000ll);
  CHECK(__longlong_as_double(0x4000000000000000ll) == 2.0);
  CHECK(__hiloint2double(__double2hiint(3.25), __double2loint(3.25)) == 3.25);
  CHECK(__float2int_rn(2.5f) == 2 && __float2int_rn(3.5f) == 4 && __float2int_rz(-2.7f) == -2);
  CHECK(__float2int_ru(2.1f) == 3 && __float2int_rd(-2.1f) == -3);
  CHECK(__float2int_rz(1e20f) == INT_MAX && __float2int_rz(NAN) == 0);
  CHECK(__float2uint_rn(-5.0f) == 0u && __float2ll_rn(1e10f) == 10000000000ll);
  CHECK(__double2int_rn(-2.5) == -2 && __int2float_rn(7) == 7.0f);
  CHECK(__double2float_rn(0.1) == 0.1f);
  CHECK(__double2float_rz(0.1) <= 0.1 && __double2float_ru(0.1) >= 0.1);
  return 0;
}
