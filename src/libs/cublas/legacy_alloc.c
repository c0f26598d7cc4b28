/* legacy_alloc.c: cublasAlloc and cublasFree of the legacy API, on the
 * runtime's cudaMalloc and cudaFree (so the runtime's checks know the
 * memory). A file of their own: only programs that call them need the
 * runtime from libcucpu_cublas, and those link it anyway. */
#include "blas.h"
#include "cublas.h"
#include "cuda_runtime_api.h"

cublasStatus cublasAlloc(int n, int elemSize, void **devicePtr)
{
  if (n <= 0 || elemSize <= 0 || !devicePtr)
    return CUBLAS_STATUS_INVALID_VALUE;
  return cudaMalloc(devicePtr, (size_t)n * elemSize) == cudaSuccess ? CUBLAS_STATUS_SUCCESS
                                                                      : CUBLAS_STATUS_ALLOC_FAILED;
}

cublasStatus cublasFree(void *devicePtr)
{
  return cudaFree(devicePtr) == cudaSuccess ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_INTERNAL_ERROR;
}
