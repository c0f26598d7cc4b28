/* level2.c: cublas<t>gemv on CBLAS: y = alpha * op(A) x + beta * y, A an
 * m x n column-major matrix. cuBLAS's checks: m, n >= 0, a known op,
 * lda >= max(1, m), incx and incy not 0, alpha and beta not NULL. */
#include "blas.h"

#define BLAS_GEMV(name, T, cblas_fn, DEREF)                                                        \
  cublasStatus_t name(cublasHandle_t handle, cublasOperation_t trans, int m, int n,                \
                      const T *alpha, const T *A, int lda, const T *x, int incx, const T *beta,    \
                      T *y, int incy)                                                              \
  {                                                                                                \
    BLAS_NEED_HANDLE(handle);                                                                      \
    BLAS_REQUIRE(m >= 0 && n >= 0 && blas_op_valid(trans) && lda >= blas_max1(m) && incx != 0 &&  \
                 incy != 0 && alpha && beta);                                                      \
    if (m == 0 || n == 0)                                                                          \
      return CUBLAS_STATUS_SUCCESS;                                                                \
    cblas_fn(CblasColMajor, blas_trans(trans), m, n, DEREF alpha, A, lda, x, incx, DEREF beta, y,  \
             incy);                                                                                \
    return CUBLAS_STATUS_SUCCESS;                                                                  \
  }

BLAS_GEMV(cublasSgemv_v2, float, cblas_sgemv, *)
BLAS_GEMV(cublasDgemv_v2, double, cblas_dgemv, *)
BLAS_GEMV(cublasCgemv_v2, cuComplex, cblas_cgemv, )
BLAS_GEMV(cublasZgemv_v2, cuDoubleComplex, cblas_zgemv, )
