/* precalc.c: the C definition of curand_precalc.h's cucpu_rand_tables()
 * (C++ code has an inline one): the skip-ahead matrices, built once per
 * process by the first caller, under pthread_once. */
#include <pthread.h>
#include <stdlib.h>
#include "curand_precalc.h"

static CucpuRandTables *rand_tables;
static pthread_once_t rand_tables_once = PTHREAD_ONCE_INIT;

static void rand_build(void)
{
  CucpuRandTables *t = malloc(sizeof *t);
  if (!t)
    abort(); /* out of memory: nothing sensible to return */
  cucpu_rand_build_tables(t);
  rand_tables = t;
}

const CucpuRandTables *cucpu_rand_tables(void)
{
  pthread_once(&rand_tables_once, rand_build);
  return rand_tables;
}
