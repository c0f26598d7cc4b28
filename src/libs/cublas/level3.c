/* level3.c: cublas<t>gemm, gemmBatched, gemmStridedBatched and trsm on
 * CBLAS (column-major, as cuBLAS). Batches run through blas_for_batch. */
#include <omp.h>
#include "blas.h"

cublasStatus_t blas_gemm_check(cublasOperation_t transa, cublasOperation_t transb, int m, int n,
                               int k, const void *alpha, int lda, int ldb, const void *beta,
                               int ldc)
{
  BLAS_REQUIRE(m >= 0 && n >= 0 && k >= 0);
  BLAS_REQUIRE(blas_op_valid(transa) && blas_op_valid(transb));
  BLAS_REQUIRE(lda >= blas_max1(transa == CUBLAS_OP_N ? m : k));
  BLAS_REQUIRE(ldb >= blas_max1(transb == CUBLAS_OP_N ? k : n));
  BLAS_REQUIRE(ldc >= blas_max1(m));
  BLAS_REQUIRE(alpha && beta);
  return CUBLAS_STATUS_SUCCESS;
}

/* Below this many flops a product is too small for OpenBLAS's threads to
 * pay off, so a batch of them is better spread over the threads. */
#define BLAS_SMALL_PRODUCT_FLOPS (2.0 * 128 * 128 * 128)

void blas_for_batch(int count, double flops_each, void (*body)(void *ctx, int i), void *ctx)
{
  if (count > 1 && flops_each < BLAS_SMALL_PRODUCT_FLOPS) {
#pragma omp parallel for schedule(dynamic)
    for (int i = 0; i < count; i++)
      body(ctx, i);
    return;
  }
  for (int i = 0; i < count; i++)
    body(ctx, i);
}

/* One gemm type: the plain call, the batch context (pointer arrays or base
 * pointers and strides) and the two batched entry points. */
#define BLAS_GEMM_FAMILY(P, T, cblas_fn, DEREF)                                                    \
  cublasStatus_t cublas##P##gemm_v2(cublasHandle_t handle, cublasOperation_t transa,               \
                                    cublasOperation_t transb, int m, int n, int k, const T *alpha, \
                                    const T *A, int lda, const T *B, int ldb, const T *beta, T *C, \
                                    int ldc)                                                       \
  {                                                                                                \
    BLAS_NEED_HANDLE(handle);                                                                      \
    cublasStatus_t st = blas_gemm_check(transa, transb, m, n, k, alpha, lda, ldb, beta, ldc);      \
    if (st != CUBLAS_STATUS_SUCCESS || m == 0 || n == 0)                                           \
      return st;                                                                                   \
    cblas_fn(CblasColMajor, blas_trans(transa), blas_trans(transb), m, n, k, DEREF alpha, A, lda,  \
             B, ldb, DEREF beta, C, ldc);                                                          \
    return CUBLAS_STATUS_SUCCESS;                                                                  \
  }                                                                                                \
                                                                                                   \
  typedef struct {                                                                                 \
    cublasOperation_t ta, tb;                                                                      \
    int m, n, k, lda, ldb, ldc;                                                                    \
    const T *alpha, *beta;                                                                         \
    const T *const *Aarr, *const *Barr;                                                            \
    T *const *Carr;                                                                                \
    const T *A, *B;                                                                                \
    T *C;                                                                                          \
    long long sA, sB, sC;                                                                          \
  } Batch##P;                                                                                      \
                                                                                                   \
  static void batch_one_##P(void *ctx, int i)                                                      \
  {                                                                                                \
    const Batch##P *b = ctx;                                                                       \
    const T *A = b->Aarr ? b->Aarr[i] : b->A + i * b->sA;                                          \
    const T *B = b->Barr ? b->Barr[i] : b->B + i * b->sB;                                          \
    T *C = b->Carr ? b->Carr[i] : b->C + i * b->sC;                                                \
    cblas_fn(CblasColMajor, blas_trans(b->ta), blas_trans(b->tb), b->m, b->n, b->k,                \
             DEREF b->alpha, A, b->lda, B, b->ldb, DEREF b->beta, C, b->ldc);                      \
  }                                                                                                \
                                                                                                   \
  static cublasStatus_t batch_run_##P(cublasHandle_t handle, Batch##P *b, int count)               \
  {                                                                                                \
    BLAS_NEED_HANDLE(handle);                                                                      \
    cublasStatus_t st = blas_gemm_check(b->ta, b->tb, b->m, b->n, b->k, b->alpha, b->lda, b->ldb,  \
                                        b->beta, b->ldc);                                          \
    if (st != CUBLAS_STATUS_SUCCESS)                                                               \
      return st;                                                                                   \
    BLAS_REQUIRE(count >= 0);                                                                      \
    if (b->m == 0 || b->n == 0 || count == 0)                                                      \
      return CUBLAS_STATUS_SUCCESS;                                                                \
    blas_for_batch(count, 2.0 * b->m * b->n * b->k, batch_one_##P, b);                             \
    return CUBLAS_STATUS_SUCCESS;                                                                  \
  }                                                                                                \
                                                                                                   \
  cublasStatus_t cublas##P##gemmBatched(                                                           \
      cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n,     \
      int k, const T *alpha, const T *const Aarray[], int lda, const T *const Barray[], int ldb,   \
      const T *beta, T *const Carray[], int ldc, int batchCount)                                   \
  {                                                                                                \
    Batch##P b = {transa, transb, m, n, k, lda, ldb, ldc, alpha, beta, Aarray, Barray, Carray,     \
                  0, 0, 0, 0, 0, 0};                                                               \
    if (batchCount > 0 && (!Aarray || !Barray || !Carray))                                         \
      return CUBLAS_STATUS_INVALID_VALUE;                                                          \
    return batch_run_##P(handle, &b, batchCount);                                                  \
  }                                                                                                \
                                                                                                   \
  cublasStatus_t cublas##P##gemmStridedBatched(                                                    \
      cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n,     \
      int k, const T *alpha, const T *A, int lda, long long int strideA, const T *B, int ldb,      \
      long long int strideB, const T *beta, T *C, int ldc, long long int strideC, int batchCount)  \
  {                                                                                                \
    Batch##P b = {transa, transb, m,    n,    k, lda, ldb,     ldc,     alpha,  beta,              \
                  0,      0,      0,    A,    B, C,   strideA, strideB, strideC};                  \
    return batch_run_##P(handle, &b, batchCount);                                                  \
  }

BLAS_GEMM_FAMILY(S, float, cblas_sgemm, *)
BLAS_GEMM_FAMILY(D, double, cblas_dgemm, *)
BLAS_GEMM_FAMILY(C, cuComplex, cblas_cgemm, )
BLAS_GEMM_FAMILY(Z, cuDoubleComplex, cblas_zgemm, )

/* trsm: solves op(A) X = alpha B (side LEFT) or X op(A) = alpha B (RIGHT)
 * for X, which overwrites B (m x n); A is triangular, uplo says which
 * half is read, diag UNIT takes its diagonal as ones. */
#define BLAS_TRSM(name, T, cblas_fn, DEREF)                                                        \
  cublasStatus_t name(cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo,         \
                      cublasOperation_t trans, cublasDiagType_t diag, int m, int n,                \
                      const T *alpha, const T *A, int lda, T *B, int ldb)                          \
  {                                                                                                \
    BLAS_NEED_HANDLE(handle);                                                                      \
    BLAS_REQUIRE(side == CUBLAS_SIDE_LEFT || side == CUBLAS_SIDE_RIGHT);                           \
    BLAS_REQUIRE(uplo == CUBLAS_FILL_MODE_LOWER || uplo == CUBLAS_FILL_MODE_UPPER);                \
    BLAS_REQUIRE(diag == CUBLAS_DIAG_NON_UNIT || diag == CUBLAS_DIAG_UNIT);                        \
    BLAS_REQUIRE(blas_op_valid(trans) && m >= 0 && n >= 0 && alpha);                               \
    BLAS_REQUIRE(lda >= blas_max1(side == CUBLAS_SIDE_LEFT ? m : n) && ldb >= blas_max1(m));       \
    if (m == 0 || n == 0)                                                                          \
      return CUBLAS_STATUS_SUCCESS;                                                                \
    cblas_fn(CblasColMajor, side == CUBLAS_SIDE_LEFT ? CblasLeft : CblasRight,                     \
             uplo == CUBLAS_FILL_MODE_LOWER ? CblasLower : CblasUpper, blas_trans(trans),          \
             diag == CUBLAS_DIAG_UNIT ? CblasUnit : CblasNonUnit, m, n, DEREF alpha, A, lda, B,    \
             ldb);                                                                                 \
    return CUBLAS_STATUS_SUCCESS;                                                                  \
  }

BLAS_TRSM(cublasStrsm_v2, float, cblas_strsm, *)
BLAS_TRSM(cublasDtrsm_v2, double, cblas_dtrsm, *)
BLAS_TRSM(cublasCtrsm_v2, cuComplex, cblas_ctrsm, )
BLAS_TRSM(cublasZtrsm_v2, cuDoubleComplex, cblas_ztrsm, )
