/* convert.c: op(A) as a CSR matrix (sp_csr_of), and the conversions
 * between COO row indices and CSR row offsets (cusparseXcoo2csr,
 * cusparseXcsr2coo).
 *
 * A copy is built from A's entries as (major, minor) pairs in A's order,
 * major being the row of op(A): a COO matrix gives its index arrays, a
 * compressed one (CSR or CSC) its index array and its outer index
 * expanded per entry. A counting sort by major index keeps the order of
 * equal majors, so each row of the copy lists its entries in A's order
 * (for a transposed CSR matrix: by increasing row of A). Indices are
 * checked as they are read: one out of range is CUSPARSE_STATUS_INVALID_
 * VALUE, never a write outside the copy. */
#include <stdlib.h>
#include <string.h>
#include "sparse.h"

/* Entry k of an index array of 32-bit (wide == 0) or 64-bit integers. */
static inline int64_t sp_ix(const void *p, int wide, int64_t k)
{
  return wide ? ((const int64_t *)p)[k] : ((const int32_t *)p)[k];
}

/* An index array and its width. */
typedef struct SpIdx {
  const void *p;
  int wide;
} SpIdx;

/* Fills out with the CSR matrix (n_major x n_minor, 64-bit indices, base
 * 0) of the nnz entries whose indices (counted from base) are major[k],
 * minor[k] and values are vals (vsize bytes each). */
static cusparseStatus_t sp_build(int64_t n_major, int64_t n_minor, int64_t nnz, SpIdx major,
                                 SpIdx minor, int base, const void *vals, size_t vsize, SpCsr *out)
{
  size_t bytes = ((size_t)n_major + 1 + (size_t)nnz) * 8 + (size_t)nnz * vsize;
  int64_t *off = calloc(1, bytes), *cur = malloc(((size_t)n_major + 1) * 8);
  if (!off || !cur) {
    free(off);
    free(cur);
    return CUSPARSE_STATUS_ALLOC_FAILED;
  }
  int64_t *ind = off + n_major + 1;
  char *val = (char *)(ind + nnz);
  for (int64_t k = 0; k < nnz; k++) {
    int64_t r = sp_ix(major.p, major.wide, k) - base, c = sp_ix(minor.p, minor.wide, k) - base;
    if (r < 0 || r >= n_major || c < 0 || c >= n_minor) {
      free(off);
      free(cur);
      return CUSPARSE_STATUS_INVALID_VALUE;
    }
    off[r + 1]++;
  }
  for (int64_t r = 0; r < n_major; r++)
    off[r + 1] += off[r];
  memcpy(cur, off, ((size_t)n_major + 1) * 8);
  for (int64_t k = 0; k < nnz; k++) {
    int64_t q = cur[sp_ix(major.p, major.wide, k) - base]++;
    ind[q] = sp_ix(minor.p, minor.wide, k) - base;
    memcpy(val + (size_t)q * vsize, (const char *)vals + (size_t)k * vsize, vsize);
  }
  free(cur);
  *out = (SpCsr){n_major, n_minor, off, ind, val, 1, 0, off};
  return CUSPARSE_STATUS_SUCCESS;
}

/* The outer index of each entry of a compressed matrix with n_outer
 * offsets + 1 (a malloc'd array of nnz, in *outer), after checking that the
 * offsets start at base, never decrease and end at nnz + base. */
static cusparseStatus_t sp_expand(SpIdx off, int64_t n_outer, int64_t nnz, int base,
                                  int64_t **outer)
{
  if (sp_ix(off.p, off.wide, 0) != base || sp_ix(off.p, off.wide, n_outer) != nnz + base)
    return CUSPARSE_STATUS_INVALID_VALUE;
  int64_t *o = malloc((size_t)(nnz ? nnz : 1) * 8);
  if (!o)
    return CUSPARSE_STATUS_ALLOC_FAILED;
  for (int64_t i = 0; i < n_outer; i++) {
    int64_t lo = sp_ix(off.p, off.wide, i) - base, hi = sp_ix(off.p, off.wide, i + 1) - base;
    if (lo > hi || hi > nnz) {
      free(o);
      return CUSPARSE_STATUS_INVALID_VALUE;
    }
    for (int64_t p = lo; p < hi; p++)
      o[p] = i;
  }
  *outer = o;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t sp_csr_of(const struct cusparseSpMatDescr *a, cusparseOperation_t op, SpCsr *out)
{
  int t = op != CUSPARSE_OPERATION_NON_TRANSPOSE;
  int64_t m = t ? a->cols : a->rows, n = t ? a->rows : a->cols;
  SpIdx off = {a->offsets, a->offset_type == CUSPARSE_INDEX_64I};
  SpIdx ind = {a->indices, a->index_type == CUSPARSE_INDEX_64I};
  size_t vsize = sp_value_size(a->type);
  int compressed = a->format == CUSPARSE_FORMAT_CSR || a->format == CUSPARSE_FORMAT_CSC;
  if (!compressed && a->format != CUSPARSE_FORMAT_COO)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (a->nnz > 0 && (!a->offsets || !a->indices || !a->values))
    return CUSPARSE_STATUS_INVALID_VALUE;
  /* CSR read as it is, or CSC as the CSR form of its transpose. */
  int as_is = (a->format == CUSPARSE_FORMAT_CSR && !t) || (a->format == CUSPARSE_FORMAT_CSC && t);
  if (compressed && !a->offsets) {
    /* No offsets: only a matrix without rows (CSR) or columns (CSC). */
    static const int64_t none[1] = {0};
    if (a->nnz != 0 || (a->format == CUSPARSE_FORMAT_CSR ? a->rows : a->cols) != 0)
      return CUSPARSE_STATUS_INVALID_VALUE;
    *out = (SpCsr){m, n, none, none, none, 1, 0, NULL};
    if (m == 0)
      return CUSPARSE_STATUS_SUCCESS;
    /* op(A) has rows but no entries: offsets of zeros, one per row. */
    return sp_build(m, n, 0, (SpIdx){none, 1}, (SpIdx){none, 1}, 0, none, vsize, out);
  }
  if (as_is && off.wide == ind.wide) {
    *out = (SpCsr){m, n, a->offsets, a->indices, a->values, off.wide, (int)a->base, NULL};
    return CUSPARSE_STATUS_SUCCESS;
  }
  if (!compressed) /* COO: rows in offsets, columns in indices */
    return sp_build(m, n, a->nnz, t ? ind : off, t ? off : ind, a->base, a->values, vsize, out);
  int64_t n_outer = a->format == CUSPARSE_FORMAT_CSR ? a->rows : a->cols, *outer;
  cusparseStatus_t st = sp_expand(off, n_outer, a->nnz, a->base, &outer);
  if (st != CUSPARSE_STATUS_SUCCESS)
    return st;
  /* The expanded outer index counts from 0: rebase it with the rest. */
  if (a->base)
    for (int64_t k = 0; k < a->nnz; k++)
      outer[k] += a->base;
  SpIdx o = {outer, 1};
  st = as_is ? sp_build(m, n, a->nnz, o, ind, a->base, a->values, vsize, out)
             : sp_build(m, n, a->nnz, ind, o, a->base, a->values, vsize, out);
  free(outer);
  return st;
}

cusparseStatus_t cusparseXcoo2csr(cusparseHandle_t handle, const int *cooRowInd, int nnz, int m,
                                  int *csrSortedRowPtr, cusparseIndexBase_t idxBase)
{
  SP_NEED_HANDLE(handle);
  SP_REQUIRE(nnz >= 0 && m >= 0);
  SP_REQUIRE(idxBase == CUSPARSE_INDEX_BASE_ZERO || idxBase == CUSPARSE_INDEX_BASE_ONE);
  SP_REQUIRE(csrSortedRowPtr && (nnz == 0 || cooRowInd));
  /* The rows must be sorted (cuSPARSE's precondition); any order counts
   * the same, so only the range is checked. */
  for (int k = 0; k < nnz; k++)
    SP_REQUIRE(cooRowInd[k] - (int)idxBase >= 0 && cooRowInd[k] - (int)idxBase < m);
  memset(csrSortedRowPtr, 0, ((size_t)m + 1) * sizeof(int));
  for (int k = 0; k < nnz; k++)
    csrSortedRowPtr[cooRowInd[k] - (int)idxBase + 1]++;
  csrSortedRowPtr[0] = idxBase;
  for (int r = 0; r < m; r++)
    csrSortedRowPtr[r + 1] += csrSortedRowPtr[r];
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseXcsr2coo(cusparseHandle_t handle, const int *csrSortedRowPtr, int nnz,
                                  int m, int *cooRowInd, cusparseIndexBase_t idxBase)
{
  SP_NEED_HANDLE(handle);
  SP_REQUIRE(nnz >= 0 && m >= 0);
  SP_REQUIRE(idxBase == CUSPARSE_INDEX_BASE_ZERO || idxBase == CUSPARSE_INDEX_BASE_ONE);
  SP_REQUIRE(csrSortedRowPtr && (nnz == 0 || cooRowInd));
  for (int r = 0; r < m; r++) {
    int lo = csrSortedRowPtr[r] - (int)idxBase, hi = csrSortedRowPtr[r + 1] - (int)idxBase;
    SP_REQUIRE(lo >= 0 && lo <= hi && hi <= nnz);
    for (int p = lo; p < hi; p++)
      cooRowInd[p] = r + (int)idxBase;
  }
  return CUSPARSE_STATUS_SUCCESS;
}
