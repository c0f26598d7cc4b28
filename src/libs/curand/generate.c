/* generate.c: the host API's outputs (rand.h has the layout). Each unit
 * (one output, or a normal pair) draws its c values from the state the
 * layout names and writes its outputs through rand_emit(); units are
 * independent given their states, so OpenMP splits them: XORWOW over its
 * 4096 states (each walks its units in order), Philox over outputs (a
 * counter-based state starts anywhere at the cost of one block),
 * MRG32k3a over runs of consecutive units (one matrix step from one
 * unit's subsequence to the next's). */
#include <math.h>
#include <omp.h>
#include "rand.h"

/* Outputs per unit, and values (32-bit, or MRG32k3a doubles) per unit. */
static size_t rand_unit(RandKind k) { return k == RAND_NORMAL || k == RAND_NORMAL_DOUBLE ? 2 : 1; }

static size_t rand_values(RandKind k, curandRngType_t t)
{
  int mrg = t == CURAND_RNG_PSEUDO_MRG32K3A;
  switch (k) {
  case RAND_BITS:
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
  return o->log ? expf(r) : r;
}

static double rand_scale_d(const RandOut *o, double v)
{
  double r = fma(o->stddev, v, o->mean);
  return o->log ? exp(r) : r;
}

/* Writes the unit whose first output is output i of the call, from its
 * values r (32-bit values as doubles, or MRG32k3a's doubles in (0, m1]). */
static void rand_emit(const RandOut *o, int mrg, size_t i, const double *r)
{
  switch (o->kind) {
  case RAND_BITS:
    ((unsigned int *)o->ptr)[i] = mrg ? (unsigned int)(r[0] * MRG32K3A_BITS_NORM) : (unsigned int)r[0];
    break;
  case RAND_UNIFORM:
    ((float *)o->ptr)[i] = mrg ? (float)(r[0] * MRG32K3A_NORM) : _curand_uniform((unsigned int)r[0]);
    break;
  case RAND_UNIFORM_DOUBLE:
    ((double *)o->ptr)[i] =
        mrg ? r[0] * MRG32K3A_NORM : _curand_uniform_double_hq((unsigned int)r[0], (unsigned int)r[1]);
    break;
  case RAND_NORMAL: {
    float2 p = mrg ? cucpu_box_muller_uv((float)(r[0] * MRG32K3A_NORM),
                                         (float)(r[1] * MRG32K3A_NORM) * CURAND_2PI)
                   : _curand_box_muller((unsigned int)r[0], (unsigned int)r[1]);
    ((float *)o->ptr)[i] = rand_scale_f(o, p.x);
    ((float *)o->ptr)[i + 1] = rand_scale_f(o, p.y);
    break;
  }
  case RAND_NORMAL_DOUBLE: {
    double2 p = mrg ? cucpu_box_muller_double_uv(r[0] * MRG32K3A_NORM, r[1] * MRG32K3A_NORM * 2.0)
                    : _curand_box_muller_double((unsigned int)r[0], (unsigned int)r[1],
                                                (unsigned int)r[2], (unsigned int)r[3]);
    ((double *)o->ptr)[i] = rand_scale_d(o, p.x);
    ((double *)o->ptr)[i + 1] = rand_scale_d(o, p.y);
    break;
  }
  }
}

/* XORWOW: unit g from state g % 4096, values c (g / 4096) on, so a
 * state's units take its values one after another. Units
 * [g0, g0 + units) of the call, output i = (g - g0) * u. */
static void rand_xorwow(curandGenerator_t gen, const RandOut *o, unsigned long long g0, size_t units)
{
  const size_t u = rand_unit(o->kind), c = rand_values(o->kind, gen->type);
  const unsigned long long n = RAND_XORWOW_STATES;
#pragma omp parallel for schedule(static)
  for (unsigned long long t = 0; t < n; t++) {
    unsigned long long g = g0 + (t + n - g0 % n) % n;
    if (g >= g0 + units)
      continue;
    curandStateXORWOW_t s;
    cucpu_xorwow_init(gen->seed, t, c * (g / n), &s);
    for (; g < g0 + units; g += n) {
      double r[4];
      for (size_t k = 0; k < c; k++)
        r[k] = cucpu_xorwow_next(&s);
      rand_emit(o, 0, (size_t)(g - g0) * u, r);
    }
  }
}

/* Philox: output q from subsequence (q / 4) % 65536, in its round
 * (q / 4) / 65536 of 4 outputs (4 c / u values), values c ((q % 4) / u) on
 * in the round. */
static void rand_philox(curandGenerator_t gen, const RandOut *o, unsigned long long q0, size_t n)
{
  const size_t u = rand_unit(o->kind), c = rand_values(o->kind, gen->type);
#pragma omp parallel for schedule(static)
  for (size_t i = 0; i < n; i += u) {
    unsigned long long q = q0 + i, g4 = q / 4;
    curandStatePhilox4_32_10_t s;
    cucpu_philox_init(gen->seed, g4 % RAND_PHILOX_STATES,
                      4 * c / u * (g4 / RAND_PHILOX_STATES) + c * ((q % 4) / u), &s);
    double r[4];
    for (size_t k = 0; k < c; k++)
      r[k] = cucpu_philox_next(&s);
    rand_emit(o, 0, i, r);
  }
}

/* MRG32k3a: unit g from subsequence g % 81920, values c (g / 81920) ..
 * c - 1 on. Each thread takes a run of consecutive units, starts with
 * curand_init at its first, and steps a subsequence for each next one
 * (or starts again where the units wrap to subsequence 0). */
static void rand_mrg(curandGenerator_t gen, const RandOut *o, unsigned long long g0, size_t units)
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
        cucpu_mrg_init(gen->seed, g % n, c * (g / n), &base);
      curandStateMRG32k3a_t s = base;
      double r[2];
      for (size_t v = 0; v < c; v++)
        r[v] = cucpu_mrg_next(&s);
      rand_emit(o, 1, k * u, r);
      cucpu_mrg_skip_table(1, 1, &base);
    }
  }
}

void rand_generate(curandGenerator_t g, const RandOut *o, size_t n)
{
  const unsigned long long u = rand_unit(o->kind);
  unsigned long long q0 = (g->pos + u - 1) / u * u; /* a pair starts at an even position */
  switch (g->type) {
  case CURAND_RNG_PSEUDO_PHILOX4_32_10: rand_philox(g, o, q0, n); break;
  case CURAND_RNG_PSEUDO_MRG32K3A: rand_mrg(g, o, q0 / u, n / u); break;
  default: rand_xorwow(g, o, q0 / u, n / u); break;
  }
  g->pos = q0 + n;
}
