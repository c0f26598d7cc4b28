/* spmv.c: cusparseSpMV, y = alpha op(A) x + beta y (op N or T), for A in
 * CSR, CSC or COO and float or double values (one type for A, x, y and the compute
 * type; other combinations: CUSPARSE_STATUS_NOT_SUPPORTED). op(A) becomes
 * a CSR matrix (sp_csr_of); each row's dot product runs in the order of
 * its entries on one OpenMP thread, in the values' precision, so results
 * do not depend on the thread count. beta == 0 leaves y unread. No
 * external buffer is needed: the size is 0, and a copy that op(A) needs is
 * allocated and freed inside the call. */
#include <stdlib.h>
#include "products.h"

#define SP_SPMV(NAME, T, I, ROWS)                                                                  \
  static void NAME(const SpCsr *a, T alpha, const T *x, T beta, T *y)                              \
  {                                                                                                \
    const I *off = a->off, *ind = a->ind;                                                          \
    const T *val = a->val;                                                                         \
    const I base = (I)a->base;                                                                     \
    int64_t work = (int64_t)off[a->rows] - (int64_t)off[0] + a->rows;                              \
    _Pragma("omp parallel if (work > SP_PARALLEL_WORK)")                                           \
    {                                                                                              \
      int64_t lo, hi;                                                                              \
      ROWS(off, a->rows, omp_get_thread_num(), omp_get_num_threads(), &lo, &hi);                   \
      for (int64_t i = lo; i < hi; i++) {                                                          \
        T s = 0;                                                                                   \
        for (I p = off[i] - base; p < off[i + 1] - base; p++)                                      \
          s += val[p] * x[ind[p] - base];                                                          \
        y[i] = beta == 0 ? alpha * s : alpha * s + beta * y[i];                                    \
      }                                                                                            \
    }                                                                                              \
  }

SP_SPMV(spmv_s32, float, int32_t, sp_rows32)
SP_SPMV(spmv_s64, float, int64_t, sp_rows64)
SP_SPMV(spmv_d32, double, int32_t, sp_rows32)
SP_SPMV(spmv_d64, double, int64_t, sp_rows64)

static int spmv_alg_valid(cusparseSpMVAlg_t alg)
{
  return alg == CUSPARSE_SPMV_ALG_DEFAULT || alg == CUSPARSE_SPMV_CSR_ALG1 ||
         alg == CUSPARSE_SPMV_CSR_ALG2 || alg == CUSPARSE_SPMV_COO_ALG1 ||
         alg == CUSPARSE_SPMV_COO_ALG2;
}

/* The checks that cusparseSpMV and its buffer size share. */
static cusparseStatus_t spmv_check(cusparseHandle_t handle, cusparseOperation_t opA,
                                   const void *alpha, cusparseConstSpMatDescr_t A,
                                   cusparseConstDnVecDescr_t x, const void *beta,
                                   cusparseDnVecDescr_t y, cudaDataType computeType,
                                   cusparseSpMVAlg_t alg)
{
  SP_NEED_HANDLE(handle);
  SP_REQUIRE(alpha && beta && A && x && y && sp_op_valid(opA) && spmv_alg_valid(alg));
  /* As cuSPARSE 12 on an H100: the conjugate transpose of real values is
   * not a valid operation for SpMV (SpMM takes it as the transpose). */
  SP_REQUIRE(opA != CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE);
  int t = opA != CUSPARSE_OPERATION_NON_TRANSPOSE;
  SP_REQUIRE(x->size == (t ? A->rows : A->cols) && y->size == (t ? A->cols : A->rows));
  if (!sp_same_real_type(computeType, A->type, x->type, y->type))
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMV_bufferSize(cusparseHandle_t handle, cusparseOperation_t opA,
                                         const void *alpha, cusparseConstSpMatDescr_t matA,
                                         cusparseConstDnVecDescr_t vecX, const void *beta,
                                         cusparseDnVecDescr_t vecY, cudaDataType computeType,
                                         cusparseSpMVAlg_t alg, size_t *bufferSize)
{
  cusparseStatus_t st =
      spmv_check(handle, opA, alpha, matA, vecX, beta, vecY, computeType, alg);
  if (st != CUSPARSE_STATUS_SUCCESS)
    return st;
  SP_REQUIRE(bufferSize);
  *bufferSize = 0;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMV(cusparseHandle_t handle, cusparseOperation_t opA, const void *alpha,
                              cusparseConstSpMatDescr_t matA, cusparseConstDnVecDescr_t vecX,
                              const void *beta, cusparseDnVecDescr_t vecY,
                              cudaDataType computeType, cusparseSpMVAlg_t alg,
                              void *externalBuffer)
{
  (void)externalBuffer;
  cusparseStatus_t st =
      spmv_check(handle, opA, alpha, matA, vecX, beta, vecY, computeType, alg);
  if (st != CUSPARSE_STATUS_SUCCESS)
    return st;
  if (vecY->size == 0)
    return CUSPARSE_STATUS_SUCCESS;
  SP_REQUIRE(vecY->values && (vecX->size == 0 || vecX->values));
  SpCsr a;
  st = sp_csr_of(matA, opA, &a);
  if (st != CUSPARSE_STATUS_SUCCESS)
    return st;
  if (computeType == CUDA_R_32F)
    (a.wide ? spmv_s64 : spmv_s32)(&a, *(const float *)alpha, vecX->values,
                                   *(const float *)beta, vecY->values);
  else
    (a.wide ? spmv_d64 : spmv_d32)(&a, *(const double *)alpha, vecX->values,
                                   *(const double *)beta, vecY->values);
  free(a.owned);
  return CUSPARSE_STATUS_SUCCESS;
}
