/* geam.c: cublas<t>geam, C = alpha op(A) + beta op(B) for m x n
 * column-major matrices. BLAS has no such call, so it is a loop here,
 * parallel over the columns. cuBLAS's rules: alpha == 0 leaves A unread
 * and beta == 0 leaves B unread (either may then be NULL; geam with
 * beta == 0 is cuBLAS's transpose); C may be A only with transa N and
 * lda == ldc, and B only with transb N and ldb == ldc (in place, each
 * element reads only its own place), else CUBLAS_STATUS_INVALID_VALUE. */
#include "blas.h"

/* Element (i, j) of op(X), X with leading dimension ld. */
#define GEAM_AT(X, op, i, j, ld) ((op) == CUBLAS_OP_N ? (X)[(i) + (size_t)(j) * (ld)] : (X)[(j) + (size_t)(i) * (ld)])

static int geam_alias_ok(const void *X, cublasOperation_t op, int ldx, const void *C, int ldc)
{
  return X != C || (op == CUBLAS_OP_N && ldx == ldc);
}

static cublasStatus_t geam_check(cublasOperation_t ta, cublasOperation_t tb, int m, int n,
                                 const void *alpha, const void *A, int lda, const void *beta,
                                 const void *B, int ldb, const void *C, int ldc)
{
  BLAS_REQUIRE(m >= 0 && n >= 0 && blas_op_valid(ta) && blas_op_valid(tb) && alpha && beta);
  BLAS_REQUIRE(lda >= blas_max1(ta == CUBLAS_OP_N ? m : n));
  BLAS_REQUIRE(ldb >= blas_max1(tb == CUBLAS_OP_N ? m : n));
  BLAS_REQUIRE(ldc >= blas_max1(m));
  BLAS_REQUIRE(geam_alias_ok(A, ta, lda, C, ldc) && geam_alias_ok(B, tb, ldb, C, ldc));
  return CUBLAS_STATUS_SUCCESS;
}

/* ZERO(s) tests a scalar, MUL multiplies, ADD adds, CONJ conjugates (the
 * identity for real types). */
#define BLAS_GEAM(name, T, ZERO, MUL, ADD, CONJ)                                                   \
  cublasStatus_t name(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb,   \
                      int m, int n, const T *alpha, const T *A, int lda, const T *beta,            \
                      const T *B, int ldb, T *C, int ldc)                                          \
  {                                                                                                \
    BLAS_NEED_HANDLE(handle);                                                                      \
    cublasStatus_t st = geam_check(transa, transb, m, n, alpha, A, lda, beta, B, ldb, C, ldc);     \
    if (st != CUBLAS_STATUS_SUCCESS || m == 0 || n == 0)                                           \
      return st;                                                                                   \
    const T a = *alpha, b = *beta, z = {0};                                                        \
    const int use_a = !ZERO(a), use_b = !ZERO(b);                                                  \
    BLAS_REQUIRE(C && (!use_a || A) && (!use_b || B));                                             \
    _Pragma("omp parallel for if ((double)m * n > 65536)")                                        \
    for (int j = 0; j < n; j++)                                                                    \
      for (int i = 0; i < m; i++) {                                                                \
        T x = use_a ? GEAM_AT(A, transa, i, j, lda) : z;                                           \
        T y = use_b ? GEAM_AT(B, transb, i, j, ldb) : z;                                           \
        if (transa == CUBLAS_OP_C)                                                                 \
          x = CONJ(x);                                                                             \
        if (transb == CUBLAS_OP_C)                                                                 \
          y = CONJ(y);                                                                             \
        C[i + (size_t)j * ldc] = ADD(use_a ? MUL(a, x) : z, use_b ? MUL(b, y) : z);                \
      }                                                                                            \
    return CUBLAS_STATUS_SUCCESS;                                                                  \
  }

#define REAL_ZERO(s) ((s) == 0)
#define REAL_MUL(a, x) ((a) * (x))
#define REAL_ADD(x, y) ((x) + (y))
#define REAL_CONJ(x) (x)
#define CPLX_ZERO(s) ((s).x == 0 && (s).y == 0)

BLAS_GEAM(cublasSgeam, float, REAL_ZERO, REAL_MUL, REAL_ADD, REAL_CONJ)
BLAS_GEAM(cublasDgeam, double, REAL_ZERO, REAL_MUL, REAL_ADD, REAL_CONJ)
BLAS_GEAM(cublasCgeam, cuComplex, CPLX_ZERO, cuCmulf, cuCaddf, cuConjf)
BLAS_GEAM(cublasZgeam, cuDoubleComplex, CPLX_ZERO, cuCmul, cuCadd, cuConj)
