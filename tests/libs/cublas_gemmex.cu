// cucpu-libs: -lcublas
// cublasGemmEx: float inputs with float compute; half inputs with float
// compute into float and into half outputs (also bfloat16), with
// transposes and leading dimensions; double and complex through the same
// call; CUBLAS_STATUS_NOT_SUPPORTED for mixed inputs. The reference widens
// the same half values to double and sums with naive loops; a half output
// must be that sum rounded to half (within one half ulp of rounding on
// top of float's error).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include "libcheck.h"
#include "blas_types.h"

static const int M = 6, N = 5, K = 7;

// op(X)(i, j) of a float matrix.
static double at(const float *X, cublasOperation_t op, int i, int j, int ld)
{
  return op == CUBLAS_OP_N ? X[i + j * ld] : X[j + i * ld];
}

static void reference(const float *A, const float *B, const float *C, double *R,
                      cublasOperation_t ta, cublasOperation_t tb, int lda, int ldb, int ldc,
                      float alpha, float beta)
{
  for (int j = 0; j < N; j++)
    for (int i = 0; i < M; i++) {
      double s = 0;
      for (int p = 0; p < K; p++)
        s += at(A, ta, i, p, lda) * at(B, tb, p, j, ldb);
      R[i + j * ldc] = alpha * s + beta * C[i + j * ldc];
    }
}

static void test_float(cublasHandle_t h)
{
  float A[K * 8], B[K * 8], C[8 * N], out[8 * N];
  double R[8 * N];
  for (int i = 0; i < K * 8; i++)
    A[i] = (float)next_value(), B[i] = (float)next_value();
  for (int i = 0; i < 8 * N; i++)
    C[i] = (float)next_value();
  float alpha = 1.25f, beta = -0.5f;
  float *dA = to_device(A, K * 8), *dB = to_device(B, K * 8), *dC = to_device(C, 8 * N);
  CHECK(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, M, N, K, &alpha, dA, CUDA_R_32F, K + 1, dB,
                     CUDA_R_32F, K, &beta, dC, CUDA_R_32F, 8, CUBLAS_COMPUTE_32F,
                     CUBLAS_GEMM_DEFAULT) == CUBLAS_STATUS_SUCCESS);
  from_device(out, dC, 8 * N);
  reference(A, B, C, R, CUBLAS_OP_T, CUBLAS_OP_N, K + 1, K, 8, alpha, beta);
  for (int j = 0; j < N; j++)
    for (int i = 0; i < M; i++)
      CHECK_NEAR(out[i + j * 8], R[i + j * 8], 1e-5);
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);
}

// Half (or bfloat16, when bf) inputs; output float or the input type.
static void test_narrow(cublasHandle_t h, bool bf, bool narrow_out, cublasOperation_t ta,
                        cublasOperation_t tb)
{
  int lda = (ta == CUBLAS_OP_N ? M : K) + 1, ldb = (tb == CUBLAS_OP_N ? K : N) + 2, ldc = M + 1;
  float Af[16 * 16], Bf[16 * 16], Cf[16 * 16], out[16 * 16];
  double R[16 * 16];
  __half Ah[16 * 16], Bh[16 * 16], Ch[16 * 16];
  __nv_bfloat16 Ab[16 * 16], Bb[16 * 16], Cb[16 * 16];
  // Inputs exactly representable in the narrow type: round first, keep
  // the rounded value as the reference's input.
  for (int i = 0; i < 16 * 16; i++) {
    float a = (float)next_value(), b = (float)next_value(), c = (float)next_value();
    Ah[i] = __float2half(a), Bh[i] = __float2half(b), Ch[i] = __float2half(c);
    Ab[i] = __float2bfloat16(a), Bb[i] = __float2bfloat16(b), Cb[i] = __float2bfloat16(c);
    Af[i] = bf ? __bfloat162float(Ab[i]) : __half2float(Ah[i]);
    Bf[i] = bf ? __bfloat162float(Bb[i]) : __half2float(Bh[i]);
    Cf[i] = narrow_out ? (bf ? __bfloat162float(Cb[i]) : __half2float(Ch[i])) : c;
  }
  cudaDataType in_t = bf ? CUDA_R_16BF : CUDA_R_16F, out_t = narrow_out ? in_t : CUDA_R_32F;
  void *dA = bf ? (void *)to_device(Ab, 256) : (void *)to_device(Ah, 256);
  void *dB = bf ? (void *)to_device(Bb, 256) : (void *)to_device(Bh, 256);
  void *dC = !narrow_out ? (void *)to_device(Cf, 256)
                         : bf ? (void *)to_device(Cb, 256) : (void *)to_device(Ch, 256);
  float alpha = 0.75f, beta = 0.5f;
  CHECK(cublasGemmEx(h, ta, tb, M, N, K, &alpha, dA, in_t, lda, dB, in_t, ldb, &beta, dC, out_t,
                     ldc, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT) == CUBLAS_STATUS_SUCCESS);
  reference(Af, Bf, Cf, R, ta, tb, lda, ldb, ldc, alpha, beta);
  if (!narrow_out)
    from_device(out, (float *)dC, 256);
  else if (bf) {
    from_device(Cb, (__nv_bfloat16 *)dC, 256);
    for (int i = 0; i < 256; i++)
      out[i] = __bfloat162float(Cb[i]);
  } else {
    from_device(Ch, (__half *)dC, 256);
    for (int i = 0; i < 256; i++)
      out[i] = __half2float(Ch[i]);
  }
  double tol = !narrow_out ? 1e-5 : bf ? 1.0 / 256 : 1.0 / 2048;
  for (int j = 0; j < N; j++)
    for (int i = 0; i < M; i++)
      CHECK_NEAR(out[i + j * ldc], R[i + j * ldc], tol);
  // Rows past M of C are left alone.
  CHECK(out[M] == Cf[M]);
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);
}

static void test_other_types(cublasHandle_t h)
{
  double A[4] = {1, 2, 3, 4}, B[4] = {5, 6, 7, 8}, C[4] = {0}, one = 1, zero = 0;
  double *dA = to_device(A, 4), *dB = to_device(B, 4), *dC = to_device(C, 4);
  CHECK(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &one, dA, CUDA_R_64F, 2, dB,
                     CUDA_R_64F, 2, &zero, dC, CUDA_R_64F, 2, CUBLAS_COMPUTE_64F,
                     CUBLAS_GEMM_DEFAULT) == CUBLAS_STATUS_SUCCESS);
  from_device(C, dC, 4);
  CHECK(C[0] == 23 && C[1] == 34 && C[2] == 31 && C[3] == 46);
  // Mixed input types, and float data with double compute: not supported.
  CHECK(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &one, dA, CUDA_R_16F, 2, dB,
                     CUDA_R_32F, 2, &zero, dC, CUDA_R_32F, 2, CUBLAS_COMPUTE_32F,
                     CUBLAS_GEMM_DEFAULT) == CUBLAS_STATUS_NOT_SUPPORTED);
  CHECK(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &one, dA, CUDA_R_32F, 2, dB,
                     CUDA_R_32F, 2, &zero, dC, CUDA_R_32F, 2, CUBLAS_COMPUTE_64F,
                     CUBLAS_GEMM_DEFAULT) == CUBLAS_STATUS_NOT_SUPPORTED);
  CHECK(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &one, dA, CUDA_R_64F, 1, dB,
                     CUDA_R_64F, 2, &zero, dC, CUDA_R_64F, 2, CUBLAS_COMPUTE_64F,
                     CUBLAS_GEMM_DEFAULT) == CUBLAS_STATUS_INVALID_VALUE);
  cuComplex a[1] = {make_cuComplex(1, 2)}, b[1] = {make_cuComplex(3, -1)}, c[1];
  cuComplex al = make_cuComplex(1, 0), be = make_cuComplex(0, 0);
  cuComplex *da = to_device(a, 1), *db = to_device(b, 1), *dc = to_device(a, 1);
  CHECK(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_C, 1, 1, 1, &al, da, CUDA_C_32F, 1, db,
                     CUDA_C_32F, 1, &be, dc, CUDA_C_32F, 1, CUBLAS_COMPUTE_32F,
                     CUBLAS_GEMM_DEFAULT) == CUBLAS_STATUS_SUCCESS);
  from_device(c, dc, 1);
  CHECK(c[0].x == 1 && c[0].y == 7);  // (1 + 2i)(3 + i)
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
}

int main()
{
  cublasHandle_t h;
  CHECK(cublasCreate(&h) == CUBLAS_STATUS_SUCCESS);
  test_float(h);
  const cublasOperation_t ops[2] = {CUBLAS_OP_N, CUBLAS_OP_T};
  for (int a = 0; a < 2; a++)
    for (int b = 0; b < 2; b++) {
      test_narrow(h, false, false, ops[a], ops[b]);
      test_narrow(h, false, true, ops[a], ops[b]);
      test_narrow(h, true, false, ops[a], ops[b]);
      test_narrow(h, true, true, ops[a], ops[b]);
    }
  test_other_types(h);
  CHECK(cublasDestroy(h) == CUBLAS_STATUS_SUCCESS);
  return finish("cublas_gemmex");
}
