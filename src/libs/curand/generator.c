/* generator.c: the cuRAND host API's entry points: generators, their
 * settings, and the argument checks cuRAND documents; the outputs are
 * generate.c's. curandCreateGeneratorHost is curandCreateGenerator (host
 * memory is device memory). Statuses: a NULL generator is
 * CURAND_STATUS_NOT_INITIALIZED; a generator type other than XORWOW,
 * Philox4x32-10, MRG32k3a (or the default, XORWOW), MTGP32, Sobol32 (or
 * the quasirandom default, Sobol32) and Sobol64 is
 * CURAND_STATUS_TYPE_ERROR, as are 64-bit outputs from any but Sobol64 and
 * 32-bit ones from Sobol64, quasirandom dimensions for a pseudorandom
 * generator and a seed for a quasirandom one; dimensions outside 1 .. 20000 are
 * CURAND_STATUS_OUT_OF_RANGE; an odd count of pseudorandom normals, or a
 * count that is not a multiple of the dimensions, is
 * CURAND_STATUS_LENGTH_NOT_MULTIPLE; an ordering other than
 * CURAND_ORDERING_PSEUDO_DEFAULT or _BEST (a pseudorandom generator) or
 * CURAND_ORDERING_QUASI_DEFAULT (a quasirandom one) is
 * CURAND_STATUS_OUT_OF_RANGE. */
#include <stdio.h>
#include <stdlib.h>
#include "rand.h"

#define RAND_QUASI(t) ((t) == CURAND_RNG_QUASI_SOBOL32 || (t) == CURAND_RNG_QUASI_SOBOL64)

#define RAND_NEED_GEN(g)                                                                           \
  do {                                                                                             \
    if (!(g))                                                                                      \
      return CURAND_STATUS_NOT_INITIALIZED;                                                        \
  } while (0)

curandStatus_t curandCreateGenerator(curandGenerator_t *generator, curandRngType_t rng_type)
{
  if (!generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  if (rng_type == CURAND_RNG_PSEUDO_DEFAULT)
    rng_type = CURAND_RNG_PSEUDO_XORWOW;
  if (rng_type == CURAND_RNG_QUASI_DEFAULT)
    rng_type = CURAND_RNG_QUASI_SOBOL32;
  if (rng_type != CURAND_RNG_PSEUDO_XORWOW && rng_type != CURAND_RNG_PSEUDO_PHILOX4_32_10 &&
      rng_type != CURAND_RNG_PSEUDO_MRG32K3A && rng_type != CURAND_RNG_PSEUDO_MTGP32 &&
      !RAND_QUASI(rng_type))
    return CURAND_STATUS_TYPE_ERROR;
  curandGenerator_t g = calloc(1, sizeof *g);
  if (!g)
    return CURAND_STATUS_ALLOCATION_FAILED;
  g->type = rng_type;
  g->ordering = RAND_QUASI(rng_type) ? CURAND_ORDERING_QUASI_DEFAULT : CURAND_ORDERING_PSEUDO_DEFAULT;
  g->dims = 1;
  *generator = g;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandCreateGeneratorHost(curandGenerator_t *generator, curandRngType_t rng_type)
{
  return curandCreateGenerator(generator, rng_type);
}

curandStatus_t curandDestroyGenerator(curandGenerator_t generator)
{
  RAND_NEED_GEN(generator);
  rand_mtgp_free(generator);
  free(generator->counts);
  free(generator);
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetVersion(int *version)
{
  if (!version)
    return CURAND_STATUS_OUT_OF_RANGE;
  *version = CURAND_VERSION;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetProperty(libraryPropertyType type, int *value)
{
  if (!value)
    return CURAND_STATUS_OUT_OF_RANGE;
  switch (type) {
  case MAJOR_VERSION: *value = CURAND_VER_MAJOR; break;
  case MINOR_VERSION: *value = CURAND_VER_MINOR; break;
  case PATCH_LEVEL: *value = CURAND_VER_PATCH; break;
  default: return CURAND_STATUS_OUT_OF_RANGE;
  }
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t stream)
{
  RAND_NEED_GEN(generator);
  generator->stream = stream;
  return CURAND_STATUS_SUCCESS;
}

/* A new seed: the generator goes on with the new seed where it stands
 * (MTGP32: from its first value), as NVIDIA's does. */
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator,
                                                  unsigned long long seed)
{
  RAND_NEED_GEN(generator);
  if (RAND_QUASI(generator->type))
    return CURAND_STATUS_TYPE_ERROR;
  /* MTGP32 after values were generated: on the GPU (an H100, CUDA 13) the
   * engines go on with the seed they were made from, and the new seed has no
   * effect (NVIDIA's host generator, curandCreateGeneratorHost, starts again
   * instead; the GPU is the reference). */
  if (generator->type == CURAND_RNG_PSEUDO_MTGP32 && generator->pos > 0)
    return CURAND_STATUS_SUCCESS;
  generator->seed = seed;
  /* XORWOW and MRG32k3a go on from where their states are, as NVIDIA's.
   * Philox after a seed change mid-sequence: NVIDIA's goes on from a
   * position cucpu does not reproduce (docs/features.md). */
  if (generator->type == CURAND_RNG_PSEUDO_MTGP32)
    rand_mtgp_free(generator);
  /* Not silent: the values that follow are not the GPU's. */
  if (generator->type == CURAND_RNG_PSEUDO_PHILOX4_32_10 && generator->pos != generator->offset) {
    static int warned;
    if (!warned++)
      fprintf(stderr, "cucpu: warning: curandSetPseudoRandomGeneratorSeed: a Philox4_32_10 "
                      "generator given a new seed after generating values goes on at another "
                      "position than NVIDIA's cuRAND: its values will differ from the GPU's\n");
  }
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator, unsigned long long offset)
{
  RAND_NEED_GEN(generator);
  if (generator->type == CURAND_RNG_PSEUDO_MTGP32)
    return CURAND_STATUS_TYPE_ERROR; /* as NVIDIA's: MTGP32 has no offset */
  generator->pos = offset;
  generator->offset = offset;
  free(generator->counts); /* the states start again at the offset */
  generator->counts = NULL;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetGeneratorOrdering(curandGenerator_t generator, curandOrdering_t order)
{
  RAND_NEED_GEN(generator);
  if (RAND_QUASI(generator->type) ? order != CURAND_ORDERING_QUASI_DEFAULT
                                   : order != CURAND_ORDERING_PSEUDO_DEFAULT &&
                                         order != CURAND_ORDERING_PSEUDO_BEST)
    return CURAND_STATUS_OUT_OF_RANGE;
  generator->ordering = order;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetQuasiRandomGeneratorDimensions(curandGenerator_t generator,
                                                       unsigned int num_dimensions)
{
  RAND_NEED_GEN(generator);
  if (!RAND_QUASI(generator->type))
    return CURAND_STATUS_TYPE_ERROR;
  if (num_dimensions < 1 || num_dimensions > RAND_SOBOL_DIMS)
    return CURAND_STATUS_OUT_OF_RANGE;
  generator->dims = num_dimensions;
  return CURAND_STATUS_SUCCESS;
}

/* The states are made when generating: nothing to do ahead of time. */
curandStatus_t curandGenerateSeeds(curandGenerator_t generator)
{
  RAND_NEED_GEN(generator);
  return CURAND_STATUS_SUCCESS;
}

static curandStatus_t rand_run(curandGenerator_t g, RandKind kind, void *ptr, size_t n,
                               double mean, double stddev, int log)
{
  RAND_NEED_GEN(g);
  int quasi = RAND_QUASI(g->type), single = quasi || g->type == CURAND_RNG_PSEUDO_MTGP32;
  /* 64-bit values from Sobol64 only, 32-bit ones from every other */
  if ((kind == RAND_BITS64) != (g->type == CURAND_RNG_QUASI_SOBOL64) &&
      (kind == RAND_BITS64 || kind == RAND_BITS))
    return CURAND_STATUS_TYPE_ERROR;
  if (quasi ? n % g->dims != 0 : !single && (kind == RAND_NORMAL || kind == RAND_NORMAL_DOUBLE) && n % 2)
    return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
  if (n == 0)
    return CURAND_STATUS_SUCCESS;
  if (!ptr)
    return CURAND_STATUS_LAUNCH_FAILURE;
  RandOut o = {kind, ptr, mean, stddev, log};
  if (quasi)
    rand_sobol_generate(g, &o, n);
  else if (g->type == CURAND_RNG_PSEUDO_MTGP32)
    return rand_mtgp_generate(g, &o, n);
  else
    return rand_generate(g, &o, n);
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGenerate(curandGenerator_t generator, unsigned int *outputPtr, size_t num)
{
  return rand_run(generator, RAND_BITS, outputPtr, num, 0, 1, 0);
}

curandStatus_t curandGenerateLongLong(curandGenerator_t generator, unsigned long long *outputPtr,
                                      size_t num)
{
  return rand_run(generator, RAND_BITS64, outputPtr, num, 0, 1, 0);
}

curandStatus_t curandGenerateUniform(curandGenerator_t generator, float *outputPtr, size_t num)
{
  return rand_run(generator, RAND_UNIFORM, outputPtr, num, 0, 1, 0);
}

curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator, double *outputPtr,
                                           size_t num)
{
  return rand_run(generator, RAND_UNIFORM_DOUBLE, outputPtr, num, 0, 1, 0);
}

curandStatus_t curandGenerateNormal(curandGenerator_t generator, float *outputPtr, size_t n,
                                    float mean, float stddev)
{
  return rand_run(generator, RAND_NORMAL, outputPtr, n, mean, stddev, 0);
}

curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator, double *outputPtr,
                                          size_t n, double mean, double stddev)
{
  return rand_run(generator, RAND_NORMAL_DOUBLE, outputPtr, n, mean, stddev, 0);
}

curandStatus_t curandGenerateLogNormal(curandGenerator_t generator, float *outputPtr, size_t n,
                                       float mean, float stddev)
{
  return rand_run(generator, RAND_NORMAL, outputPtr, n, mean, stddev, 1);
}

curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t generator, double *outputPtr,
                                             size_t n, double mean, double stddev)
{
  return rand_run(generator, RAND_NORMAL_DOUBLE, outputPtr, n, mean, stddev, 1);
}
