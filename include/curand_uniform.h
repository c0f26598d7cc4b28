/* curand_uniform.h: cuRAND's uniform distributions. A 32-bit value x
 * becomes the float x 2^-32 + 2^-33 in (0, 1]; XORWOW's and Philox's
 * doubles are x 2^-32 + 2^-32 from one value (Philox) or 53 bits from two
 * (XORWOW: x ^ y << 21, times 2^-53 plus 2^-54); MRG32k3a's are its value
 * times 1/(m1 + 1) (MRG32K3A_NORM), rounded to float for the float form.
 * Every product here is exact or a single IEEE rounding, so the results are
 * a GPU's. Included by curand_kernel.h. */
#include "curand_kernel.h"
#ifndef CURAND_UNIFORM_H_
#define CURAND_UNIFORM_H_

CUCPU_HD_BEGIN

CUCPU_INLINE float _curand_uniform(unsigned int x)
{
  return x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f);
}

CUCPU_INLINE double _curand_uniform_double(unsigned int x)
{
  return x * CURAND_2POW32_INV_DOUBLE + CURAND_2POW32_INV_DOUBLE;
}

CUCPU_INLINE double _curand_uniform_double_hq(unsigned int x, unsigned int y)
{
  unsigned long long z = (unsigned long long)x ^ ((unsigned long long)y << (53 - 32));
  return z * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
}

CUCPU_INLINE float cucpu_mrg_uniform(curandStateMRG32k3a_t *s)
{
  return (float)(cucpu_mrg_next(s) * MRG32K3A_NORM);
}

CUCPU_INLINE double cucpu_mrg_uniform_double(curandStateMRG32k3a_t *s)
{
  return cucpu_mrg_next(s) * MRG32K3A_NORM;
}

CUCPU_HD_END

#if defined(__cplusplus)
CUCPU_HD_BEGIN

__forceinline__ float curand_uniform(curandStateXORWOW_t *state)
{
  return _curand_uniform(cucpu_xorwow_next(state));
}
__forceinline__ double curand_uniform_double(curandStateXORWOW_t *state)
{
  unsigned int x = cucpu_xorwow_next(state);
  unsigned int y = cucpu_xorwow_next(state);
  return _curand_uniform_double_hq(x, y);
}
__forceinline__ float curand_uniform(curandStatePhilox4_32_10_t *state)
{
  return _curand_uniform(cucpu_philox_next(state));
}
__forceinline__ double curand_uniform_double(curandStatePhilox4_32_10_t *state)
{
  return _curand_uniform_double(cucpu_philox_next(state));
}
__forceinline__ float4 curand_uniform4(curandStatePhilox4_32_10_t *state)
{
  uint4 x = cucpu_philox_next4(state);
  float4 r;
  r.x = _curand_uniform(x.x);
  r.y = _curand_uniform(x.y);
  r.z = _curand_uniform(x.z);
  r.w = _curand_uniform(x.w);
  return r;
}
__forceinline__ double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state)
{
  uint4 x = cucpu_philox_next4(state);
  double2 r;
  r.x = _curand_uniform_double_hq(x.x, x.y);
  r.y = _curand_uniform_double_hq(x.z, x.w);
  return r;
}
__forceinline__ float curand_uniform(curandStateMRG32k3a_t *state) { return cucpu_mrg_uniform(state); }
__forceinline__ double curand_uniform_double(curandStateMRG32k3a_t *state)
{
  return cucpu_mrg_uniform_double(state);
}

CUCPU_HD_END
#endif

#endif
