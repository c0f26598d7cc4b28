/* curand_philox4x32_x.h: Philox4x32-10 (Salmon et al., "Parallel random
 * numbers: as easy as 1, 2, 3", SC 2011), the counter-based generator of
 * cuRAND's curandStatePhilox4_32_10_t. A state is a 128-bit counter, a
 * 64-bit key (the seed) and the four outputs of the current counter, of
 * which STATE have been returned. The subsequence is the counter's upper
 * 64 bits, the offset in fours its lower 64 bits. C and C++. */
#ifndef CURAND_PHILOX4X32_X__H_
#define CURAND_PHILOX4X32_X__H_

#include "vector_types.h"

#define PHILOX_W32_0 (0x9E3779B9)
#define PHILOX_W32_1 (0xBB67AE85)
#define PHILOX_M4x32_0 (0xD2511F53)
#define PHILOX_M4x32_1 (0xCD9E8D57)

struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

CUCPU_HD_BEGIN

/* One round: two 32x32->64 products, the high halves mixed with the key. */
CUCPU_INLINE uint4 cucpu_philox_round(uint4 c, uint2 k)
{
  unsigned long long p0 = (unsigned long long)PHILOX_M4x32_0 * c.x;
  unsigned long long p1 = (unsigned long long)PHILOX_M4x32_1 * c.z;
  uint4 r;
  r.x = (unsigned int)(p1 >> 32) ^ c.y ^ k.x;
  r.y = (unsigned int)p1;
  r.z = (unsigned int)(p0 >> 32) ^ c.w ^ k.y;
  r.w = (unsigned int)p0;
  return r;
}

/* The ten rounds, the key bumped by the Weyl constants between them. */
CUCPU_INLINE uint4 curand_Philox4x32_10(uint4 c, uint2 k)
{
  for (int i = 0; i < 9; i++) {
    c = cucpu_philox_round(c, k);
    k.x += PHILOX_W32_0;
    k.y += PHILOX_W32_1;
  }
  return cucpu_philox_round(c, k);
}

/* Counter += n (128-bit, carries into every word). */
CUCPU_INLINE void cucpu_philox_incr(curandStatePhilox4_32_10_t *s, unsigned long long n)
{
  unsigned long long lo = ((unsigned long long)s->ctr.y << 32 | s->ctr.x) + n;
  s->ctr.x = (unsigned int)lo;
  s->ctr.y = (unsigned int)(lo >> 32);
  if (lo < n && ++s->ctr.z == 0)
    ++s->ctr.w;
}

/* The counter's upper 64 bits += n (a subsequence is 2^64 counters). */
CUCPU_INLINE void cucpu_philox_incr_hi(curandStatePhilox4_32_10_t *s, unsigned long long n)
{
  unsigned long long hi = ((unsigned long long)s->ctr.w << 32 | s->ctr.z) + n;
  s->ctr.z = (unsigned int)hi;
  s->ctr.w = (unsigned int)(hi >> 32);
}

/* The next 32 bits; output[STATE] is always the next value. */
CUCPU_INLINE unsigned int cucpu_philox_next(curandStatePhilox4_32_10_t *s)
{
  unsigned int o[4] = {s->output.x, s->output.y, s->output.z, s->output.w};
  unsigned int r = o[s->STATE & 3];
  if (++s->STATE == 4) {
    cucpu_philox_incr(s, 1);
    s->output = curand_Philox4x32_10(s->ctr, s->key);
    s->STATE = 0;
  }
  return r;
}

/* The next four values: the rest of this counter's block and the start of
 * the next one. */
CUCPU_INLINE uint4 cucpu_philox_next4(curandStatePhilox4_32_10_t *s)
{
  unsigned int o[8] = {s->output.x, s->output.y, s->output.z, s->output.w};
  unsigned int k = s->STATE & 3;
  cucpu_philox_incr(s, 1);
  s->output = curand_Philox4x32_10(s->ctr, s->key);
  o[4] = s->output.x;
  o[5] = s->output.y;
  o[6] = s->output.z;
  o[7] = s->output.w;
  uint4 r;
  r.x = o[k];
  r.y = o[k + 1];
  r.z = o[k + 2];
  r.w = o[k + 3];
  return r;
}

CUCPU_INLINE void cucpu_philox_skip(unsigned long long n, curandStatePhilox4_32_10_t *s)
{
  s->STATE += (unsigned int)(n & 3);
  n /= 4;
  if (s->STATE > 3) {
    n += 1;
    s->STATE -= 4;
  }
  cucpu_philox_incr(s, n);
  s->output = curand_Philox4x32_10(s->ctr, s->key);
}

CUCPU_INLINE void cucpu_philox_skip_seq(unsigned long long n, curandStatePhilox4_32_10_t *s)
{
  cucpu_philox_incr_hi(s, n);
  s->output = curand_Philox4x32_10(s->ctr, s->key);
}

/* Key = seed, counter = (offset / 4, subsequence), offset % 4 already
 * returned. */
CUCPU_INLINE void cucpu_philox_init(unsigned long long seed, unsigned long long subsequence,
                                    unsigned long long offset, curandStatePhilox4_32_10_t *s)
{
  s->ctr.x = s->ctr.y = s->ctr.z = s->ctr.w = 0;
  s->key.x = (unsigned int)seed;
  s->key.y = (unsigned int)(seed >> 32);
  s->STATE = 0;
  s->boxmuller_flag = 0;
  s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.f;
  s->boxmuller_extra_double = 0.;
  cucpu_philox_skip_seq(subsequence, s);
  cucpu_philox_skip(offset, s);
}

CUCPU_HD_END

#endif
