/* libcheck.h: what the library tests share: deterministic data, a check
 * that prints what failed, and closeness tests against references that
 * each test computes on the host in double precision. Plain CUDA: the
 * tests build with cucpu and with nvcc. */
#ifndef LIBCHECK_H
#define LIBCHECK_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int failures = 0;

#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                              \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

/* |got - want| within tol relative to max(1, |want|); prints the first few
 * misses of each call site. */
#define CHECK_NEAR(got, want, tol)                                                                 \
  do {                                                                                             \
    double g_ = (got), w_ = (want);                                                                \
    if (!(fabs(g_ - w_) <= (tol) * fmax(1.0, fabs(w_)))) {                                         \
      if (failures < 20)                                                                           \
        printf("%s:%d: %s = %.9g, want %.9g\n", __FILE__, __LINE__, #got, g_, w_);                 \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

/* Values in [-1, 1) from a fixed linear congruential sequence. */
static unsigned lcg_state = 12345u;
static double next_value(void)
{
  lcg_state = lcg_state * 1664525u + 1013904223u;
  return (double)(lcg_state >> 8) / (double)(1u << 24) * 2.0 - 1.0;
}

static int finish(const char *name)
{
  if (failures) {
    printf("%s: %d failures\n", name, failures);
    return 1;
  }
  printf("%s: ok\nPASS\n", name);
  return 0;
}

#endif
