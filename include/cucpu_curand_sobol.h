/* cucpu_curand_sobol.h: cuRAND's Sobol generators, the device API's
 * curandStateSobol32 and curandStateSobol64 and what libcucpu_curand's host
 * API (CURAND_RNG_QUASI_SOBOL32, _SOBOL64) shares with them. Included by
 * curand_kernel.h. Sobol64 is the same with 64-bit vectors; its float is
 * the high 32 bits' float, its double (x >> 11) 2^-53 + 2^-54, its normals
 * the inverse distribution function of those.
 *
 * A dimension is 32 direction vectors v (curandGetDirectionVectors32 gives
 * cuRAND's, Joe and Kuo's); its point i is the xor of v_k over the bits k
 * of i's Gray code i ^ (i >> 1), so that consecutive points differ by
 * v_(lowest zero bit of i). Values: the float x 2^-32 + 2^-33, the double
 * x 2^-32 + 2^-32 (one value each), and normals by the inverse normal
 * distribution function, as cuRAND does for quasirandom points (Box-Muller
 * would spoil their spread): sqrt(2) erfcinv(2 p), mirrored around 1/2. */
#include "curand_kernel.h"
#ifndef CUCPU_CURAND_SOBOL_H_
#define CUCPU_CURAND_SOBOL_H_

struct curandStateSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateSobol32 curandStateSobol32_t;

struct curandStateSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct curandStateSobol64 curandStateSobol64_t;

CUCPU_HD_BEGIN

/* The point of index i of the dimension whose vectors are v. */
CUCPU_INLINE unsigned int cucpu_sobol32_point(const unsigned int *v, unsigned int i)
{
  unsigned int g = i ^ (i >> 1), x = 0;
  for (int k = 0; g; k++, g >>= 1)
    if (g & 1u)
      x ^= v[k];
  return x;
}

/* The next point from the one of index i, x. */
CUCPU_INLINE unsigned int cucpu_sobol32_step(const unsigned int *v, unsigned int i, unsigned int x)
{
  int k = 0;
  while (i & 1u) {
    i >>= 1;
    k++;
  }
  return x ^ v[k];
}

CUCPU_INLINE void cucpu_sobol32_skip(unsigned int n, curandStateSobol32_t *s)
{
  s->i += n;
  s->x = s->c ^ cucpu_sobol32_point(s->direction_vectors, s->i);
}

CUCPU_INLINE unsigned int cucpu_sobol32_next(curandStateSobol32_t *s)
{
  unsigned int r = s->x;
  s->x = cucpu_sobol32_step(s->direction_vectors, s->i, s->x);
  s->i++;
  return r;
}

CUCPU_INLINE unsigned long long cucpu_sobol64_point(const unsigned long long *v, unsigned long long i)
{
  unsigned long long g = i ^ (i >> 1), x = 0;
  for (int k = 0; g; k++, g >>= 1)
    if (g & 1u)
      x ^= v[k];
  return x;
}

CUCPU_INLINE unsigned long long cucpu_sobol64_step(const unsigned long long *v, unsigned long long i,
                                                   unsigned long long x)
{
  int k = 0;
  while (i & 1u) {
    i >>= 1;
    k++;
  }
  return x ^ v[k];
}

CUCPU_INLINE void cucpu_sobol64_skip(unsigned long long n, curandStateSobol64_t *s)
{
  s->i += n;
  s->x = s->c ^ cucpu_sobol64_point(s->direction_vectors, s->i);
}

CUCPU_INLINE unsigned long long cucpu_sobol64_next(curandStateSobol64_t *s)
{
  unsigned long long r = s->x;
  s->x = cucpu_sobol64_step(s->direction_vectors, s->i, s->x);
  s->i++;
  return r;
}

CUCPU_INLINE double cucpu_sobol64_uniform_double(unsigned long long x)
{
  return (double)(x >> 11) * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
}

CUCPU_INLINE float _curand_normal_icdf(unsigned int x)
{
  float s = CURAND_SQRT2;
  if (x > 0x80000000u) { /* mirrored: p stays in (0, 1/2], where erfcinv is precise */
    x = 0xffffffffu - x;
    s = -s;
  }
  float p = x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f);
  return s * erfcinvf(2.0f * p);
}

CUCPU_INLINE double _curand_normal_icdf_double(unsigned int x)
{
  double s = CURAND_SQRT2_DOUBLE;
  if (x > 0x80000000u) {
    x = 0xffffffffu - x;
    s = -s;
  }
  double p = x * CURAND_2POW32_INV_DOUBLE + (CURAND_2POW32_INV_DOUBLE / 2.0);
  return s * erfcinv(2.0 * p);
}

/* The double normal of a 64-bit value: its 53 high bits, mirrored. */
CUCPU_INLINE double cucpu_sobol64_normal_double(unsigned long long x)
{
  double s = CURAND_SQRT2_DOUBLE;
  x >>= 11;
  if (x > 0x10000000000000ull) {
    x = 0x1fffffffffffffull - x;
    s = -s;
  }
  double p = (double)x * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
  return s * erfcinv(2.0 * p);
}

CUCPU_HD_END

#if defined(__cplusplus)
CUCPU_HD_BEGIN

__forceinline__ void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int offset,
                                 curandStateSobol32_t *state)
{
  state->i = 0;
  state->c = 0;
  for (int k = 0; k < 32; k++)
    state->direction_vectors[k] = direction_vectors[k];
  cucpu_sobol32_skip(offset, state);
}
__forceinline__ void skipahead(unsigned int n, curandStateSobol32_t *state)
{
  cucpu_sobol32_skip(n, state);
}
__forceinline__ unsigned int curand(curandStateSobol32_t *state) { return cucpu_sobol32_next(state); }
__forceinline__ float curand_uniform(curandStateSobol32_t *state)
{
  return _curand_uniform(cucpu_sobol32_next(state));
}
__forceinline__ double curand_uniform_double(curandStateSobol32_t *state)
{
  return _curand_uniform_double(cucpu_sobol32_next(state));
}
__forceinline__ float curand_normal(curandStateSobol32_t *state)
{
  return _curand_normal_icdf(cucpu_sobol32_next(state));
}
__forceinline__ double curand_normal_double(curandStateSobol32_t *state)
{
  return _curand_normal_icdf_double(cucpu_sobol32_next(state));
}
__forceinline__ float curand_log_normal(curandStateSobol32_t *state, float mean, float stddev)
{
  return expf(mean + stddev * _curand_normal_icdf(cucpu_sobol32_next(state)));
}
__forceinline__ double curand_log_normal_double(curandStateSobol32_t *state, double mean,
                                                double stddev)
{
  return exp(mean + stddev * _curand_normal_icdf_double(cucpu_sobol32_next(state)));
}

__forceinline__ void curand_init(curandDirectionVectors64_t direction_vectors,
                                 unsigned long long offset, curandStateSobol64_t *state)
{
  state->i = 0;
  state->c = 0;
  for (int k = 0; k < 64; k++)
    state->direction_vectors[k] = direction_vectors[k];
  cucpu_sobol64_skip(offset, state);
}
__forceinline__ void skipahead(unsigned long long n, curandStateSobol64_t *state)
{
  cucpu_sobol64_skip(n, state);
}
__forceinline__ unsigned long long curand(curandStateSobol64_t *state)
{
  return cucpu_sobol64_next(state);
}
__forceinline__ float curand_uniform(curandStateSobol64_t *state)
{
  return _curand_uniform((unsigned int)(cucpu_sobol64_next(state) >> 32));
}
__forceinline__ double curand_uniform_double(curandStateSobol64_t *state)
{
  return cucpu_sobol64_uniform_double(cucpu_sobol64_next(state));
}
__forceinline__ float curand_normal(curandStateSobol64_t *state)
{
  return _curand_normal_icdf((unsigned int)(cucpu_sobol64_next(state) >> 32));
}
__forceinline__ double curand_normal_double(curandStateSobol64_t *state)
{
  return cucpu_sobol64_normal_double(cucpu_sobol64_next(state));
}
__forceinline__ float curand_log_normal(curandStateSobol64_t *state, float mean, float stddev)
{
  return expf(mean + stddev * _curand_normal_icdf((unsigned int)(cucpu_sobol64_next(state) >> 32)));
}
__forceinline__ double curand_log_normal_double(curandStateSobol64_t *state, double mean,
                                                double stddev)
{
  return exp(mean + stddev * cucpu_sobol64_normal_double(cucpu_sobol64_next(state)));
}

CUCPU_HD_END
#endif

#endif
