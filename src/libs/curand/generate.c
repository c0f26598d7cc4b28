/* generate.c: the host API's outputs (rand.h has the layout). Each unit
 * (one output, or a normal pair) draws its c values from the state the
 * layout names and writes its outputs through rand_emit(); units are
 * independent given their states, so OpenMP splits them: XORWOW over its
 * 4096 states (each walks its units in order), Philox over units (a
 * counter-based state starts anywhere at the cost of one block),
 * MRG32k3a over runs of consecutive units (one matrix step from one
 * unit's subsequence to the next's). */
#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include "rand.h"
#include "cucpu_rt.h"

/* Outputs per unit, and values (32-bit, or MRG32k3a doubles) per unit. */
static size_t rand_unit(RandKind k) { return k == RAND_NORMAL || k == RAND_NORMAL_DOUBLE ? 2 : 1; }

static size_t rand_values(RandKind k, curandRngType_t t)
{
  int mrg = t == CURAND_RNG_PSEUDO_MRG32K3A;
  switch (k) {
  case RAND_BITS:
  case RAND_BITS64: /* Sobol64's only: never here */
  case RAND_UNIFORM: return 1;
  case RAND_UNIFORM_DOUBLE: return mrg ? 1 : 2;
  case RAND_NORMAL: return 2;
  case RAND_NORMAL_DOUBLE: return mrg ? 2 : 4;
  }
  return 1;
}

static float rand_scale_f(const RandOut *o, float v)
{
  float r = fmaf((float)o->stddev, v, (float)o->mean);
  return o->log ? cucpu_gpu_expf(r) : r;
}

static double rand_scale_d(const RandOut *o, double v)
{
  double r = fma(o->stddev, v, o->mean);
  return o->log ? exp(r) : r;
}

/* Writes the unit whose first output is output i of the call (i < 0: it
 * starts before the call, as a Philox pair may), from its values r
 * (32-bit values as doubles, or MRG32k3a's doubles in (0, m1]); only its
 * outputs in [0, n) of the call. */
static void rand_emit(const RandOut *o, int mrg, long long i, size_t n, const double *r)
{
  double v[2];
  float f[2];
  int pair = 0;
  switch (o->kind) {
  case RAND_BITS64: /* Sobol64's only: never here */
    return;
  case RAND_BITS:
    if (i >= 0 && (size_t)i < n)
      ((unsigned int *)o->ptr)[i] = mrg ? (unsigned int)(r[0] * MRG32K3A_BITS_NORM) : (unsigned int)r[0];
    return;
  case RAND_UNIFORM:
    f[0] = mrg ? (float)(r[0] * MRG32K3A_NORM) : _curand_uniform((unsigned int)r[0]);
    break;
  case RAND_UNIFORM_DOUBLE:
    v[0] = mrg ? r[0] * MRG32K3A_NORM : _curand_uniform_double_hq((unsigned int)r[0], (unsigned int)r[1]);
    break;
  case RAND_NORMAL: {
    float2 p = mrg ? cucpu_box_muller_uv((float)(r[0] * MRG32K3A_NORM),
                                         (float)(r[1] * MRG32K3A_NORM) * CURAND_2PI)
                   : _curand_box_muller((unsigned int)r[0], (unsigned int)r[1]);
    f[0] = rand_scale_f(o, p.x);
    f[1] = rand_scale_f(o, p.y);
    pair = 1;
    break;
  }
  case RAND_NORMAL_DOUBLE: {
    double2 p = mrg ? cucpu_box_muller_double_uv(r[0] * MRG32K3A_NORM, r[1] * MRG32K3A_NORM * 2.0)
                    : _curand_box_muller_double((unsigned int)r[0], (unsigned int)r[1],
                                                (unsigned int)r[2], (unsigned int)r[3]);
    v[0] = rand_scale_d(o, p.x);
    v[1] = rand_scale_d(o, p.y);
    pair = 1;
    break;
  }
  }
  int dbl = o->kind == RAND_UNIFORM_DOUBLE || o->kind == RAND_NORMAL_DOUBLE;
  for (int k = 0; k <= pair; k++) {
    long long j = i + k;
    if (j < 0 || (size_t)j >= n)
      continue;
    if (dbl)
      ((double *)o->ptr)[j] = v[k];
    else
      ((float *)o->ptr)[j] = f[k];
  }
}

/* Values consumed so far by each of the generator's S states (XORWOW,
 * MRG32k3a: one per unit; Philox: one per group of 4 outputs, four values
 * each): made at first use from the offset, as if raw outputs had been
 * made up to it. */
static unsigned long long *rand_counts(curandGenerator_t g, unsigned long long S)
{
  if (!g->counts) {
    g->counts = malloc(sizeof(unsigned long long) * S);
    if (!g->counts)
      return NULL;
    /* Philox: the groups below the offset; a group it is inside keeps
     * its start, its outputs are found by their place in it */
    int philox = g->type == CURAND_RNG_PSEUDO_PHILOX4_32_10;
    unsigned long long o = philox ? g->offset / 4 : g->offset, w = philox ? 4 : 1;
    for (unsigned long long t = 0; t < S; t++)
      g->counts[t] = w * (o > t ? (o - t + S - 1) / S : 0);
  }
  return g->counts;
}

/* XORWOW: unit g from state t = g % 4096, which takes its values one
 * after another: the call's units on t take c each, from counts[t] on.
 * Units [g0, g0 + units) of the call, output i = (g - g0) u. */
static void rand_xorwow(curandGenerator_t gen, const RandOut *o, unsigned long long g0, size_t units,
                        unsigned long long *counts)
{
  const size_t u = rand_unit(o->kind), c = rand_values(o->kind, gen->type);
  const unsigned long long n = RAND_XORWOW_STATES;
#pragma omp parallel for schedule(static)
  for (unsigned long long t = 0; t < n; t++) {
    unsigned long long g = g0 + (t + n - g0 % n) % n;
    if (g >= g0 + units)
      continue;
    curandStateXORWOW_t s;
    cucpu_xorwow_init(gen->seed, t, counts[t], &s);
    for (; g < g0 + units; g += n) {
      double r[4];
      for (size_t k = 0; k < c; k++)
        r[k] = cucpu_xorwow_next(&s);
      rand_emit(o, 0, (long long)((g - g0) * u), units * u, r);
      counts[t] += c;
    }
  }
}

/* Philox: the position counts outputs; outputs come in groups of 4,
 * group G = q / 4 from subsequence t = G % 65536, whose groups take its
 * values one after another: a group made by a call of kind (c, u) takes
 * 4 c / u values (c / u for each output), its output q values
 * counts[t] + k 4 c / u + (q % 4) c / u on, k = the groups of t before it
 * in the call. A group that a call ends inside stays t's current one (the
 * next call goes on from the same place). A call's outputs [q0, q0 + n)
 * are those of the units that cover them (a pair may start before q0). */
static void rand_philox(curandGenerator_t gen, const RandOut *o, unsigned long long q0, size_t n,
                        unsigned long long *counts)
{
  const unsigned long long u = rand_unit(o->kind), c = rand_values(o->kind, gen->type);
  const unsigned long long S = RAND_PHILOX_STATES, per = c / u, G0 = q0 / 4;
  const unsigned long long first = q0 / u * u, last = q0 + n;
#pragma omp parallel for schedule(static)
  for (unsigned long long q = first; q < last; q += u) {
    unsigned long long G = q / 4, t = G % S;
    curandStatePhilox4_32_10_t s;
    cucpu_philox_init(gen->seed, t, counts[t] + (G - G0) / S * 4 * per + q % 4 * per, &s);
    double r[4];
    for (unsigned long long k = 0; k < c; k++)
      r[k] = cucpu_philox_next(&s);
    rand_emit(o, 0, (long long)q - (long long)q0, n, r);
  }
  /* the groups the call completed: those whose last output it made */
  const unsigned long long done = last / 4; /* groups G0 .. done - 1 are complete */
  for (unsigned long long k = 0; k < S && G0 + k < done; k++)
    counts[(G0 + k) % S] += 4 * per * ((done - G0 - k + S - 1) / S);
}

/* MRG32k3a: unit g from subsequence t = g % 81920, values from counts[t]
 * + c (units on t earlier in the call) on. Each thread takes a run of
 * consecutive units, starts with curand_init at its first, and steps a
 * subsequence for each next one (or starts again where the units wrap to
 * subsequence 0); the values to skip commute with that step. */
static void rand_mrg(curandGenerator_t gen, const RandOut *o, unsigned long long g0, size_t units,
                     unsigned long long *counts)
{
  const size_t u = rand_unit(o->kind), c = rand_values(o->kind, gen->type);
  const unsigned long long n = RAND_MRG_STATES;
#pragma omp parallel
  {
    size_t nt = (size_t)omp_get_num_threads(), id = (size_t)omp_get_thread_num();
    size_t a = units * id / nt, b = units * (id + 1) / nt;
    curandStateMRG32k3a_t base;
    for (size_t k = a; k < b; k++) {
      unsigned long long g = g0 + k;
      if (k == a || g % n == 0)
        cucpu_mrg_init(gen->seed, g % n, 0, &base);
      curandStateMRG32k3a_t s = base;
      unsigned long long skip = counts[g % n] + c * (k / n);
      if (skip)
        cucpu_mrg_skip_table(skip, 0, &s);
      double r[2];
      for (size_t v = 0; v < c; v++)
        r[v] = cucpu_mrg_next(&s);
      rand_emit(o, 1, (long long)(k * u), units * u, r);
      cucpu_mrg_skip_table(1, 1, &base);
    }
  }
  /* what each state consumed: c per unit on it */
  for (unsigned long long t = 0; t < n && t < units; t++)
    counts[(g0 + t) % n] += c * ((units - t + n - 1) / n);
}

curandStatus_t rand_generate(curandGenerator_t g, const RandOut *o, size_t n)
{
  /* generation cannot be recorded into a graph: refused in a capture */
  if (g && cucpu_stream_refuses(g->stream))
    return CURAND_STATUS_LAUNCH_FAILURE;
  const unsigned long long u = rand_unit(o->kind);
  unsigned long long *counts = NULL;
  switch (g->type) {
  case CURAND_RNG_PSEUDO_PHILOX4_32_10:
    if (!(counts = rand_counts(g, RAND_PHILOX_STATES)))
      return CURAND_STATUS_ALLOCATION_FAILED;
    rand_philox(g, o, g->pos, n, counts);
    g->pos += n;
    break;
  case CURAND_RNG_PSEUDO_MRG32K3A:
    if (!(counts = rand_counts(g, RAND_MRG_STATES)))
      return CURAND_STATUS_ALLOCATION_FAILED;
    rand_mrg(g, o, g->pos, n / u, counts);
    g->pos += n / u;
    break;
  default:
    if (!(counts = rand_counts(g, RAND_XORWOW_STATES)))
      return CURAND_STATUS_ALLOCATION_FAILED;
    rand_xorwow(g, o, g->pos, n / u, counts);
    g->pos += n / u;
    break;
  }
  return CURAND_STATUS_SUCCESS;
}
