// cucpu-libs: -lcublas
// cuBLAS helpers: handles, the stream a handle holds, pointer modes (a
// gemm whose alpha and beta live in device memory; dot's result written
// to device memory), math and atomics modes, versions and status strings,
// and the copies cublasSet/GetVector and cublasSet/GetMatrix (and their
// Async forms) with increments and leading dimensions, checked element by
// element; invalid arguments give the status that cuBLAS documents.
#include <string.h>
#include "libcheck.h"
#include "blas_types.h"

static void test_handle(void)
{
  cublasHandle_t h;
  CHECK(cublasCreate(&h) == CUBLAS_STATUS_SUCCESS);
  int v = 0;
  CHECK(cublasGetVersion(h, &v) == CUBLAS_STATUS_SUCCESS && v == CUBLAS_VERSION);
  int major = -1, minor = -1, patch = -1;
  CHECK(cublasGetProperty(MAJOR_VERSION, &major) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasGetProperty(MINOR_VERSION, &minor) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasGetProperty(PATCH_LEVEL, &patch) == CUBLAS_STATUS_SUCCESS);
  CHECK(major == CUBLAS_VER_MAJOR && minor == CUBLAS_VER_MINOR && patch == CUBLAS_VER_PATCH);

  cudaStream_t s, got = (cudaStream_t)1;
  cudaStreamCreate(&s);
  CHECK(cublasGetStream(h, &got) == CUBLAS_STATUS_SUCCESS && got == 0);
  CHECK(cublasSetStream(h, s) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasGetStream(h, &got) == CUBLAS_STATUS_SUCCESS && got == s);

  cublasPointerMode_t pm;
  CHECK(cublasGetPointerMode(h, &pm) == CUBLAS_STATUS_SUCCESS && pm == CUBLAS_POINTER_MODE_HOST);
  CHECK(cublasSetPointerMode(h, (cublasPointerMode_t)5) == CUBLAS_STATUS_INVALID_VALUE);
  cublasMath_t mm;
  CHECK(cublasGetMathMode(h, &mm) == CUBLAS_STATUS_SUCCESS && mm == CUBLAS_DEFAULT_MATH);
  CHECK(cublasSetMathMode(h, CUBLAS_TF32_TENSOR_OP_MATH) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasGetMathMode(h, &mm) == CUBLAS_STATUS_SUCCESS && mm == CUBLAS_TF32_TENSOR_OP_MATH);
  cublasAtomicsMode_t am;
  CHECK(cublasGetAtomicsMode(h, &am) == CUBLAS_STATUS_SUCCESS && am == CUBLAS_ATOMICS_NOT_ALLOWED);
  CHECK(cublasSetAtomicsMode(h, CUBLAS_ATOMICS_ALLOWED) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasGetAtomicsMode(h, &am) == CUBLAS_STATUS_SUCCESS && am == CUBLAS_ATOMICS_ALLOWED);

  // Device pointer mode: alpha, beta and the result in device memory.
  float A[4] = {1, 2, 3, 4}, B[4] = {1, 1, 1, 1}, C[4] = {10, 20, 30, 40};
  float scal[2] = {2, -1};
  float *dA = to_device(A, 4), *dB = to_device(B, 4), *dC = to_device(C, 4);
  float *dscal = to_device(scal, 2), *dres;
  cudaMalloc((void **)&dres, sizeof(float));
  CHECK(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasGetPointerMode(h, &pm) == CUBLAS_STATUS_SUCCESS && pm == CUBLAS_POINTER_MODE_DEVICE);
  CHECK(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, dscal, dA, 2, dB, 2, dscal + 1, dC, 2) ==
        CUBLAS_STATUS_SUCCESS);
  CHECK(cublasSdot(h, 4, dA, 1, dB, 1, dres) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST) == CUBLAS_STATUS_SUCCESS);
  cudaStreamSynchronize(s);
  from_device(C, dC, 4);
  float res;
  from_device(&res, dres, 1);
  // C = 2 A [1 1; 1 1] - C: row sums of A are 4 and 6.
  CHECK(C[0] == 8 - 10 && C[1] == 12 - 20 && C[2] == 8 - 30 && C[3] == 12 - 40);
  CHECK(res == 10);

  CHECK(strcmp(cublasGetStatusName(CUBLAS_STATUS_INVALID_VALUE), "CUBLAS_STATUS_INVALID_VALUE") == 0);
  CHECK(strlen(cublasGetStatusString(CUBLAS_STATUS_NOT_SUPPORTED)) > 0);
  CHECK(cublasSetStream(NULL, s) == CUBLAS_STATUS_NOT_INITIALIZED);
  CHECK(cublasGetVersion(NULL, &v) == CUBLAS_STATUS_NOT_INITIALIZED);
  CHECK(cublasDestroy(h) == CUBLAS_STATUS_SUCCESS);
  cudaStreamDestroy(s);
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);
  cudaFree(dscal);
  cudaFree(dres);
}

static void test_copies(void)
{
  double host[40], back[40];
  for (int i = 0; i < 40; i++)
    host[i] = i + 0.5, back[i] = -1;
  double *dev;
  cudaMalloc((void **)&dev, sizeof(double) * 40);
  cudaMemset(dev, 0, sizeof(double) * 40);
  // Every 2nd host element into every 3rd device element, then back.
  CHECK(cublasSetVector(10, sizeof(double), host, 2, dev, 3) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasGetVector(10, sizeof(double), dev, 3, back, 1) == CUBLAS_STATUS_SUCCESS);
  for (int i = 0; i < 10; i++)
    CHECK(back[i] == host[2 * i]);
  CHECK(back[10] == -1);
  CHECK(cublasSetVector(4, sizeof(double), host, 0, dev, 1) == CUBLAS_STATUS_INVALID_VALUE);
  CHECK(cublasGetVector(4, 0, dev, 1, back, 1) == CUBLAS_STATUS_INVALID_VALUE);

  // A 3 x 4 matrix with lda 5 into ldb 4, and back into ldb 6.
  cudaMemset(dev, 0, sizeof(double) * 40);
  CHECK(cublasSetMatrix(3, 4, sizeof(double), host, 5, dev, 4) == CUBLAS_STATUS_SUCCESS);
  for (int i = 0; i < 40; i++)
    back[i] = -1;
  CHECK(cublasGetMatrix(3, 4, sizeof(double), dev, 4, back, 6) == CUBLAS_STATUS_SUCCESS);
  for (int j = 0; j < 4; j++)
    for (int i = 0; i < 6; i++)
      CHECK(back[i + 6 * j] == (i < 3 ? host[i + 5 * j] : -1));
  CHECK(cublasSetMatrix(3, 4, sizeof(double), host, 0, dev, 4) == CUBLAS_STATUS_INVALID_VALUE);
  CHECK(cublasGetMatrix(-1, 4, sizeof(double), dev, 4, back, 4) == CUBLAS_STATUS_INVALID_VALUE);
  // A leading dimension below the rows: an error (cuBLAS's copy fails).
  CHECK(cublasSetMatrix(3, 4, sizeof(double), host, 2, dev, 4) != CUBLAS_STATUS_SUCCESS);

  cudaStream_t s;
  cudaStreamCreate(&s);
  CHECK(cublasSetVectorAsync(5, sizeof(double), host, 1, dev, 1, s) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasGetVectorAsync(5, sizeof(double), dev, 1, back, 1, s) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasSetMatrixAsync(2, 2, sizeof(double), host, 2, dev + 10, 2, s) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasGetMatrixAsync(2, 2, sizeof(double), dev + 10, 2, back + 10, 2, s) ==
        CUBLAS_STATUS_SUCCESS);
  cudaStreamSynchronize(s);
  for (int i = 0; i < 5; i++)
    CHECK(back[i] == host[i]);
  for (int i = 0; i < 4; i++)
    CHECK(back[10 + i] == host[i]);
  cudaStreamDestroy(s);
  cudaFree(dev);
}

int main()
{
  test_handle();
  test_copies();
  return finish("cublas_handle");
}
