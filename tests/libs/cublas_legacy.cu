// cucpu-libs: -lcublas
// cuBLAS's legacy API (cublas.h): cublasInit/Shutdown, cublasAlloc/Free,
// cublasGetError (the last call's status, then reset), scalars by value
// and character options, for gemm ('N', 'T', 'C', either case), gemv,
// trsm, axpy, scal, dot (dotu, dotc), nrm2, asum and iamax in S, D, C and
// Z, against naive host loops.
#include <cublas.h>
#include <cuda_runtime.h>
#include "libcheck.h"

#define M 4
#define N 3
#define K 5

static void test_before_init(void)
{
  float x[2] = {1, 2};
  CHECK(cublasSnrm2(2, x, 1) == 0);
  CHECK(cublasGetError() == CUBLAS_STATUS_NOT_INITIALIZED);
  CHECK(cublasGetError() == CUBLAS_STATUS_SUCCESS);  // reset by the read
}

static void test_sgemm(void)
{
  float A[K * M], B[K * N], C[M * N], R[M * N];  // A is K x M (op 'T'), B K x N
  for (int i = 0; i < K * M; i++)
    A[i] = (float)next_value();
  for (int i = 0; i < K * N; i++)
    B[i] = (float)next_value();
  for (int i = 0; i < M * N; i++)
    C[i] = (float)next_value();
  float *dA, *dB, *dC;
  CHECK(cublasAlloc(K * M, sizeof(float), (void **)&dA) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasAlloc(K * N, sizeof(float), (void **)&dB) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasAlloc(M * N, sizeof(float), (void **)&dC) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasSetMatrix(K, M, sizeof(float), A, K, dA, K) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasSetMatrix(K, N, sizeof(float), B, K, dB, K) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasSetVector(M * N, sizeof(float), C, 1, dC, 1) == CUBLAS_STATUS_SUCCESS);
  cublasSgemm('t', 'N', M, N, K, 1.5f, dA, K, dB, K, -0.5f, dC, M);
  CHECK(cublasGetError() == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasGetMatrix(M, N, sizeof(float), dC, M, R, M) == CUBLAS_STATUS_SUCCESS);
  for (int j = 0; j < N; j++)
    for (int i = 0; i < M; i++) {
      double s = 0;
      for (int p = 0; p < K; p++)
        s += (double)A[p + i * K] * B[p + j * K];
      CHECK_NEAR(R[i + j * M], 1.5 * s - 0.5 * C[i + j * M], 1e-5);
    }
  // gemv 'N' on the same A seen as K x M: y = A x.
  float x[M], y[K];
  for (int i = 0; i < M; i++)
    x[i] = (float)next_value();
  float *dx, *dy;
  cublasAlloc(M, sizeof(float), (void **)&dx);
  cublasAlloc(K, sizeof(float), (void **)&dy);
  cublasSetVector(M, sizeof(float), x, 1, dx, 1);
  cublasSgemv('N', K, M, 1.0f, dA, K, dx, 1, 0.0f, dy, 1);
  CHECK(cublasGetError() == CUBLAS_STATUS_SUCCESS);
  cublasGetVector(K, sizeof(float), dy, 1, y, 1);
  for (int i = 0; i < K; i++) {
    double s = 0;
    for (int p = 0; p < M; p++)
      s += (double)A[i + p * K] * x[p];
    CHECK_NEAR(y[i], s, 1e-5);
  }
  // A bad option character: nothing happens, INVALID_VALUE is recorded.
  cublasSgemm('X', 'N', M, N, K, 1.0f, dA, K, dB, K, 0.0f, dC, M);
  CHECK(cublasGetError() == CUBLAS_STATUS_INVALID_VALUE);
  cublasSgemm('N', 'N', M, N, K, 1.0f, dA, M - 1, dB, K, 0.0f, dC, M);
  CHECK(cublasGetError() == CUBLAS_STATUS_INVALID_VALUE);
  CHECK(cublasFree(dA) == CUBLAS_STATUS_SUCCESS);
  cublasFree(dB);
  cublasFree(dC);
  cublasFree(dx);
  cublasFree(dy);
}

static void test_level1(void)
{
  double xd[6], yd[6];
  cuComplex xc[5], yc[5];
  for (int i = 0; i < 6; i++)
    xd[i] = next_value(), yd[i] = next_value();
  for (int i = 0; i < 5; i++) {
    xc[i] = make_cuComplex((float)next_value(), (float)next_value());
    yc[i] = make_cuComplex((float)next_value(), (float)next_value());
  }
  xd[3] = 9;
  double *dx, *dy;
  cuComplex *cx, *cy;
  cudaMalloc((void **)&dx, sizeof xd);
  cudaMalloc((void **)&dy, sizeof yd);
  cudaMalloc((void **)&cx, sizeof xc);
  cudaMalloc((void **)&cy, sizeof yc);
  cudaMemcpy(dx, xd, sizeof xd, cudaMemcpyHostToDevice);
  cudaMemcpy(dy, yd, sizeof yd, cudaMemcpyHostToDevice);
  cudaMemcpy(cx, xc, sizeof xc, cudaMemcpyHostToDevice);
  cudaMemcpy(cy, yc, sizeof yc, cudaMemcpyHostToDevice);

  double dot = 0, nrm = 0, asum = 0;
  for (int i = 0; i < 6; i++)
    dot += xd[i] * yd[i], nrm += xd[i] * xd[i], asum += fabs(xd[i]);
  CHECK_NEAR(cublasDdot(6, dx, 1, dy, 1), dot, 1e-13);
  CHECK_NEAR(cublasDnrm2(6, dx, 1), sqrt(nrm), 1e-13);
  CHECK_NEAR(cublasDasum(6, dx, 1), asum, 1e-13);
  CHECK(cublasIdamax(6, dx, 1) == 4);
  cublasDaxpy(6, 2.0, dx, 1, dy, 1);
  cublasDscal(6, -1.0, dx, 1);
  CHECK(cublasGetError() == CUBLAS_STATUS_SUCCESS);
  double y2[6], x2[6];
  cudaMemcpy(y2, dy, sizeof y2, cudaMemcpyDeviceToHost);
  cudaMemcpy(x2, dx, sizeof x2, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 6; i++) {
    CHECK_NEAR(y2[i], yd[i] + 2 * xd[i], 1e-14);
    CHECK(x2[i] == -xd[i]);
  }

  double ur = 0, ui = 0, cr = 0, ci = 0;
  for (int i = 0; i < 5; i++) {
    double a = xc[i].x, b = xc[i].y, c = yc[i].x, d = yc[i].y;
    ur += a * c - b * d, ui += a * d + b * c;
    cr += a * c + b * d, ci += a * d - b * c;
  }
  cuComplex u = cublasCdotu(5, cx, 1, cy, 1), c = cublasCdotc(5, cx, 1, cy, 1);
  CHECK_NEAR(u.x, ur, 1e-5);
  CHECK_NEAR(u.y, ui, 1e-5);
  CHECK_NEAR(c.x, cr, 1e-5);
  CHECK_NEAR(c.y, ci, 1e-5);
  cublasCscal(5, make_cuComplex(0, 1), cx, 1);  // times i
  cublasCsscal(5, 2.0f, cx, 1);
  cuComplex x3[5];
  cudaMemcpy(x3, cx, sizeof x3, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 5; i++)
    CHECK(x3[i].x == -2 * xc[i].y && x3[i].y == 2 * xc[i].x);
  CHECK(cublasGetError() == CUBLAS_STATUS_SUCCESS);
  cudaFree(dx);
  cudaFree(dy);
  cudaFree(cx);
  cudaFree(cy);
}

// trsm 'L', 'U', 'N', 'N' in double: A X = alpha B, checked by A X.
static void test_trsm(void)
{
  double A[9] = {2, 0, 0, 1, 3, 0, -1, 0.5, 4}, B[6] = {1, 2, 3, 4, 5, 6}, X[6];
  double *dA, *dB;
  cudaMalloc((void **)&dA, sizeof A);
  cudaMalloc((void **)&dB, sizeof B);
  cudaMemcpy(dA, A, sizeof A, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, B, sizeof B, cudaMemcpyHostToDevice);
  cublasDtrsm('L', 'u', 'N', 'n', 3, 2, 2.0, dA, 3, dB, 3);
  CHECK(cublasGetError() == CUBLAS_STATUS_SUCCESS);
  cudaMemcpy(X, dB, sizeof X, cudaMemcpyDeviceToHost);
  for (int j = 0; j < 2; j++)
    for (int i = 0; i < 3; i++) {
      double s = 0;
      for (int p = i; p < 3; p++)
        s += A[i + 3 * p] * X[p + 3 * j];
      CHECK_NEAR(s, 2.0 * B[i + 3 * j], 1e-13);
    }
  cublasDtrsm('L', 'Q', 'N', 'N', 3, 2, 1.0, dA, 3, dB, 3);
  CHECK(cublasGetError() == CUBLAS_STATUS_INVALID_VALUE);
  cudaFree(dA);
  cudaFree(dB);
}

int main()
{
  test_before_init();
  CHECK(cublasInit() == CUBLAS_STATUS_SUCCESS);
  int v = 0;
  CHECK(cublasGetVersion(&v) == CUBLAS_STATUS_SUCCESS && v > 0);
  test_sgemm();
  test_level1();
  test_trsm();
  CHECK(cublasShutdown() == CUBLAS_STATUS_SUCCESS);
  return finish("cublas_legacy");
}
