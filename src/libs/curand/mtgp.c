/* mtgp.c: cuRAND's host API for CURAND_RNG_PSEUDO_MTGP32 (Saito and
 * Matsumoto's MTGP, "Variants of Mersenne Twister suitable for graphic
 * processors", ACM TOMS 39(2), 2013), as NVIDIA's library lays it out.
 *
 * The layout, worked out from outputs recorded on an H100 with CUDA 13
 * (tests/libs/curand_record_more.txt) and checked at more positions,
 * call splits and seeds against NVIDIA's libcurand host generator: 192
 * engines, engine e running parameter set e of mtgp32dc_params_fast_11213
 * from the state mtgp32_init_state gives for the 32-bit seed
 * (seed ^ seed >> 32) + e + 1. An engine makes its values in blocks of 256
 * (one per GPU thread of a 256-thread block, the state array of 1024
 * words advancing by 256 after each block). The generator's position P
 * counts the outputs given so far; output q = P + j of a call is value
 * q % 256 of block q / 256, and block b is engine b % 192's block b / 192.
 * Every output takes one value, whatever its kind: the float and double
 * uniforms are x 2^-32 + 2^-33 and x 2^-32 + 2^-32, the normals the
 * inverse normal distribution function of the value's uniform
 * (cucpu_curand_sobol.h's _curand_normal_icdf, in float; the double
 * normals scale that float in double, but the double log-normals take
 * _curand_normal_icdf_double), so an odd count of normals is allowed. There is no offset (curandSetGeneratorOffset gives
 * CURAND_STATUS_TYPE_ERROR, as NVIDIA's does).
 *
 * The engines are independent, so OpenMP splits them; each keeps its
 * state and its last block between calls, as values of a block may be
 * used by two calls. */
#include <stdlib.h>
#include <string.h>
#include "rand.h"

#define MTGP_N 351 /* state words: 11213 / 32 + 1 */
#define MTGP_MASK 1023u
#define MTGP_STATE_MASK 0xfff80000u

typedef struct RandMtgpEngine {
  unsigned int s[1024];
  unsigned int off;      /* where the state array starts in s */
  long long block;       /* the block in buf (-1: none yet) */
  unsigned int buf[256]; /* that block's values */
} RandMtgpEngine;

struct RandMtgp {
  RandMtgpEngine e[RAND_MTGP_ENGINES];
};

/* mtgp32_init_state of MTGP's reference code: the seed, a word hidden in
 * the parameters, the rest a byte of it, stirred by Knuth's multiplier. */
static void mtgp_init(RandMtgpEngine *e, const RandMtgpParams *p, unsigned int seed)
{
  unsigned int hidden = p->tbl[4] ^ (p->tbl[8] << 16), t = hidden;
  t += t >> 16;
  t += t >> 8;
  memset(e->s, 0, sizeof e->s);
  memset(e->s, (int)(t & 0xffu), sizeof(unsigned int) * MTGP_N);
  e->s[0] = seed;
  e->s[1] = hidden;
  for (unsigned int i = 1; i < MTGP_N; i++)
    e->s[i] ^= 1812433253u * (e->s[i - 1] ^ (e->s[i - 1] >> 30)) + i;
  e->off = 0;
  e->block = -1;
}

/* The next block: what 256 GPU threads t compute at once. Thread t reads
 * words t, t + 1, t + pos (and t + pos - 1) past off and writes word
 * t + 351; pos < 96 in every set, so no thread reads a word that another
 * writes in the same block, and doing the threads in order is exact. */
static void mtgp_block(RandMtgpEngine *e, const RandMtgpParams *p)
{
  const unsigned int off = e->off, pos = (unsigned int)p->pos;
  for (unsigned int t = 0; t < 256; t++) {
    unsigned int x = (e->s[(t + off) & MTGP_MASK] & MTGP_STATE_MASK) ^ e->s[(t + off + 1) & MTGP_MASK];
    x ^= x << p->sh1;
    unsigned int y = x ^ (e->s[(t + off + pos) & MTGP_MASK] >> p->sh2);
    unsigned int r = y ^ p->tbl[y & 0x0fu];
    e->s[(t + off + MTGP_N) & MTGP_MASK] = r;
    unsigned int z = e->s[(t + off + pos - 1) & MTGP_MASK];
    z ^= z >> 16;
    z ^= z >> 8;
    e->buf[t] = r ^ p->tmp_tbl[z & 0x0fu];
  }
  e->off = (off + 256) & MTGP_MASK;
  e->block++;
}

static void mtgp_put(const RandOut *o, size_t i, unsigned int x)
{
  switch (o->kind) {
  case RAND_BITS: ((unsigned int *)o->ptr)[i] = x; break;
  case RAND_BITS64: break; /* refused before (CURAND_STATUS_TYPE_ERROR) */
  case RAND_UNIFORM: ((float *)o->ptr)[i] = _curand_uniform(x); break;
  case RAND_UNIFORM_DOUBLE: ((double *)o->ptr)[i] = _curand_uniform_double(x); break;
  case RAND_NORMAL: {
    float r = (float)o->mean + (float)o->stddev * _curand_normal_icdf(x); /* two roundings, as NVIDIA's */
    ((float *)o->ptr)[i] = o->log ? cucpu_gpu_expf(r) : r;
    break;
  }
  case RAND_NORMAL_DOUBLE: /* NVIDIA's mixes precisions so: the normals from the float */
    ((double *)o->ptr)[i] = o->log ? exp(o->mean + o->stddev * _curand_normal_icdf_double(x))
                                   : o->mean + o->stddev * (double)_curand_normal_icdf(x);
    break;
  }
}

void rand_mtgp_free(curandGenerator_t g)
{
  free(g->mtgp);
  g->mtgp = NULL;
}

curandStatus_t rand_mtgp_generate(curandGenerator_t g, const RandOut *o, size_t n)
{
  if (!g->mtgp) {
    g->mtgp = malloc(sizeof *g->mtgp);
    if (!g->mtgp)
      return CURAND_STATUS_ALLOCATION_FAILED;
    unsigned int seed = (unsigned int)(g->seed ^ (g->seed >> 32));
    for (unsigned int e = 0; e < RAND_MTGP_ENGINES; e++)
      mtgp_init(&g->mtgp->e[e], &rand_mtgp_params[e], seed + e + 1);
  }
  const unsigned long long q0 = g->pos, q1 = q0 + n;
  const long long b0 = (long long)(q0 / 256), b1 = (long long)((q1 + 255) / 256);
#pragma omp parallel for schedule(dynamic, 1)
  for (int e = 0; e < RAND_MTGP_ENGINES; e++) {
    RandMtgpEngine *eng = &g->mtgp->e[e];
    long long b = b0 + ((long long)e - b0 % RAND_MTGP_ENGINES + RAND_MTGP_ENGINES) % RAND_MTGP_ENGINES;
    for (; b < b1; b += RAND_MTGP_ENGINES) {
      while (eng->block < b / RAND_MTGP_ENGINES)
        mtgp_block(eng, &rand_mtgp_params[e]);
      unsigned long long lo = (unsigned long long)b * 256, hi = lo + 256;
      if (lo < q0)
        lo = q0;
      if (hi > q1)
        hi = q1;
      for (unsigned long long q = lo; q < hi; q++)
        mtgp_put(o, (size_t)(q - q0), eng->buf[q % 256]);
    }
  }
  g->pos = q1;
  return CURAND_STATUS_SUCCESS;
}
