/* cublas.h: cuBLAS's legacy API, from before handles: one implicit
 * context made by cublasInit, scalars by value, options as characters
 * ('N', 'T', 'C'; 'L', 'R'; 'U', 'L'; 'N', 'U'), and the status of the
 * last call from cublasGetError. Implemented by libcucpu_cublas on the v2
 * functions (src/libs/cublas/legacy.c); link with -lcublas. A call before
 * cublasInit, or after cublasShutdown, does nothing and leaves
 * CUBLAS_STATUS_NOT_INITIALIZED for cublasGetError. cublas.h and
 * cublas_v2.h cannot be included together, as with the toolkit. */
#if !defined(CUBLAS_H_)
#define CUBLAS_H_

#if defined(CUBLAS_V2_H_)
#error "It is an error to include both cublas.h and cublas_v2.h"
#endif

#include "cublas_api.h"

typedef cublasStatus_t cublasStatus;

CUCPU_BEGIN_C

cublasStatus cublasInit(void);
cublasStatus cublasShutdown(void);
cublasStatus cublasGetError(void);
cublasStatus cublasGetVersion(int *version);
cublasStatus cublasAlloc(int n, int elemSize, void **devicePtr);
cublasStatus cublasFree(void *devicePtr);
cublasStatus cublasSetKernelStream(cudaStream_t stream);

float cublasSnrm2(int n, const float *x, int incx);
double cublasDnrm2(int n, const double *x, int incx);
float cublasScnrm2(int n, const cuComplex *x, int incx);
double cublasDznrm2(int n, const cuDoubleComplex *x, int incx);
float cublasSdot(int n, const float *x, int incx, const float *y, int incy);
double cublasDdot(int n, const double *x, int incx, const double *y, int incy);
cuComplex cublasCdotu(int n, const cuComplex *x, int incx, const cuComplex *y, int incy);
cuComplex cublasCdotc(int n, const cuComplex *x, int incx, const cuComplex *y, int incy);
cuDoubleComplex cublasZdotu(int n, const cuDoubleComplex *x, int incx, const cuDoubleComplex *y,
                            int incy);
cuDoubleComplex cublasZdotc(int n, const cuDoubleComplex *x, int incx, const cuDoubleComplex *y,
                            int incy);
void cublasSscal(int n, float alpha, float *x, int incx);
void cublasDscal(int n, double alpha, double *x, int incx);
void cublasCscal(int n, cuComplex alpha, cuComplex *x, int incx);
void cublasCsscal(int n, float alpha, cuComplex *x, int incx);
void cublasZscal(int n, cuDoubleComplex alpha, cuDoubleComplex *x, int incx);
void cublasZdscal(int n, double alpha, cuDoubleComplex *x, int incx);
void cublasSaxpy(int n, float alpha, const float *x, int incx, float *y, int incy);
void cublasDaxpy(int n, double alpha, const double *x, int incx, double *y, int incy);
void cublasCaxpy(int n, cuComplex alpha, const cuComplex *x, int incx, cuComplex *y, int incy);
void cublasZaxpy(int n, cuDoubleComplex alpha, const cuDoubleComplex *x, int incx,
                 cuDoubleComplex *y, int incy);
float cublasSasum(int n, const float *x, int incx);
double cublasDasum(int n, const double *x, int incx);
float cublasScasum(int n, const cuComplex *x, int incx);
double cublasDzasum(int n, const cuDoubleComplex *x, int incx);
int cublasIsamax(int n, const float *x, int incx);
int cublasIdamax(int n, const double *x, int incx);
int cublasIcamax(int n, const cuComplex *x, int incx);
int cublasIzamax(int n, const cuDoubleComplex *x, int incx);
void cublasSgemv(char trans, int m, int n, float alpha, const float *A, int lda, const float *x,
                 int incx, float beta, float *y, int incy);
void cublasDgemv(char trans, int m, int n, double alpha, const double *A, int lda, const double *x,
                 int incx, double beta, double *y, int incy);
void cublasCgemv(char trans, int m, int n, cuComplex alpha, const cuComplex *A, int lda,
                 const cuComplex *x, int incx, cuComplex beta, cuComplex *y, int incy);
void cublasZgemv(char trans, int m, int n, cuDoubleComplex alpha, const cuDoubleComplex *A, int lda,
                 const cuDoubleComplex *x, int incx, cuDoubleComplex beta, cuDoubleComplex *y,
                 int incy);
void cublasSgemm(char transa, char transb, int m, int n, int k, float alpha, const float *A,
                 int lda, const float *B, int ldb, float beta, float *C, int ldc);
void cublasDgemm(char transa, char transb, int m, int n, int k, double alpha, const double *A,
                 int lda, const double *B, int ldb, double beta, double *C, int ldc);
void cublasCgemm(char transa, char transb, int m, int n, int k, cuComplex alpha, const cuComplex *A,
                 int lda, const cuComplex *B, int ldb, cuComplex beta, cuComplex *C, int ldc);
void cublasZgemm(char transa, char transb, int m, int n, int k, cuDoubleComplex alpha,
                 const cuDoubleComplex *A, int lda, const cuDoubleComplex *B, int ldb,
                 cuDoubleComplex beta, cuDoubleComplex *C, int ldc);
void cublasStrsm(char side, char uplo, char transa, char diag, int m, int n, float alpha,
                 const float *A, int lda, float *B, int ldb);
void cublasDtrsm(char side, char uplo, char transa, char diag, int m, int n, double alpha,
                 const double *A, int lda, double *B, int ldb);
void cublasCtrsm(char side, char uplo, char transa, char diag, int m, int n, cuComplex alpha,
                 const cuComplex *A, int lda, cuComplex *B, int ldb);
void cublasZtrsm(char side, char uplo, char transa, char diag, int m, int n, cuDoubleComplex alpha,
                 const cuDoubleComplex *A, int lda, cuDoubleComplex *B, int ldb);

CUCPU_END_C

#endif
