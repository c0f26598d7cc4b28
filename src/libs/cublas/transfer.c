/* transfer.c: cublasSet/GetVector and cublasSet/GetMatrix. Device memory
 * is host memory, so each is one strided copy; the Async forms have
 * finished when they return, as every call of libcucpu_cublas has. */
#include <string.h>
#include "blas.h"

/* n elements of size elem, from every incx-th of x to every incy-th of y.
 * cuBLAS requires positive increments and element sizes. */
static cublasStatus_t copy_vector(int n, int elem, const void *x, int incx, void *y, int incy)
{
  BLAS_REQUIRE(incx > 0 && incy > 0 && elem > 0 && n >= 0);
  if (n == 0)
    return CUBLAS_STATUS_SUCCESS;
  BLAS_REQUIRE(x && y);
  if (incx == 1 && incy == 1) {
    memmove(y, x, (size_t)n * elem);
    return CUBLAS_STATUS_SUCCESS;
  }
  for (int i = 0; i < n; i++)
    memmove((char *)y + (size_t)i * incy * elem, (const char *)x + (size_t)i * incx * elem, elem);
  return CUBLAS_STATUS_SUCCESS;
}

/* A rows x cols column-major matrix with leading dimension lda into B.
 * cuBLAS documents INVALID_VALUE for rows, cols < 0 and elemSize, lda,
 * ldb <= 0; a leading dimension below rows makes its cudaMemcpy2D fail,
 * which it reports as CUBLAS_STATUS_MAPPING_ERROR. */
static cublasStatus_t copy_matrix(int rows, int cols, int elem, const void *A, int lda, void *B,
                                  int ldb)
{
  BLAS_REQUIRE(rows >= 0 && cols >= 0 && elem > 0 && lda > 0 && ldb > 0);
  if (rows == 0 || cols == 0)
    return CUBLAS_STATUS_SUCCESS;
  if (lda < rows || ldb < rows || !A || !B)
    return CUBLAS_STATUS_MAPPING_ERROR;
  for (int j = 0; j < cols; j++)
    memmove((char *)B + (size_t)j * ldb * elem, (const char *)A + (size_t)j * lda * elem,
            (size_t)rows * elem);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetVector(int n, int elemSize, const void *x, int incx, void *devicePtr, int incy)
{
  return copy_vector(n, elemSize, x, incx, devicePtr, incy);
}

cublasStatus_t cublasGetVector(int n, int elemSize, const void *x, int incx, void *y, int incy)
{
  return copy_vector(n, elemSize, x, incx, y, incy);
}

cublasStatus_t cublasSetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B, int ldb)
{
  return copy_matrix(rows, cols, elemSize, A, lda, B, ldb);
}

cublasStatus_t cublasGetMatrix(int rows, int cols, int elemSize, const void *A, int lda, void *B, int ldb)
{
  return copy_matrix(rows, cols, elemSize, A, lda, B, ldb);
}

cublasStatus_t cublasSetVectorAsync(int n, int elemSize, const void *hostPtr, int incx,
                                    void *devicePtr, int incy, cudaStream_t stream)
{
  (void)stream;
  return copy_vector(n, elemSize, hostPtr, incx, devicePtr, incy);
}

cublasStatus_t cublasGetVectorAsync(int n, int elemSize, const void *devicePtr, int incx,
                                    void *hostPtr, int incy, cudaStream_t stream)
{
  (void)stream;
  return copy_vector(n, elemSize, devicePtr, incx, hostPtr, incy);
}

cublasStatus_t cublasSetMatrixAsync(int rows, int cols, int elemSize, const void *A, int lda,
                                    void *B, int ldb, cudaStream_t stream)
{
  (void)stream;
  return copy_matrix(rows, cols, elemSize, A, lda, B, ldb);
}

cublasStatus_t cublasGetMatrixAsync(int rows, int cols, int elemSize, const void *A, int lda,
                                    void *B, int ldb, cudaStream_t stream)
{
  (void)stream;
  return copy_matrix(rows, cols, elemSize, A, lda, B, ldb);
}
