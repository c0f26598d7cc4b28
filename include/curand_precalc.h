/* curand_precalc.h: the skip-ahead matrices of cuRAND's XORWOW and
 * MRG32k3a generators, computed by cucpu at first use (not NVIDIA's
 * tables). One step of either generator is linear: XORWOW's on its 160
 * state bits over GF(2), each MRG32k3a component's on its 3 words modulo
 * its modulus. Skipping n steps applies the step matrix's powers 2^i for
 * the set bits i of n; a table holds those powers for
 *   xorwow_offset[i]  2^i steps           (skipahead, offsets)
 *   xorwow_seq[i]     2^(67+i) steps      (skipahead_sequence: a XORWOW
 *                                          subsequence is 2^67 values)
 *   mrg[c][0][i]      2^i steps           (skipahead)
 *   mrg[c][1][i]      2^(76+i) steps      (skipahead_subsequence, curand_init)
 *   mrg[c][2][i]      2^(127+i) steps     (skipahead_sequence)
 * for component c (0 modulo m1, 1 modulo m2), 64 powers each, so any
 * 64-bit n is exact. Building them (about 130 squarings of a 160x160 bit
 * matrix) takes milliseconds.
 *
 * cucpu_rand_tables() returns the tables, built once per process: in C++
 * a function-local static (thread-safe initialization); in C the
 * definition is in libcucpu_curand (src/libs/curand/precalc.c). */
#ifndef CURAND_PRECALC_H_
#define CURAND_PRECALC_H_

#include "host_defines.h"
#include "curand_mrg32k3a.h"

#define CUCPU_XORWOW_BITS 160
#define CUCPU_XORWOW_WORDS 5

/* Column i of a XORWOW matrix is the image of state bit i (bit i % 32 of
 * word i / 32); an MRG32k3a matrix is row-major 3x3. */
typedef struct CucpuRandTables {
  unsigned int xorwow_offset[64][CUCPU_XORWOW_BITS][CUCPU_XORWOW_WORDS];
  unsigned int xorwow_seq[64][CUCPU_XORWOW_BITS][CUCPU_XORWOW_WORDS];
  unsigned long long mrg[2][3][64][9];
} CucpuRandTables;

CUCPU_HD_BEGIN

/* out = m v, over GF(2); out must not alias v. */
CUCPU_INLINE void cucpu_xorwow_matvec(const unsigned int m[CUCPU_XORWOW_BITS][CUCPU_XORWOW_WORDS],
                                      const unsigned int *v, unsigned int *out)
{
  for (int w = 0; w < CUCPU_XORWOW_WORDS; w++)
    out[w] = 0;
  for (int i = 0; i < CUCPU_XORWOW_BITS; i++)
    if (v[i / 32] >> (i % 32) & 1u)
      for (int w = 0; w < CUCPU_XORWOW_WORDS; w++)
        out[w] ^= m[i][w];
}

/* v = m v in place. */
CUCPU_INLINE void cucpu_xorwow_apply(const unsigned int m[CUCPU_XORWOW_BITS][CUCPU_XORWOW_WORDS],
                                     unsigned int *v)
{
  unsigned int t[CUCPU_XORWOW_WORDS];
  cucpu_xorwow_matvec(m, v, t);
  for (int w = 0; w < CUCPU_XORWOW_WORDS; w++)
    v[w] = t[w];
}

/* out = m m: column i of the square is m applied to column i. */
CUCPU_INLINE void cucpu_xorwow_square(const unsigned int m[CUCPU_XORWOW_BITS][CUCPU_XORWOW_WORDS],
                                      unsigned int out[CUCPU_XORWOW_BITS][CUCPU_XORWOW_WORDS])
{
  for (int i = 0; i < CUCPU_XORWOW_BITS; i++)
    cucpu_xorwow_matvec(m, m[i], out[i]);
}

/* The step matrix of XORWOW's shift register (v[0..4]; the Weyl counter d
 * is not part of it): v' = (v1, v2, v3, v4, (v4 ^ v4 << 4) ^ (t ^ t << 1))
 * with t = v0 ^ v0 >> 2, found by stepping each unit vector. */
CUCPU_INLINE void cucpu_xorwow_step_matrix(unsigned int m[CUCPU_XORWOW_BITS][CUCPU_XORWOW_WORDS])
{
  for (int i = 0; i < CUCPU_XORWOW_BITS; i++) {
    unsigned int v[CUCPU_XORWOW_WORDS] = {0, 0, 0, 0, 0};
    v[i / 32] = 1u << (i % 32);
    unsigned int t = v[0] ^ (v[0] >> 2);
    m[i][0] = v[1];
    m[i][1] = v[2];
    m[i][2] = v[3];
    m[i][3] = v[4];
    m[i][4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
  }
}

/* (a b) modulo mod for entries below 2^32. */
CUCPU_INLINE void cucpu_mrg_matmul(const unsigned long long *a, const unsigned long long *b,
                                   unsigned long long mod, unsigned long long *out)
{
  unsigned long long t[9];
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 3; c++) {
      unsigned long long s = 0;
      for (int k = 0; k < 3; k++)
        s = (s + a[r * 3 + k] * b[k * 3 + c] % mod) % mod;
      t[r * 3 + c] = s;
    }
  for (int i = 0; i < 9; i++)
    out[i] = t[i];
}

/* v = m v modulo mod. */
CUCPU_INLINE void cucpu_mrg_matvec(const unsigned long long *m, unsigned int *v,
                                   unsigned long long mod)
{
  unsigned long long t[3];
  for (int r = 0; r < 3; r++) {
    unsigned long long s = 0;
    for (int k = 0; k < 3; k++)
      s = (s + m[r * 3 + k] * v[k] % mod) % mod;
    t[r] = s;
  }
  for (int r = 0; r < 3; r++)
    v[r] = (unsigned int)t[r];
}

/* Fills t. Powers 2^0 .. 2^130 of XORWOW's step, 2^0 .. 2^190 of each
 * MRG32k3a component's. */
CUCPU_INLINE void cucpu_rand_build_tables(CucpuRandTables *t)
{
  const int mrg_base[3] = {0, 76, 127};
  const unsigned long long mod[2] = {CUCPU_MRG_M1, CUCPU_MRG_M2};
  cucpu_xorwow_step_matrix(t->xorwow_offset[0]);
  for (int i = 1; i < 64; i++)
    cucpu_xorwow_square(t->xorwow_offset[i - 1], t->xorwow_offset[i]);
  /* 2^63 -> 2^67: four more squarings through the first seq slot. */
  cucpu_xorwow_square(t->xorwow_offset[63], t->xorwow_seq[1]);
  cucpu_xorwow_square(t->xorwow_seq[1], t->xorwow_seq[2]);
  cucpu_xorwow_square(t->xorwow_seq[2], t->xorwow_seq[1]);
  cucpu_xorwow_square(t->xorwow_seq[1], t->xorwow_seq[0]);
  for (int i = 1; i < 64; i++)
    cucpu_xorwow_square(t->xorwow_seq[i - 1], t->xorwow_seq[i]);
  for (int c = 0; c < 2; c++) {
    unsigned long long p[9] = {0, 1, 0, 0, 0, 1, 0, 0, 0};
    if (c == 0) {
      p[6] = CUCPU_MRG_M1 - CUCPU_MRG_A13N;
      p[7] = CUCPU_MRG_A12;
    } else {
      p[6] = CUCPU_MRG_M2 - CUCPU_MRG_A23N;
      p[8] = CUCPU_MRG_A21;
    }
    for (int e = 0; e < 191; e++) { /* p = step^(2^e) */
      for (int k = 0; k < 3; k++)
        if (e >= mrg_base[k] && e < mrg_base[k] + 64)
          for (int j = 0; j < 9; j++)
            t->mrg[c][k][e - mrg_base[k]][j] = p[j];
      cucpu_mrg_matmul(p, p, mod[c], p);
    }
  }
}

CUCPU_HD_END

#if defined(__cplusplus)
/* One table per process (an inline function's static), built by the first
 * caller; C++ makes concurrent first calls wait for it. */
inline const CucpuRandTables *cucpu_rand_tables()
{
  static CucpuRandTables tables;
  static const bool built = (cucpu_rand_build_tables(&tables), true);
  (void)built;
  return &tables;
}
#else
const CucpuRandTables *cucpu_rand_tables(void);
#endif

#endif
