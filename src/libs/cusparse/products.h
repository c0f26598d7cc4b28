/* products.h: what spmv.c and spmm.c share: the rows each OpenMP thread
 * takes, balanced by entries, and the parallel region's threshold. */
#ifndef CUCPU_LIBS_PRODUCTS_H
#define CUCPU_LIBS_PRODUCTS_H

#include <omp.h>
#include "sparse.h"

/* Work below this many multiply-adds runs on the calling thread. */
#define SP_PARALLEL_WORK 32768

/* Defines NAME(off, rows, base, t, nt, *lo, *hi): the rows [lo, hi) of
 * thread t of nt, for offsets off of type I (each thread gets about the
 * same number of entries, whole rows; a row's result never depends on the
 * split). */
#define SP_ROW_RANGE(NAME, I)                                                                      \
  static inline void NAME(const I *off, int64_t rows, int t, int nt, int64_t *lo, int64_t *hi)     \
  {                                                                                                \
    int64_t nnz = (int64_t)off[rows] - (int64_t)off[0];                                            \
    *lo = NAME##_first(off, rows, nnz * t / nt);                                                   \
    *hi = t == nt - 1 ? rows : NAME##_first(off, rows, nnz * (t + 1) / nt);                        \
  }

/* The first row whose entries start at or after entry e (binary search). */
#define SP_FIRST_ROW(NAME, I)                                                                      \
  static inline int64_t NAME##_first(const I *off, int64_t rows, int64_t e)                        \
  {                                                                                                \
    int64_t lo = 0, hi = rows;                                                                     \
    while (lo < hi) {                                                                              \
      int64_t mid = lo + (hi - lo) / 2;                                                            \
      if ((int64_t)off[mid] - (int64_t)off[0] < e)                                                 \
        lo = mid + 1;                                                                              \
      else                                                                                         \
        hi = mid;                                                                                  \
    }                                                                                              \
    return lo;                                                                                     \
  }

SP_FIRST_ROW(sp_rows32, int32_t)
SP_ROW_RANGE(sp_rows32, int32_t)
SP_FIRST_ROW(sp_rows64, int64_t)
SP_ROW_RANGE(sp_rows64, int64_t)

/* 1 when the value types of the operands and the compute type are all t,
 * a type computed on (float or double). */
static inline int sp_same_real_type(cudaDataType t, cudaDataType a, cudaDataType b, cudaDataType c)
{
  return sp_value_size(t) != 0 && a == t && b == t && c == t;
}

#endif
