/* level1.c: cuBLAS's vector functions (nrm2, asum, dot, scal, axpy, iamax)
 * in S, D, C and Z on OpenBLAS's CBLAS. Where cuBLAS's results differ from
 * BLAS's, cuBLAS wins: iamax counts from 1 and gives 0 for n <= 0 or
 * incx <= 0, and nrm2 and asum give 0 for those. A NULL result, or a NULL
 * scalar, is CUBLAS_STATUS_INVALID_VALUE instead of a crash. */
#include "blas.h"

/* nrm2 and asum: a real result from a vector. */
#define BLAS_NORM(name, T, R, cblas_fn)                                                            \
  cublasStatus_t name(cublasHandle_t handle, int n, const T *x, int incx, R *result)               \
  {                                                                                                \
    BLAS_NEED_HANDLE(handle);                                                                      \
    BLAS_REQUIRE(result);                                                                          \
    *result = n > 0 && incx > 0 ? cblas_fn(n, x, incx) : (R)0;                                     \
    return CUBLAS_STATUS_SUCCESS;                                                                  \
  }

BLAS_NORM(cublasSnrm2_v2, float, float, cblas_snrm2)
BLAS_NORM(cublasDnrm2_v2, double, double, cblas_dnrm2)
BLAS_NORM(cublasScnrm2_v2, cuComplex, float, cblas_scnrm2)
BLAS_NORM(cublasDznrm2_v2, cuDoubleComplex, double, cblas_dznrm2)
BLAS_NORM(cublasSasum_v2, float, float, cblas_sasum)
BLAS_NORM(cublasDasum_v2, double, double, cblas_dasum)
/* Complex asum, sum of |re| + |im|, is our own loop: OpenBLAS 0.3.21's
 * scasum kernel gives wrong sums on some x86 CPUs (AMD EPYC: n = 9 gives
 * 35.2 for 31.6), and a wrong answer is worse than a slower one. */
static double complex_asum(int n, const void *x, int incx, int dbl)
{
  double s = 0;
  #pragma omp parallel for reduction(+ : s) schedule(static) if (n > 65536)
  for (int i = 0; i < n; i++) {
    size_t k = (size_t)i * (size_t)incx;
    double re = dbl ? ((const double *)x)[2 * k] : ((const float *)x)[2 * k];
    double im = dbl ? ((const double *)x)[2 * k + 1] : ((const float *)x)[2 * k + 1];
    s += (re < 0 ? -re : re) + (im < 0 ? -im : im);
  }
  return s;
}
static float scasum(int n, const cuComplex *x, int incx) { return (float)complex_asum(n, x, incx, 0); }
static double dzasum(int n, const cuDoubleComplex *x, int incx) { return complex_asum(n, x, incx, 1); }
BLAS_NORM(cublasScasum_v2, cuComplex, float, scasum)
BLAS_NORM(cublasDzasum_v2, cuDoubleComplex, double, dzasum)

/* iamax: the first index of the largest |x| (|re| + |im| for complex),
 * from 1. */
#define BLAS_IAMAX(name, T, cblas_fn)                                                              \
  cublasStatus_t name(cublasHandle_t handle, int n, const T *x, int incx, int *result)             \
  {                                                                                                \
    BLAS_NEED_HANDLE(handle);                                                                      \
    BLAS_REQUIRE(result);                                                                          \
    *result = n > 0 && incx > 0 ? (int)cblas_fn(n, x, incx) + 1 : 0;                               \
    return CUBLAS_STATUS_SUCCESS;                                                                  \
  }

BLAS_IAMAX(cublasIsamax_v2, float, cblas_isamax)
BLAS_IAMAX(cublasIdamax_v2, double, cblas_idamax)
BLAS_IAMAX(cublasIcamax_v2, cuComplex, cblas_icamax)
BLAS_IAMAX(cublasIzamax_v2, cuDoubleComplex, cblas_izamax)

#define BLAS_DOT_REAL(name, T, cblas_fn)                                                           \
  cublasStatus_t name(cublasHandle_t handle, int n, const T *x, int incx, const T *y, int incy,    \
                      T *result)                                                                   \
  {                                                                                                \
    BLAS_NEED_HANDLE(handle);                                                                      \
    BLAS_REQUIRE(result);                                                                          \
    *result = n > 0 ? cblas_fn(n, x, incx, y, incy) : (T)0;                                        \
    return CUBLAS_STATUS_SUCCESS;                                                                  \
  }

/* Complex dots: dotu sums x[i] * y[i], dotc conj(x[i]) * y[i]. */
#define BLAS_DOT_CPLX(name, T, cblas_fn)                                                           \
  cublasStatus_t name(cublasHandle_t handle, int n, const T *x, int incx, const T *y, int incy,    \
                      T *result)                                                                   \
  {                                                                                                \
    BLAS_NEED_HANDLE(handle);                                                                      \
    BLAS_REQUIRE(result);                                                                          \
    T sum = {0, 0};                                                                                \
    if (n > 0)                                                                                     \
      cblas_fn(n, x, incx, y, incy, &sum);                                                         \
    *result = sum;                                                                                 \
    return CUBLAS_STATUS_SUCCESS;                                                                  \
  }

BLAS_DOT_REAL(cublasSdot_v2, float, cblas_sdot)
BLAS_DOT_REAL(cublasDdot_v2, double, cblas_ddot)
BLAS_DOT_CPLX(cublasCdotu_v2, cuComplex, cblas_cdotu_sub)
BLAS_DOT_CPLX(cublasCdotc_v2, cuComplex, cblas_cdotc_sub)
BLAS_DOT_CPLX(cublasZdotu_v2, cuDoubleComplex, cblas_zdotu_sub)
BLAS_DOT_CPLX(cublasZdotc_v2, cuDoubleComplex, cblas_zdotc_sub)

/* scal: x = alpha * x; nothing for n <= 0 or incx <= 0. DEREF reads the
 * scalar as CBLAS takes it (by value for real alpha, by address for
 * complex). */
#define BLAS_SCAL(name, T, A, cblas_fn, DEREF)                                                     \
  cublasStatus_t name(cublasHandle_t handle, int n, const A *alpha, T *x, int incx)                \
  {                                                                                                \
    BLAS_NEED_HANDLE(handle);                                                                      \
    BLAS_REQUIRE(alpha);                                                                           \
    if (n > 0 && incx > 0)                                                                         \
      cblas_fn(n, DEREF alpha, x, incx);                                                           \
    return CUBLAS_STATUS_SUCCESS;                                                                  \
  }

BLAS_SCAL(cublasSscal_v2, float, float, cblas_sscal, *)
BLAS_SCAL(cublasDscal_v2, double, double, cblas_dscal, *)
BLAS_SCAL(cublasCscal_v2, cuComplex, cuComplex, cblas_cscal, )
BLAS_SCAL(cublasZscal_v2, cuDoubleComplex, cuDoubleComplex, cblas_zscal, )
BLAS_SCAL(cublasCsscal_v2, cuComplex, float, cblas_csscal, *)
BLAS_SCAL(cublasZdscal_v2, cuDoubleComplex, double, cblas_zdscal, *)

/* axpy: y = alpha * x + y; nothing for n <= 0. */
#define BLAS_AXPY(name, T, cblas_fn, DEREF)                                                        \
  cublasStatus_t name(cublasHandle_t handle, int n, const T *alpha, const T *x, int incx, T *y,    \
                      int incy)                                                                    \
  {                                                                                                \
    BLAS_NEED_HANDLE(handle);                                                                      \
    BLAS_REQUIRE(alpha);                                                                           \
    if (n > 0)                                                                                     \
      cblas_fn(n, DEREF alpha, x, incx, y, incy);                                                  \
    return CUBLAS_STATUS_SUCCESS;                                                                  \
  }

BLAS_AXPY(cublasSaxpy_v2, float, cblas_saxpy, *)
BLAS_AXPY(cublasDaxpy_v2, double, cblas_daxpy, *)
BLAS_AXPY(cublasCaxpy_v2, cuComplex, cblas_caxpy, )
BLAS_AXPY(cublasZaxpy_v2, cuDoubleComplex, cblas_zaxpy, )
