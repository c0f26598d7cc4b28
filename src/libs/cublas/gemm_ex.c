/* gemm_ex.c: cublasGemmEx, gemm with the element types named at run time.
 * Supported, as (A and B, C, compute type):
 *   R_32F, R_32F, 32F         sgemm
 *   R_16F, R_16F or R_32F, 32F   half inputs widened to float (exactly),
 *   R_16BF, R_16BF or R_32F, 32F bfloat16 likewise; a half or bfloat16 C is
 *                             widened, computed in float and rounded to
 *                             nearest even once
 *   C_32F, C_32F, 32F         cgemm
 *   R_64F, R_64F, 64F         dgemm;  C_64F, C_64F, 64F  zgemm
 * where "32F" is CUBLAS_COMPUTE_32F or its _PEDANTIC and _FAST_ forms (the
 * CPU computes in float for all of them). alpha and beta have the compute
 * type (float, double, or their complex forms). Any other combination,
 * CUBLAS_COMPUTE_16F (half accumulation) and CUBLAS_COMPUTE_32I among them,
 * is CUBLAS_STATUS_NOT_SUPPORTED. The algorithm is a hint and ignored. */
#include <stdlib.h>
#include "blas.h"
#include "cuda_bf16.h"
#include "cuda_fp16.h"

static int is_float_compute(cublasComputeType_t ct)
{
  return ct == CUBLAS_COMPUTE_32F || ct == CUBLAS_COMPUTE_32F_PEDANTIC ||
         ct == CUBLAS_COMPUTE_32F_FAST_16F || ct == CUBLAS_COMPUTE_32F_FAST_16BF ||
         ct == CUBLAS_COMPUTE_32F_FAST_TF32;
}

static int is_narrow(cudaDataType t) { return t == CUDA_R_16F || t == CUDA_R_16BF; }

static float narrow_to_float(cudaDataType t, unsigned short bits)
{
  if (t == CUDA_R_16F) {
    __half_raw r = {bits};
    return __half2float(r);
  }
  __nv_bfloat16_raw r = {bits};
  return __bfloat162float(r);
}

static unsigned short float_to_narrow(cudaDataType t, float f)
{
  if (t == CUDA_R_16F) {
    __half_raw r = __float2half_rn(f);
    return r.x;
  }
  __nv_bfloat16_raw r = __float2bfloat16_rn(f);
  return r.x;
}

/* A rows x cols matrix of 16-bit elements (leading dimension ld) as a
 * tight float matrix (leading dimension rows); NULL when out of memory. */
static float *widen(cudaDataType t, const void *src, int rows, int cols, int ld)
{
  float *dst = malloc(sizeof(float) * ((size_t)rows * cols + 1));
  const unsigned short *s = src;
  if (!dst)
    return NULL;
  for (int j = 0; j < cols; j++)
    for (int i = 0; i < rows; i++)
      dst[i + (size_t)j * rows] = narrow_to_float(t, s[i + (size_t)j * ld]);
  return dst;
}

/* Half or bfloat16 inputs, float compute; C of type ct (narrow or R_32F). */
static cublasStatus_t gemm_narrow(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k,
                                  float alpha, const void *A, cudaDataType at, int lda,
                                  const void *B, int ldb, float beta, void *C, cudaDataType ct,
                                  int ldc)
{
  int ar = ta == CUBLAS_OP_N ? m : k, ac = ta == CUBLAS_OP_N ? k : m;
  int br = tb == CUBLAS_OP_N ? k : n, bc = tb == CUBLAS_OP_N ? n : k;
  float *a = widen(at, A, ar, ac, lda), *b = widen(at, B, br, bc, ldb);
  float *c = ct == CUDA_R_32F ? C : calloc((size_t)m * n + 1, sizeof(float));
  cublasStatus_t st = CUBLAS_STATUS_ALLOC_FAILED;
  if (a && b && c) {
    unsigned short *cn = C;
    int ld = ct == CUDA_R_32F ? ldc : m;
    if (ct != CUDA_R_32F && beta != 0)
      for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++)
          c[i + (size_t)j * m] = narrow_to_float(ct, cn[i + (size_t)j * ldc]);
    cblas_sgemm(CblasColMajor, blas_trans(ta), blas_trans(tb), m, n, k, alpha, a, blas_max1(ar),
                b, blas_max1(br), beta, c, ld);
    if (ct != CUDA_R_32F)
      for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++)
          cn[i + (size_t)j * ldc] = float_to_narrow(ct, c[i + (size_t)j * m]);
    st = CUBLAS_STATUS_SUCCESS;
  }
  free(a);
  free(b);
  if (ct != CUDA_R_32F)
    free(c);
  return st;
}

cublasStatus_t cublasGemmEx(cublasHandle_t handle, cublasOperation_t transa,
                            cublasOperation_t transb, int m, int n, int k, const void *alpha,
                            const void *A, cudaDataType Atype, int lda, const void *B,
                            cudaDataType Btype, int ldb, const void *beta, void *C,
                            cudaDataType Ctype, int ldc, cublasComputeType_t computeType,
                            cublasGemmAlgo_t algo)
{
  (void)algo;
  BLAS_NEED_HANDLE(handle);
  cublasStatus_t st = blas_gemm_check(transa, transb, m, n, k, alpha, lda, ldb, beta, ldc);
  if (st != CUBLAS_STATUS_SUCCESS)
    return st;
  int fc = is_float_compute(computeType), dc = computeType == CUBLAS_COMPUTE_64F ||
                                                computeType == CUBLAS_COMPUTE_64F_PEDANTIC;
  int same = Atype == Btype && Btype == Ctype;
  int narrow = Atype == Btype && is_narrow(Atype) && (Ctype == Atype || Ctype == CUDA_R_32F);
  if (!((fc && ((same && (Atype == CUDA_R_32F || Atype == CUDA_C_32F)) || narrow)) ||
        (dc && same && (Atype == CUDA_R_64F || Atype == CUDA_C_64F))))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  if (m == 0 || n == 0)
    return CUBLAS_STATUS_SUCCESS;
  if (narrow)
    return gemm_narrow(transa, transb, m, n, k, *(const float *)alpha, A, Atype, lda, B, ldb,
                       *(const float *)beta, C, Ctype, ldc);
  switch (Atype) {
  case CUDA_R_32F:
    return cublasSgemm_v2(handle, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
  case CUDA_C_32F:
    return cublasCgemm_v2(handle, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
  case CUDA_R_64F:
    return cublasDgemm_v2(handle, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
  default:
    return cublasZgemm_v2(handle, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc);
  }
}
