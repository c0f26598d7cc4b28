/* legacy.c: cuBLAS's legacy API (cublas.h) on the v2 functions. One
 * context, made by cublasInit and shared by the process's threads; each
 * host thread keeps the status of its last call for cublasGetError, which
 * returns it and resets it. Options are characters, either case; one that
 * is none of the allowed gives CUBLAS_STATUS_INVALID_VALUE and the call
 * does nothing (a function with a result returns 0). */
#include <pthread.h>
#include "blas.h"
#include "cublas.h"

static pthread_mutex_t ctx_lock = PTHREAD_MUTEX_INITIALIZER;
static cublasHandle_t ctx;
static _Thread_local cublasStatus_t last_status = CUBLAS_STATUS_SUCCESS;

cublasStatus cublasInit(void)
{
  cublasStatus_t st = CUBLAS_STATUS_SUCCESS;
  pthread_mutex_lock(&ctx_lock);
  if (!ctx)
    st = cublasCreate_v2(&ctx);
  pthread_mutex_unlock(&ctx_lock);
  return st;
}

cublasStatus cublasShutdown(void)
{
  pthread_mutex_lock(&ctx_lock);
  cublasHandle_t h = ctx;
  ctx = NULL;
  pthread_mutex_unlock(&ctx_lock);
  return h ? cublasDestroy_v2(h) : CUBLAS_STATUS_NOT_INITIALIZED;
}

cublasStatus cublasGetError(void)
{
  cublasStatus_t st = last_status;
  last_status = CUBLAS_STATUS_SUCCESS;
  return st;
}

cublasStatus cublasGetVersion(int *version)
{
  if (!version)
    return CUBLAS_STATUS_INVALID_VALUE;
  *version = CUBLAS_VERSION;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus cublasSetKernelStream(cudaStream_t stream)
{
  return ctx ? cublasSetStream_v2(ctx, stream) : CUBLAS_STATUS_NOT_INITIALIZED;
}

/* Records the status of a call; 1 when it succeeded. */
static int note(cublasStatus_t st)
{
  last_status = st;
  return st == CUBLAS_STATUS_SUCCESS;
}

/* The option characters; -1 for one that is not allowed. */
static int op_of(char c)
{
  switch (c) {
  case 'N': case 'n': return CUBLAS_OP_N;
  case 'T': case 't': return CUBLAS_OP_T;
  case 'C': case 'c': return CUBLAS_OP_C;
  }
  return -1;
}

static int side_of(char c)
{
  return c == 'L' || c == 'l' ? CUBLAS_SIDE_LEFT : c == 'R' || c == 'r' ? CUBLAS_SIDE_RIGHT : -1;
}

static int fill_of(char c)
{
  return c == 'L' || c == 'l' ? CUBLAS_FILL_MODE_LOWER
         : c == 'U' || c == 'u' ? CUBLAS_FILL_MODE_UPPER : -1;
}

static int diag_of(char c)
{
  return c == 'N' || c == 'n' ? CUBLAS_DIAG_NON_UNIT : c == 'U' || c == 'u' ? CUBLAS_DIAG_UNIT : -1;
}

/* A v2 call on the context, its status kept; CALL may name `ctx`. */
#define LEGACY_RUN(CALL) ((void)(ctx ? note(CALL) : note(CUBLAS_STATUS_NOT_INITIALIZED)))

/* Functions with a result: nrm2, asum, dot, iamax. */
#define LEGACY_NORM(name, v2, T, R)                                                                \
  R name(int n, const T *x, int incx)                                                              \
  {                                                                                                \
    R r = 0;                                                                                       \
    LEGACY_RUN(v2(ctx, n, x, incx, &r));                                                           \
    return r;                                                                                      \
  }

LEGACY_NORM(cublasSnrm2, cublasSnrm2_v2, float, float)
LEGACY_NORM(cublasDnrm2, cublasDnrm2_v2, double, double)
LEGACY_NORM(cublasScnrm2, cublasScnrm2_v2, cuComplex, float)
LEGACY_NORM(cublasDznrm2, cublasDznrm2_v2, cuDoubleComplex, double)
LEGACY_NORM(cublasSasum, cublasSasum_v2, float, float)
LEGACY_NORM(cublasDasum, cublasDasum_v2, double, double)
LEGACY_NORM(cublasScasum, cublasScasum_v2, cuComplex, float)
LEGACY_NORM(cublasDzasum, cublasDzasum_v2, cuDoubleComplex, double)
LEGACY_NORM(cublasIsamax, cublasIsamax_v2, float, int)
LEGACY_NORM(cublasIdamax, cublasIdamax_v2, double, int)
LEGACY_NORM(cublasIcamax, cublasIcamax_v2, cuComplex, int)
LEGACY_NORM(cublasIzamax, cublasIzamax_v2, cuDoubleComplex, int)

#define LEGACY_DOT(name, v2, T)                                                                    \
  T name(int n, const T *x, int incx, const T *y, int incy)                                        \
  {                                                                                                \
    T r = {0};                                                                                     \
    LEGACY_RUN(v2(ctx, n, x, incx, y, incy, &r));                                                  \
    return r;                                                                                      \
  }

LEGACY_DOT(cublasSdot, cublasSdot_v2, float)
LEGACY_DOT(cublasDdot, cublasDdot_v2, double)
LEGACY_DOT(cublasCdotu, cublasCdotu_v2, cuComplex)
LEGACY_DOT(cublasCdotc, cublasCdotc_v2, cuComplex)
LEGACY_DOT(cublasZdotu, cublasZdotu_v2, cuDoubleComplex)
LEGACY_DOT(cublasZdotc, cublasZdotc_v2, cuDoubleComplex)

#define LEGACY_SCAL(name, v2, A, T)                                                                \
  void name(int n, A alpha, T *x, int incx) { LEGACY_RUN(v2(ctx, n, &alpha, x, incx)); }

LEGACY_SCAL(cublasSscal, cublasSscal_v2, float, float)
LEGACY_SCAL(cublasDscal, cublasDscal_v2, double, double)
LEGACY_SCAL(cublasCscal, cublasCscal_v2, cuComplex, cuComplex)
LEGACY_SCAL(cublasZscal, cublasZscal_v2, cuDoubleComplex, cuDoubleComplex)
LEGACY_SCAL(cublasCsscal, cublasCsscal_v2, float, cuComplex)
LEGACY_SCAL(cublasZdscal, cublasZdscal_v2, double, cuDoubleComplex)

#define LEGACY_AXPY(name, v2, T)                                                                   \
  void name(int n, T alpha, const T *x, int incx, T *y, int incy)                                  \
  {                                                                                                \
    LEGACY_RUN(v2(ctx, n, &alpha, x, incx, y, incy));                                              \
  }

LEGACY_AXPY(cublasSaxpy, cublasSaxpy_v2, float)
LEGACY_AXPY(cublasDaxpy, cublasDaxpy_v2, double)
LEGACY_AXPY(cublasCaxpy, cublasCaxpy_v2, cuComplex)
LEGACY_AXPY(cublasZaxpy, cublasZaxpy_v2, cuDoubleComplex)

#define LEGACY_GEMV(name, v2, T)                                                                   \
  void name(char trans, int m, int n, T alpha, const T *A, int lda, const T *x, int incx, T beta,  \
            T *y, int incy)                                                                        \
  {                                                                                                \
    int t = op_of(trans);                                                                          \
    if (t < 0) {                                                                                   \
      note(CUBLAS_STATUS_INVALID_VALUE);                                                           \
      return;                                                                                      \
    }                                                                                              \
    LEGACY_RUN(v2(ctx, (cublasOperation_t)t, m, n, &alpha, A, lda, x, incx, &beta, y, incy));      \
  }

LEGACY_GEMV(cublasSgemv, cublasSgemv_v2, float)
LEGACY_GEMV(cublasDgemv, cublasDgemv_v2, double)
LEGACY_GEMV(cublasCgemv, cublasCgemv_v2, cuComplex)
LEGACY_GEMV(cublasZgemv, cublasZgemv_v2, cuDoubleComplex)

#define LEGACY_GEMM(name, v2, T)                                                                   \
  void name(char transa, char transb, int m, int n, int k, T alpha, const T *A, int lda,           \
            const T *B, int ldb, T beta, T *C, int ldc)                                            \
  {                                                                                                \
    int ta = op_of(transa), tb = op_of(transb);                                                    \
    if (ta < 0 || tb < 0) {                                                                        \
      note(CUBLAS_STATUS_INVALID_VALUE);                                                           \
      return;                                                                                      \
    }                                                                                              \
    LEGACY_RUN(v2(ctx, (cublasOperation_t)ta, (cublasOperation_t)tb, m, n, k, &alpha, A, lda, B,   \
                  ldb, &beta, C, ldc));                                                            \
  }

LEGACY_GEMM(cublasSgemm, cublasSgemm_v2, float)
LEGACY_GEMM(cublasDgemm, cublasDgemm_v2, double)
LEGACY_GEMM(cublasCgemm, cublasCgemm_v2, cuComplex)
LEGACY_GEMM(cublasZgemm, cublasZgemm_v2, cuDoubleComplex)

#define LEGACY_TRSM(name, v2, T)                                                                   \
  void name(char side, char uplo, char transa, char diag, int m, int n, T alpha, const T *A,       \
            int lda, T *B, int ldb)                                                                \
  {                                                                                                \
    int s = side_of(side), u = fill_of(uplo), t = op_of(transa), d = diag_of(diag);                \
    if (s < 0 || u < 0 || t < 0 || d < 0) {                                                       \
      note(CUBLAS_STATUS_INVALID_VALUE);                                                           \
      return;                                                                                      \
    }                                                                                              \
    LEGACY_RUN(v2(ctx, (cublasSideMode_t)s, (cublasFillMode_t)u, (cublasOperation_t)t,             \
                  (cublasDiagType_t)d, m, n, &alpha, A, lda, B, ldb));                             \
  }

LEGACY_TRSM(cublasStrsm, cublasStrsm_v2, float)
LEGACY_TRSM(cublasDtrsm, cublasDtrsm_v2, double)
LEGACY_TRSM(cublasCtrsm, cublasCtrsm_v2, cuComplex)
LEGACY_TRSM(cublasZtrsm, cublasZtrsm_v2, cuDoubleComplex)
