/* curand_kernel.h: cuRAND's device API for the generators XORWOW
 * (curandState, curandStateXORWOW_t), Philox4x32-10
 * (curandStatePhilox4_32_10_t) and MRG32k3a (curandStateMRG32k3a_t):
 * curand_init(seed, subsequence, offset, &state), curand, skipahead,
 * skipahead_sequence, and the distributions of curand_uniform.h,
 * curand_normal.h and curand_lognormal.h. A state gives the sequence a
 * GPU's gives for the same seed, subsequence and offset, bit for bit
 * (tests/libs/curand_device.cu checks values recorded on an H100).
 *
 * Every function is __host__ __device__ and inline, so kernels that cucpu
 * translates call them as they are, and a state is plain data that may
 * live in a local, a __shared__ or global array, or behind a pointer. The
 * generator steps are C functions with a cucpu_ prefix, which
 * libcucpu_curand (the host API, in C) shares; the cuRAND names are C++
 * overloads on the state type, as in the toolkit. The skip-ahead matrices
 * are cucpu's own, computed at first use (curand_precalc.h).
 *
 * Sobol32 (curandStateSobol32_t, curand_init with direction vectors) is
 * cucpu_curand_sobol.h's. Not provided: MTGP32, the scrambled and 64-bit
 * Sobol states, curand_discrete/poisson. */
#ifndef CURAND_KERNEL_H_
#define CURAND_KERNEL_H_

#include <math.h>
#include "vector_types.h"
#include "curand.h"
#include "curand_globals.h"
#include "curand_precalc.h"
#include "curand_philox4x32_x.h"
#include "curand_mrg32k3a.h"

/* XORWOW (Marsaglia, "Xorshift RNGs", JSS 8(14), 2003): a 160-bit xorshift
 * register v plus a Weyl counter d; a subsequence is 2^67 values. */
struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

struct curandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

CUCPU_HD_BEGIN

/* ---- XORWOW ---- */

CUCPU_INLINE unsigned int cucpu_xorwow_next(curandStateXORWOW_t *s)
{
  unsigned int t = s->v[0] ^ (s->v[0] >> 2);
  s->v[0] = s->v[1];
  s->v[1] = s->v[2];
  s->v[2] = s->v[3];
  s->v[3] = s->v[4];
  s->v[4] = (s->v[4] ^ (s->v[4] << 4)) ^ (t ^ (t << 1));
  s->d += 362437;
  return s->v[4] + s->d;
}

/* n steps: the register through the table, the counter by n * 362437. */
CUCPU_INLINE void cucpu_xorwow_skip(unsigned long long n, curandStateXORWOW_t *s)
{
  const CucpuRandTables *t = cucpu_rand_tables();
  s->d += 362437u * (unsigned int)n;
  for (int i = 0; n; i++, n >>= 1)
    if (n & 1)
      cucpu_xorwow_apply(t->xorwow_offset[i], s->v);
}

/* n * 2^67 steps; d moves by a multiple of 2^32, so not at all. */
CUCPU_INLINE void cucpu_xorwow_skip_seq(unsigned long long n, curandStateXORWOW_t *s)
{
  const CucpuRandTables *t = cucpu_rand_tables();
  for (int i = 0; n; i++, n >>= 1)
    if (n & 1)
      cucpu_xorwow_apply(t->xorwow_seq[i], s->v);
}

/* The seed's halves, salted and multiplied by odd constants, spread over
 * the register and the counter (seed 0 gives Marsaglia's published start
 * values plus a fixed offset). */
CUCPU_INLINE void cucpu_xorwow_init(unsigned long long seed, unsigned long long subsequence,
                                    unsigned long long offset, curandStateXORWOW_t *s)
{
  unsigned int t0 = 1099087573u * ((unsigned int)seed ^ 0xaad26b49u);
  unsigned int t1 = 2591861531u * ((unsigned int)(seed >> 32) ^ 0xf7dcefddu);
  s->d = 6615241u + t1 + t0;
  s->v[0] = 123456789u + t0;
  s->v[1] = 362436069u ^ t0;
  s->v[2] = 521288629u + t1;
  s->v[3] = 88675123u ^ t1;
  s->v[4] = 5783321u + t0;
  cucpu_xorwow_skip_seq(subsequence, s);
  cucpu_xorwow_skip(offset, s);
  s->boxmuller_flag = 0;
  s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.f;
  s->boxmuller_extra_double = 0.;
}

/* ---- MRG32k3a ---- */

/* The next value in (0, m1], as a double (exact). */
CUCPU_INLINE double cucpu_mrg_next(curandStateMRG32k3a_t *s)
{
  const unsigned long long m1 = CUCPU_MRG_M1, m2 = CUCPU_MRG_M2;
  unsigned long long p1 = ((unsigned long long)CUCPU_MRG_A12 * s->s1[1] +
                           (unsigned long long)CUCPU_MRG_A13N * (m1 - s->s1[0])) % m1;
  unsigned long long p2 = ((unsigned long long)CUCPU_MRG_A21 * s->s2[2] +
                           (unsigned long long)CUCPU_MRG_A23N * (m2 - s->s2[0])) % m2;
  s->s1[0] = s->s1[1];
  s->s1[1] = s->s1[2];
  s->s1[2] = (unsigned int)p1;
  s->s2[0] = s->s2[1];
  s->s2[1] = s->s2[2];
  s->s2[2] = (unsigned int)p2;
  return p1 > p2 ? (double)(p1 - p2) : (double)(p1 + m1 - p2);
}

CUCPU_INLINE unsigned int cucpu_mrg_next_u32(curandStateMRG32k3a_t *s)
{
  return (unsigned int)(cucpu_mrg_next(s) * MRG32K3A_BITS_NORM);
}

/* n times 2^(base) steps, base 0, 76 or 127 (which = 0, 1, 2). */
CUCPU_INLINE void cucpu_mrg_skip_table(unsigned long long n, int which, curandStateMRG32k3a_t *s)
{
  const CucpuRandTables *t = cucpu_rand_tables();
  for (int i = 0; n; i++, n >>= 1)
    if (n & 1) {
      cucpu_mrg_matvec(t->mrg[0][which][i], s->s1, CUCPU_MRG_M1);
      cucpu_mrg_matvec(t->mrg[1][which][i], s->s2, CUCPU_MRG_M2);
    }
}

/* (a b) mod m for a, b below 2^32. */
CUCPU_INLINE unsigned int cucpu_mrg_mulmod(unsigned int a, unsigned int b, unsigned int m)
{
  return (unsigned int)((unsigned long long)a * b % m);
}

/* Seed 0 keeps L'Ecuyer's start (12345 in every word); otherwise each word
 * is multiplied by a salted half of the seed. Then the subsequence
 * (2^76 values each) and the offset. */
CUCPU_INLINE void cucpu_mrg_init(unsigned long long seed, unsigned long long subsequence,
                                 unsigned long long offset, curandStateMRG32k3a_t *s)
{
  for (int i = 0; i < 3; i++)
    s->s1[i] = s->s2[i] = 12345u;
  if (seed != 0ull) {
    unsigned int x1 = (unsigned int)seed ^ 0x55555555u;
    unsigned int x2 = (unsigned int)(seed >> 32) ^ 0xAAAAAAAAu;
    s->s1[0] = cucpu_mrg_mulmod(x1, s->s1[0], CUCPU_MRG_M1);
    s->s1[1] = cucpu_mrg_mulmod(x2, s->s1[1], CUCPU_MRG_M1);
    s->s1[2] = cucpu_mrg_mulmod(x1, s->s1[2], CUCPU_MRG_M1);
    s->s2[0] = cucpu_mrg_mulmod(x2, s->s2[0], CUCPU_MRG_M2);
    s->s2[1] = cucpu_mrg_mulmod(x1, s->s2[1], CUCPU_MRG_M2);
    s->s2[2] = cucpu_mrg_mulmod(x2, s->s2[2], CUCPU_MRG_M2);
  }
  cucpu_mrg_skip_table(subsequence, 1, s);
  cucpu_mrg_skip_table(offset, 0, s);
  s->boxmuller_flag = 0;
  s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.f;
  s->boxmuller_extra_double = 0.;
}

CUCPU_HD_END

#if defined(__cplusplus)
CUCPU_HD_BEGIN

__forceinline__ void curand_init(unsigned long long seed, unsigned long long subsequence,
                                 unsigned long long offset, curandStateXORWOW_t *state)
{
  cucpu_xorwow_init(seed, subsequence, offset, state);
}
__forceinline__ void curand_init(unsigned long long seed, unsigned long long subsequence,
                                 unsigned long long offset, curandStatePhilox4_32_10_t *state)
{
  cucpu_philox_init(seed, subsequence, offset, state);
}
__forceinline__ void curand_init(unsigned long long seed, unsigned long long subsequence,
                                 unsigned long long offset, curandStateMRG32k3a_t *state)
{
  cucpu_mrg_init(seed, subsequence, offset, state);
}

__forceinline__ unsigned int curand(curandStateXORWOW_t *state) { return cucpu_xorwow_next(state); }
__forceinline__ unsigned int curand(curandStatePhilox4_32_10_t *state)
{
  return cucpu_philox_next(state);
}
__forceinline__ unsigned int curand(curandStateMRG32k3a_t *state) { return cucpu_mrg_next_u32(state); }
__forceinline__ uint4 curand4(curandStatePhilox4_32_10_t *state) { return cucpu_philox_next4(state); }
/* The MRG32k3a value in (0, m1] as a double, as the toolkit exports it. */
__forceinline__ double curand_MRG32k3a(curandStateMRG32k3a_t *state) { return cucpu_mrg_next(state); }

/* skipahead: n values; skipahead_sequence: n subsequences (2^67 values for
 * XORWOW, 2^64 blocks of four for Philox, 2^127 values for MRG32k3a, whose
 * curand_init subsequences are skipahead_subsequence's 2^76). */
__forceinline__ void skipahead(unsigned long long n, curandStateXORWOW_t *state)
{
  cucpu_xorwow_skip(n, state);
}
__forceinline__ void skipahead_sequence(unsigned long long n, curandStateXORWOW_t *state)
{
  cucpu_xorwow_skip_seq(n, state);
}
__forceinline__ void skipahead(unsigned long long n, curandStatePhilox4_32_10_t *state)
{
  cucpu_philox_skip(n, state);
}
__forceinline__ void skipahead_sequence(unsigned long long n, curandStatePhilox4_32_10_t *state)
{
  cucpu_philox_skip_seq(n, state);
}
__forceinline__ void skipahead(unsigned long long n, curandStateMRG32k3a_t *state)
{
  cucpu_mrg_skip_table(n, 0, state);
}
__forceinline__ void skipahead_subsequence(unsigned long long n, curandStateMRG32k3a_t *state)
{
  cucpu_mrg_skip_table(n, 1, state);
}
__forceinline__ void skipahead_sequence(unsigned long long n, curandStateMRG32k3a_t *state)
{
  cucpu_mrg_skip_table(n, 2, state);
}

CUCPU_HD_END
#endif

#include "curand_uniform.h"
#include "curand_normal.h"
#include "curand_lognormal.h"
#include "cucpu_curand_sobol.h"

#endif
