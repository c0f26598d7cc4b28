/* blas.h: what the files of libcucpu_cublas share: the handle's contents,
 * the argument checks that cuBLAS's documentation lists per function, and
 * the mapping of cuBLAS's enums onto CBLAS's (OpenBLAS, column-major).
 * Prefix blas_. Device memory is host memory in cucpu, so every pointer,
 * scalars in CUBLAS_POINTER_MODE_DEVICE included, is read where it points. */
#ifndef CUCPU_LIBS_BLAS_H
#define CUCPU_LIBS_BLAS_H

#include <cblas.h>
#include <stddef.h>
#include "cublas_api.h"
#include "cucpu_rt.h"

/* The handle: what the set/get calls store. The stream only names where
 * the GPU would queue the work: every call here has finished on return. */
struct cublasContext {
  cudaStream_t stream;
  cublasPointerMode_t pointer_mode;
  cublasAtomicsMode_t atomics_mode;
  cublasMath_t math_mode;
};

#define BLAS_HANDLE_ONLY(h)                                                                        \
  do {                                                                                             \
    if (!(h))                                                                                      \
      return CUBLAS_STATUS_NOT_INITIALIZED;                                                        \
  } while (0)

/* A call that computes: its handle, and a stream that does not capture
 * (the call cannot be recorded into a graph: refused, never run early). */
#define BLAS_NEED_HANDLE(h)                                                                        \
  do {                                                                                             \
    BLAS_HANDLE_ONLY(h);                                                                           \
    if (cucpu_stream_refuses((h)->stream))                                                         \
      return CUBLAS_STATUS_NOT_SUPPORTED;                                                          \
  } while (0)

#define BLAS_REQUIRE(cond)                                                                         \
  do {                                                                                             \
    if (!(cond))                                                                                   \
      return CUBLAS_STATUS_INVALID_VALUE;                                                          \
  } while (0)

static inline int blas_max1(int v) { return v > 1 ? v : 1; }

/* 1 when op is N, T or C (the ones cuBLAS accepts; CONJG is a placeholder
 * that it rejects). */
static inline int blas_op_valid(cublasOperation_t op)
{
  return op == CUBLAS_OP_N || op == CUBLAS_OP_T || op == CUBLAS_OP_C;
}

static inline enum CBLAS_TRANSPOSE blas_trans(cublasOperation_t op)
{
  return op == CUBLAS_OP_N ? CblasNoTrans : op == CUBLAS_OP_T ? CblasTrans : CblasConjTrans;
}

/* gemm's checks (cublas<t>gemm: INVALID_VALUE for m, n, k < 0, an unknown
 * op, lda < max(1, rows of A as stored), likewise ldb, ldc < max(1, m), or
 * a NULL alpha or beta). Returns CUBLAS_STATUS_SUCCESS when they pass. */
cublasStatus_t blas_gemm_check(cublasOperation_t transa, cublasOperation_t transb, int m, int n,
                               int k, const void *alpha, int lda, int ldb, const void *beta,
                               int ldc);

/* Runs body(i) for i in [0, count): in parallel over the batch when each
 * product is small (OpenBLAS then runs single-threaded inside), else one
 * after another with OpenBLAS's own threads. */
void blas_for_batch(int count, double flops_each, void (*body)(void *ctx, int i), void *ctx);

#endif
