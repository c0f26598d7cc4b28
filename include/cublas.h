/* cublas.h: cuBLAS's legacy API (cublasInit, functions without a handle,
 * character options: cublasSgemm('N', 'N', ...)). cucpu provides the v2
 * API only (cublas_v2.h, docs/features.md), so this header stops the
 * build with an error that says so. */
#error "cucpu: cublas.h (cuBLAS's legacy API without handles) is not supported; cucpu provides the cuBLAS v2 API: include cublas_v2.h"
