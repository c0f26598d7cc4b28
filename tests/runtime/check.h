/* check.h: CHECK(expr) prints the failed expression and exits 1. */
#ifndef CUCPU_TEST_CHECK_H
#define CUCPU_TEST_CHECK_H
#include <stdio.h>
#include <stdlib.h>
#define CHECK(e)                                                         \
  do {                                                                   \
    if (!(e)) {                                                          \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #e); \
      exit(1);                                                           \
    }                                                                    \
  } while (0)
#define CHECK_NEAR(a, b, tol) CHECK(fabs((double)(a) - (double)(b)) <= (tol))
#endif
