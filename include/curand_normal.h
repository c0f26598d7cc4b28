/* curand_normal.h: cuRAND's normal distributions, by the Box-Muller
 * transform in cuRAND's arrangement. Two 32-bit values x, y give
 *   u = x 2^-32 + 2^-33, v = (y 2^-32 + 2^-33) 2 pi,
 *   s = sqrt(-2 log u), (sin(v) s, cos(v) s),
 * of which curand_normal returns the first and keeps the second in the
 * state (boxmuller_extra, flagged by boxmuller_flag) for its next call; the
 * double form takes four values (two 53-bit uniforms) and keeps its own
 * spare. MRG32k3a starts from its uniform floats/doubles instead of raw
 * values. curand_normal4 (Philox) is two transforms of one curand4 and
 * keeps nothing. Included by curand_kernel.h. */
#include "curand_kernel.h"
#include "cucpu_gpu_double.h"
#ifndef CURAND_NORMAL_H_
#define CURAND_NORMAL_H_

CUCPU_HD_BEGIN

/* The float transform of u in (0, 1] and an angle v in (0, 2 pi]. The
 * GPU's takes CUDA's logf and __sincosf (MUFU.SIN/COS); both are modelled
 * bit for bit in cucpu_mufu.h, so the normals are the GPU's exactly. */
CUCPU_INLINE float2 cucpu_box_muller_uv(float u, float v)
{
  float s = sqrtf(-2.0f * cucpu_gpu_logf(u));
  float2 r;
  r.x = cucpu_gpu_sinf_fast(v) * s;
  r.y = cucpu_gpu_cosf_fast(v) * s;
  return r;
}

CUCPU_INLINE float2 _curand_box_muller(unsigned int x, unsigned int y)
{
  float u = x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2);
  float v = fmaf((float)y, CURAND_2POW32_INV_2PI, CURAND_2POW32_INV_2PI / 2);
  return cucpu_box_muller_uv(u, v);
}

/* The double transform of u in (0, 1] and v in (0, 2] (the angle is v pi),
 * through CUDA 13's log and sincospi step for step (cucpu_gpu_double.h). */
CUCPU_INLINE double2 cucpu_box_muller_double_uv(double u, double v)
{
  double s = sqrt(-2.0 * cucpu_gpu_log(u));
  double2 r;
  cucpu_gpu_sincospi(v, &r.x, &r.y);
  r.x *= s;
  r.y *= s;
  return r;
}

CUCPU_INLINE double2 _curand_box_muller_double(unsigned int x0, unsigned int x1, unsigned int y0,
                                               unsigned int y1)
{
  unsigned long long zx = (unsigned long long)x0 ^ ((unsigned long long)x1 << (53 - 32));
  unsigned long long zy = (unsigned long long)y0 ^ ((unsigned long long)y1 << (53 - 32));
  double u = zx * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
  double v = zy * (CURAND_2POW53_INV_DOUBLE * 2.0) + CURAND_2POW53_INV_DOUBLE;
  return cucpu_box_muller_double_uv(u, v);
}

CUCPU_INLINE float2 cucpu_mrg_box_muller(curandStateMRG32k3a_t *s)
{
  float x = cucpu_mrg_uniform(s);
  float y = cucpu_mrg_uniform(s) * CURAND_2PI;
  return cucpu_box_muller_uv(x, y);
}

CUCPU_INLINE double2 cucpu_mrg_box_muller_double(curandStateMRG32k3a_t *s)
{
  double x = cucpu_mrg_uniform_double(s);
  double y = cucpu_mrg_uniform_double(s) * 2.0;
  return cucpu_box_muller_double_uv(x, y);
}

/* A fresh pair for each generator, drawn in the GPU's order. */
CUCPU_INLINE float2 cucpu_xorwow_box_muller(curandStateXORWOW_t *s)
{
  unsigned int x = cucpu_xorwow_next(s);
  unsigned int y = cucpu_xorwow_next(s);
  return _curand_box_muller(x, y);
}

CUCPU_INLINE float2 cucpu_philox_box_muller(curandStatePhilox4_32_10_t *s)
{
  unsigned int x = cucpu_philox_next(s);
  unsigned int y = cucpu_philox_next(s);
  return _curand_box_muller(x, y);
}

CUCPU_INLINE double2 cucpu_xorwow_box_muller_double(curandStateXORWOW_t *s)
{
  unsigned int x0 = cucpu_xorwow_next(s);
  unsigned int x1 = cucpu_xorwow_next(s);
  unsigned int y0 = cucpu_xorwow_next(s);
  unsigned int y1 = cucpu_xorwow_next(s);
  return _curand_box_muller_double(x0, x1, y0, y1);
}

CUCPU_INLINE double2 cucpu_philox_box_muller_double(curandStatePhilox4_32_10_t *s)
{
  uint4 x = cucpu_philox_next4(s);
  return _curand_box_muller_double(x.x, x.y, x.z, x.w);
}

CUCPU_HD_END

#if defined(__cplusplus)
CUCPU_HD_BEGIN

#define CUCPU_CURAND_NORMALS(S, pair, pair_double)                                                  \
  __forceinline__ float curand_normal(S *state)                                                     \
  {                                                                                                 \
    if (state->boxmuller_flag != EXTRA_FLAG_NORMAL) {                                               \
      float2 p = pair(state);                                                                       \
      state->boxmuller_extra = p.y;                                                                 \
      state->boxmuller_flag = EXTRA_FLAG_NORMAL;                                                    \
      return p.x;                                                                                   \
    }                                                                                               \
    state->boxmuller_flag = 0;                                                                      \
    return state->boxmuller_extra;                                                                  \
  }                                                                                                 \
  __forceinline__ double curand_normal_double(S *state)                                             \
  {                                                                                                 \
    if (state->boxmuller_flag_double != EXTRA_FLAG_NORMAL) {                                        \
      double2 p = pair_double(state);                                                               \
      state->boxmuller_extra_double = p.y;                                                          \
      state->boxmuller_flag_double = EXTRA_FLAG_NORMAL;                                             \
      return p.x;                                                                                   \
    }                                                                                               \
    state->boxmuller_flag_double = 0;                                                               \
    return state->boxmuller_extra_double;                                                          \
  }                                                                                                 \
  __forceinline__ float2 curand_normal2(S *state) { return pair(state); }                           \
  __forceinline__ double2 curand_normal2_double(S *state) { return pair_double(state); }

CUCPU_CURAND_NORMALS(curandStateXORWOW_t, cucpu_xorwow_box_muller, cucpu_xorwow_box_muller_double)
CUCPU_CURAND_NORMALS(curandStatePhilox4_32_10_t, cucpu_philox_box_muller,
                     cucpu_philox_box_muller_double)
CUCPU_CURAND_NORMALS(curandStateMRG32k3a_t, cucpu_mrg_box_muller, cucpu_mrg_box_muller_double)
#undef CUCPU_CURAND_NORMALS

/* Two transforms of one curand4; nothing is kept. */
__forceinline__ float4 curand_normal4(curandStatePhilox4_32_10_t *state)
{
  uint4 x = cucpu_philox_next4(state);
  float2 a = _curand_box_muller(x.x, x.y), b = _curand_box_muller(x.z, x.w);
  float4 r;
  r.x = a.x;
  r.y = a.y;
  r.z = b.x;
  r.w = b.y;
  return r;
}

CUCPU_HD_END
#endif

#endif
