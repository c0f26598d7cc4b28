// cucpu-libs: -lcublas
// cuBLAS gemm and gemv in S, D, C and Z, column-major, for every pair of
// operations (N, T, C) with leading dimensions larger than the matrices,
// against naive loops from the definitions (C = alpha op(A) op(B) + beta C,
// y = alpha op(A) x + beta y). Also: beta == 0 does not read C (NaN there
// stays out), the checks that give CUBLAS_STATUS_INVALID_VALUE, and a
// kernel that reads gemm's result on the handle's stream.
#include "libcheck.h"
#include "blas_types.h"

static const cublasOperation_t ops[3] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};

template <typename T> static void test_gemm(cublasHandle_t h)
{
  const int m = 5, n = 7, k = 4;
  const double tol = Elem<T>::tol() * k;
  for (int a = 0; a < 3; a++)
    for (int b = 0; b < 3; b++) {
      cublasOperation_t ta = ops[a], tb = ops[b];
      int ar = ta == CUBLAS_OP_N ? m : k, ac = ta == CUBLAS_OP_N ? k : m;
      int br = tb == CUBLAS_OP_N ? k : n, bc = tb == CUBLAS_OP_N ? n : k;
      int lda = ar + 2, ldb = br + 1, ldc = m + 3;
      T A[(m + k + 2) * (m + k)], B[(k + n + 1) * (k + n)], C[(m + 3) * n], R[(m + 3) * n];
      fill(A, lda * ac);
      fill(B, ldb * bc);
      fill(C, ldc * n);
      T alpha = Elem<T>::make(cd(0.75, -0.5)), beta = Elem<T>::make(cd(-1.25, 0.25));
      T *dA = to_device(A, lda * ac), *dB = to_device(B, ldb * bc), *dC = to_device(C, ldc * n);
      CHECK(blas::gemm(h, ta, tb, m, n, k, &alpha, dA, lda, dB, ldb, &beta, dC, ldc) ==
            CUBLAS_STATUS_SUCCESS);
      from_device(R, dC, ldc * n);
      for (int j = 0; j < n; j++)
        for (int i = 0; i < ldc; i++) {
          Cd want = to_cd(C[i + j * ldc]);  // rows past m stay as they were
          if (i < m) {
            Cd s = cd(0, 0);
            for (int p = 0; p < k; p++)
              s = s + op_at(A, ta, i, p, lda) * op_at(B, tb, p, j, ldb);
            want = to_cd(alpha) * s + to_cd(beta) * want;
          }
          CHECK_NEAR(to_cd(R[i + j * ldc]).re, want.re, tol);
          CHECK_NEAR(to_cd(R[i + j * ldc]).im, want.im, tol);
        }
      cudaFree(dA);
      cudaFree(dB);
      cudaFree(dC);
    }
}

template <typename T> static void test_gemv(cublasHandle_t h)
{
  const int m = 6, n = 9, lda = 8;
  for (int a = 0; a < 3; a++) {
    cublasOperation_t t = ops[a];
    int xlen = t == CUBLAS_OP_N ? n : m, ylen = t == CUBLAS_OP_N ? m : n;
    T A[lda * n], x[2 * 9], y[9], R[9];
    fill(A, lda * n);
    fill(x, 2 * xlen);
    fill(y, ylen);
    T alpha = Elem<T>::make(cd(1.5, 0.5)), beta = Elem<T>::make(cd(0.5, -1.0));
    T *dA = to_device(A, lda * n), *dx = to_device(x, 2 * xlen), *dy = to_device(y, ylen);
    CHECK(blas::gemv(h, t, m, n, &alpha, dA, lda, dx, 2, &beta, dy, 1) == CUBLAS_STATUS_SUCCESS);
    from_device(R, dy, ylen);
    for (int i = 0; i < ylen; i++) {
      Cd s = cd(0, 0);
      for (int p = 0; p < xlen; p++)
        s = s + op_at(A, t, i, p, lda) * to_cd(x[2 * p]);
      Cd want = to_cd(alpha) * s + to_cd(beta) * to_cd(y[i]);
      CHECK_NEAR(to_cd(R[i]).re, want.re, Elem<T>::tol() * n);
      CHECK_NEAR(to_cd(R[i]).im, want.im, Elem<T>::tol() * n);
    }
    CHECK(blas::gemv(h, t, m, n, &alpha, dA, m - 1, dx, 2, &beta, dy, 1) ==
          CUBLAS_STATUS_INVALID_VALUE);
    CHECK(blas::gemv(h, t, m, n, &alpha, dA, lda, dx, 0, &beta, dy, 1) ==
          CUBLAS_STATUS_INVALID_VALUE);
    cudaFree(dA);
    cudaFree(dx);
    cudaFree(dy);
  }
}

// The invalid arguments that cublas<t>gemm's documentation lists.
static void test_gemm_errors(cublasHandle_t h)
{
  float A[16] = {0}, B[16] = {0}, C[16] = {0}, one = 1, zero = 0;
  float *dA = to_device(A, 16), *dB = to_device(B, 16), *dC = to_device(C, 16);
  cublasOperation_t N = CUBLAS_OP_N, T = CUBLAS_OP_T;
  CHECK(cublasSgemm(h, N, N, -1, 2, 2, &one, dA, 2, dB, 2, &zero, dC, 2) == CUBLAS_STATUS_INVALID_VALUE);
  CHECK(cublasSgemm(h, N, N, 2, 2, -1, &one, dA, 2, dB, 2, &zero, dC, 2) == CUBLAS_STATUS_INVALID_VALUE);
  CHECK(cublasSgemm(h, N, N, 3, 2, 2, &one, dA, 2, dB, 2, &zero, dC, 3) == CUBLAS_STATUS_INVALID_VALUE);
  CHECK(cublasSgemm(h, T, N, 3, 2, 2, &one, dA, 2, dB, 2, &zero, dC, 3) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasSgemm(h, N, T, 2, 3, 2, &one, dA, 2, dB, 2, &zero, dC, 2) == CUBLAS_STATUS_INVALID_VALUE);
  CHECK(cublasSgemm(h, N, N, 3, 2, 2, &one, dA, 3, dB, 2, &zero, dC, 2) == CUBLAS_STATUS_INVALID_VALUE);
  CHECK(cublasSgemm(h, CUBLAS_OP_CONJG, N, 2, 2, 2, &one, dA, 2, dB, 2, &zero, dC, 2) ==
        CUBLAS_STATUS_INVALID_VALUE);
  CHECK(cublasSgemm(h, N, N, 2, 2, 2, NULL, dA, 2, dB, 2, &zero, dC, 2) == CUBLAS_STATUS_INVALID_VALUE);
  CHECK(cublasSgemm(NULL, N, N, 2, 2, 2, &one, dA, 2, dB, 2, &zero, dC, 2) ==
        CUBLAS_STATUS_NOT_INITIALIZED);
  CHECK(cublasSgemm(h, N, N, 0, 0, 0, &one, dA, 1, dB, 1, &zero, dC, 1) == CUBLAS_STATUS_SUCCESS);
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);
}

// beta == 0: C is written, never read, so NaN in C does not survive.
static void test_beta_zero(cublasHandle_t h)
{
  float A[4] = {1, 2, 3, 4}, B[4] = {1, 0, 0, 1}, C[4], one = 1, zero = 0;
  for (int i = 0; i < 4; i++)
    C[i] = nanf("");
  float *dA = to_device(A, 4), *dB = to_device(B, 4), *dC = to_device(C, 4);
  CHECK(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &one, dA, 2, dB, 2, &zero, dC, 2) ==
        CUBLAS_STATUS_SUCCESS);
  from_device(C, dC, 4);
  for (int i = 0; i < 4; i++)
    CHECK(C[i] == A[i]);
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);
}

__global__ void add_one(float *c, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] += 1.0f;
}

// A kernel on the handle's stream sees what gemm wrote.
static void test_stream_order(cublasHandle_t h)
{
  cudaStream_t s;
  cudaStreamCreate(&s);
  CHECK(cublasSetStream(h, s) == CUBLAS_STATUS_SUCCESS);
  float A[4] = {1, 2, 3, 4}, B[4] = {2, 0, 0, 2}, C[4] = {0}, one = 1, zero = 0;
  float *dA = to_device(A, 4), *dB = to_device(B, 4), *dC = to_device(C, 4);
  CHECK(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &one, dA, 2, dB, 2, &zero, dC, 2) ==
        CUBLAS_STATUS_SUCCESS);
  add_one<<<1, 32, 0, s>>>(dC, 4);
  cudaMemcpyAsync(C, dC, sizeof C, cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  for (int i = 0; i < 4; i++)
    CHECK(C[i] == 2 * A[i] + 1);
  CHECK(cublasSetStream(h, 0) == CUBLAS_STATUS_SUCCESS);
  cudaStreamDestroy(s);
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);
}

int main()
{
  cublasHandle_t h;
  CHECK(cublasCreate(&h) == CUBLAS_STATUS_SUCCESS);
  test_gemm<float>(h);
  test_gemm<double>(h);
  test_gemm<cuComplex>(h);
  test_gemm<cuDoubleComplex>(h);
  test_gemv<float>(h);
  test_gemv<double>(h);
  test_gemv<cuComplex>(h);
  test_gemv<cuDoubleComplex>(h);
  test_gemm_errors(h);
  test_beta_zero(h);
  test_stream_order(h);
  CHECK(cublasDestroy(h) == CUBLAS_STATUS_SUCCESS);
  return finish("cublas_gemm");
}
