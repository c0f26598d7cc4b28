/* sobol.c: cuRAND's host API for CURAND_RNG_QUASI_SOBOL32 and _SOBOL64
 * (64-bit points: curandGenerateLongLong), and
 * curandGetDirectionVectors32/64. The layout (CURAND_ORDERING_QUASI_DEFAULT,
 * as cuRAND documents it and as recorded on an H100 in
 * tests/libs/curand_record_more.txt): n outputs in D dimensions are n / D
 * consecutive points of dimension 0, then n / D of dimension 1, and so on;
 * a generator's position P counts the points per dimension given so far
 * plus the offset, so a call's output d (n / D) + j is point P + j of
 * dimension d. The points are cucpu_curand_sobol.h's; OpenMP splits each
 * dimension's run into chunks, each started from its Gray code. */
#include <omp.h>
#include "rand.h"

static void rand_sobol64_put(const RandOut *o, size_t i, unsigned long long x)
{
  switch (o->kind) {
  case RAND_BITS64: ((unsigned long long *)o->ptr)[i] = x; break;
  case RAND_BITS: break; /* refused before (CURAND_STATUS_TYPE_ERROR) */
  case RAND_UNIFORM: ((float *)o->ptr)[i] = _curand_uniform((unsigned int)(x >> 32)); break;
  case RAND_UNIFORM_DOUBLE: ((double *)o->ptr)[i] = cucpu_sobol64_uniform_double(x); break;
  case RAND_NORMAL: {
    float r = (float)o->mean + (float)o->stddev * _curand_normal_icdf((unsigned int)(x >> 32));
    ((float *)o->ptr)[i] = o->log ? cucpu_gpu_expf(r) : r;
    break;
  }
  case RAND_NORMAL_DOUBLE: {
    double r = o->mean + o->stddev * cucpu_sobol64_normal_double(x);
    ((double *)o->ptr)[i] = o->log ? exp(r) : r;
    break;
  }
  }
}

static void rand_sobol_put(const RandOut *o, size_t i, unsigned int x)
{
  switch (o->kind) {
  case RAND_BITS64: break; /* refused before (CURAND_STATUS_TYPE_ERROR) */
  case RAND_BITS: ((unsigned int *)o->ptr)[i] = x; break;
  case RAND_UNIFORM: ((float *)o->ptr)[i] = _curand_uniform(x); break;
  case RAND_UNIFORM_DOUBLE: ((double *)o->ptr)[i] = _curand_uniform_double(x); break;
  case RAND_NORMAL: {
    float r = (float)o->mean + (float)o->stddev * _curand_normal_icdf(x); /* two roundings, as NVIDIA's */
    ((float *)o->ptr)[i] = o->log ? cucpu_gpu_expf(r) : r;
    break;
  }
  case RAND_NORMAL_DOUBLE: {
    double r = o->mean + o->stddev * _curand_normal_icdf_double(x);
    ((double *)o->ptr)[i] = o->log ? exp(r) : r;
    break;
  }
  }
}

static void rand_sobol64_generate(curandGenerator_t g, const RandOut *o, size_t n)
{
  const unsigned long long *vec = rand_sobol64_vectors();
  const size_t per = n / g->dims, chunk = 4096;
  const size_t chunks = (per + chunk - 1) / chunk;
  const unsigned long long p0 = g->pos;
#pragma omp parallel for schedule(static)
  for (size_t w = 0; w < (size_t)g->dims * chunks; w++) {
    size_t d = w / chunks, j = w % chunks * chunk, end = j + chunk < per ? j + chunk : per;
    const unsigned long long *v = vec + 64 * d;
    unsigned long long i = p0 + j, x = cucpu_sobol64_point(v, i);
    for (; j < end; j++, i++) {
      rand_sobol64_put(o, d * per + j, x);
      x = cucpu_sobol64_step(v, i, x);
    }
  }
  g->pos += per;
}

void rand_sobol_generate(curandGenerator_t g, const RandOut *o, size_t n)
{
  if (g->type == CURAND_RNG_QUASI_SOBOL64) {
    rand_sobol64_generate(g, o, n);
    return;
  }
  const unsigned int *vec = rand_sobol32_vectors();
  const size_t per = n / g->dims, chunk = 4096;
  const size_t chunks = (per + chunk - 1) / chunk;
  const unsigned int p0 = (unsigned int)g->pos; /* the index is 32 bits, as cuRAND's */
#pragma omp parallel for schedule(static)
  for (size_t w = 0; w < (size_t)g->dims * chunks; w++) {
    size_t d = w / chunks, j = w % chunks * chunk, end = j + chunk < per ? j + chunk : per;
    const unsigned int *v = vec + 32 * d;
    unsigned int i = p0 + (unsigned int)j, x = cucpu_sobol32_point(v, i);
    for (; j < end; j++, i++) {
      rand_sobol_put(o, d * per + j, x);
      x = cucpu_sobol32_step(v, i, x);
    }
  }
  g->pos += per;
}

curandStatus_t curandGetDirectionVectors32(curandDirectionVectors32_t *vectors[],
                                           curandDirectionVectorSet_t set)
{
  if (set == CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6)
    return CURAND_STATUS_TYPE_ERROR; /* cuRAND's scrambled set is its own */
  if (set != CURAND_DIRECTION_VECTORS_32_JOEKUO6 || !vectors)
    return CURAND_STATUS_OUT_OF_RANGE;
  *vectors = (curandDirectionVectors32_t *)rand_sobol32_vectors();
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetDirectionVectors64(curandDirectionVectors64_t *vectors[],
                                           curandDirectionVectorSet_t set)
{
  if (set == CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6)
    return CURAND_STATUS_TYPE_ERROR; /* cuRAND's scrambled set is its own */
  if (set != CURAND_DIRECTION_VECTORS_64_JOEKUO6 || !vectors)
    return CURAND_STATUS_OUT_OF_RANGE;
  *vectors = (curandDirectionVectors64_t *)rand_sobol64_vectors();
  return CURAND_STATUS_SUCCESS;
}
