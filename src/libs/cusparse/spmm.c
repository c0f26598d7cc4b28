/* spmm.c: cusparseSpMM, C = alpha op(A) op(B) + beta C, for A in CSR, CSC
 * or COO, B and C dense in either order (column- or row-major, each its
 * own), float or double (one type throughout; other combinations:
 * CUSPARSE_STATUS_NOT_SUPPORTED). op(A) becomes a CSR matrix (sp_csr_of);
 * the rows of C are split over OpenMP threads by entries of op(A), and
 * each element of C sums its products in the order of its row's entries,
 * in the values' precision, whatever the thread count. Columns of C go in
 * blocks of SPMM_BLOCK, so a row's entries are read once per block.
 * beta == 0 leaves C unread. No external buffer is needed (size 0). */
#include <stdlib.h>
#include "products.h"

#define SPMM_BLOCK 64

/* Strides of a dense matrix: element (i, j) is v[i * rs + j * cs]; with
 * transposed, those of its transpose. */
typedef struct SpStrides {
  int64_t rs, cs;
} SpStrides;

static SpStrides spmm_strides(const struct cusparseDnMatDescr *d, int transposed)
{
  SpStrides s = d->order == CUSPARSE_ORDER_COL ? (SpStrides){1, d->ld} : (SpStrides){d->ld, 1};
  return transposed ? (SpStrides){s.cs, s.rs} : s;
}

#define SP_SPMM(NAME, T, I, ROWS)                                                                  \
  static void NAME(const SpCsr *a, int64_t n, T alpha, const T *b, SpStrides sb, T beta, T *c,     \
                   SpStrides sc)                                                                   \
  {                                                                                                \
    const I *off = a->off, *ind = a->ind;                                                          \
    const T *val = a->val;                                                                         \
    const I base = (I)a->base;                                                                     \
    int64_t work = ((int64_t)off[a->rows] - (int64_t)off[0] + a->rows) * n;                        \
    _Pragma("omp parallel if (work > SP_PARALLEL_WORK)")                                           \
    {                                                                                              \
      int64_t lo, hi;                                                                              \
      T acc[SPMM_BLOCK];                                                                           \
      ROWS(off, a->rows, omp_get_thread_num(), omp_get_num_threads(), &lo, &hi);                   \
      for (int64_t i = lo; i < hi; i++)                                                            \
        for (int64_t j0 = 0; j0 < n; j0 += SPMM_BLOCK) {                                           \
          int64_t nj = n - j0 < SPMM_BLOCK ? n - j0 : SPMM_BLOCK;                                  \
          for (int64_t j = 0; j < nj; j++)                                                         \
            acc[j] = 0;                                                                            \
          for (I p = off[i] - base; p < off[i + 1] - base; p++) {                                  \
            const T v = val[p];                                                                    \
            const T *brow = b + (int64_t)(ind[p] - base) * sb.rs + j0 * sb.cs;                     \
            for (int64_t j = 0; j < nj; j++)                                                       \
              acc[j] += v * brow[j * sb.cs];                                                       \
          }                                                                                        \
          T *crow = c + i * sc.rs + j0 * sc.cs;                                                    \
          for (int64_t j = 0; j < nj; j++)                                                         \
            crow[j * sc.cs] =                                                                      \
                beta == 0 ? alpha * acc[j] : alpha * acc[j] + beta * crow[j * sc.cs];              \
        }                                                                                          \
    }                                                                                              \
  }

SP_SPMM(spmm_s32, float, int32_t, sp_rows32)
SP_SPMM(spmm_s64, float, int64_t, sp_rows64)
SP_SPMM(spmm_d32, double, int32_t, sp_rows32)
SP_SPMM(spmm_d64, double, int64_t, sp_rows64)

static int spmm_alg_valid(cusparseSpMMAlg_t alg)
{
  switch (alg) {
  case CUSPARSE_SPMM_ALG_DEFAULT: case CUSPARSE_SPMM_COO_ALG1: case CUSPARSE_SPMM_COO_ALG2:
  case CUSPARSE_SPMM_COO_ALG3: case CUSPARSE_SPMM_COO_ALG4: case CUSPARSE_SPMM_CSR_ALG1:
  case CUSPARSE_SPMM_CSR_ALG2: case CUSPARSE_SPMM_CSR_ALG3:
    return 1;
  default:
    return 0;
  }
}

/* The checks that cusparseSpMM, its buffer size and its preprocessing
 * share: op(A) is m x k, op(B) k x n, C m x n. */
static cusparseStatus_t spmm_check(cusparseHandle_t handle, cusparseOperation_t opA,
                                   cusparseOperation_t opB, const void *alpha,
                                   cusparseConstSpMatDescr_t A, cusparseConstDnMatDescr_t B,
                                   const void *beta, cusparseDnMatDescr_t C,
                                   cudaDataType computeType, cusparseSpMMAlg_t alg)
{
  SP_NEED_HANDLE(handle);
  SP_REQUIRE(alpha && beta && A && B && C && sp_op_valid(opA) && sp_op_valid(opB));
  SP_REQUIRE(spmm_alg_valid(alg));
  int ta = opA != CUSPARSE_OPERATION_NON_TRANSPOSE, tb = opB != CUSPARSE_OPERATION_NON_TRANSPOSE;
  int64_t m = ta ? A->cols : A->rows, k = ta ? A->rows : A->cols;
  SP_REQUIRE(C->rows == m && (tb ? B->cols : B->rows) == k && C->cols == (tb ? B->rows : B->cols));
  if (!sp_same_real_type(computeType, A->type, B->type, C->type))
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMM_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
                                         cusparseOperation_t opB, const void *alpha,
                                         cusparseConstSpMatDescr_t matA,
                                         cusparseConstDnMatDescr_t matB, const void *beta,
                                         cusparseDnMatDescr_t matC, cudaDataType computeType,
                                         cusparseSpMMAlg_t alg, size_t *bufferSize)
{
  cusparseStatus_t st =
      spmm_check(handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg);
  if (st != CUSPARSE_STATUS_SUCCESS)
    return st;
  SP_REQUIRE(bufferSize);
  *bufferSize = 0;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMM_preprocess(cusparseHandle_t handle, cusparseOperation_t opA,
                                         cusparseOperation_t opB, const void *alpha,
                                         cusparseConstSpMatDescr_t matA,
                                         cusparseConstDnMatDescr_t matB, const void *beta,
                                         cusparseDnMatDescr_t matC, cudaDataType computeType,
                                         cusparseSpMMAlg_t alg, void *externalBuffer)
{
  (void)externalBuffer;
  return spmm_check(handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg);
}

cusparseStatus_t cusparseSpMM(cusparseHandle_t handle, cusparseOperation_t opA,
                              cusparseOperation_t opB, const void *alpha,
                              cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
                              const void *beta, cusparseDnMatDescr_t matC,
                              cudaDataType computeType, cusparseSpMMAlg_t alg,
                              void *externalBuffer)
{
  (void)externalBuffer;
  cusparseStatus_t st =
      spmm_check(handle, opA, opB, alpha, matA, matB, beta, matC, computeType, alg);
  if (st != CUSPARSE_STATUS_SUCCESS)
    return st;
  if (matC->rows == 0 || matC->cols == 0)
    return CUSPARSE_STATUS_SUCCESS;
  SP_REQUIRE(matC->values && (matB->rows * matB->cols == 0 || matB->values));
  SpCsr a;
  st = sp_csr_of(matA, opA, &a);
  if (st != CUSPARSE_STATUS_SUCCESS)
    return st;
  SpStrides sb = spmm_strides(matB, opB != CUSPARSE_OPERATION_NON_TRANSPOSE);
  SpStrides sc = spmm_strides(matC, 0);
  if (computeType == CUDA_R_32F)
    (a.wide ? spmm_s64 : spmm_s32)(&a, matC->cols, *(const float *)alpha, matB->values, sb,
                                   *(const float *)beta, matC->values, sc);
  else
    (a.wide ? spmm_d64 : spmm_d32)(&a, matC->cols, *(const double *)alpha, matB->values, sb,
                                   *(const double *)beta, matC->values, sc);
  free(a.owned);
  return CUSPARSE_STATUS_SUCCESS;
}
