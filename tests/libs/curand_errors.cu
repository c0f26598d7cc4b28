// cucpu-libs: -lcurand
// cuRAND host API statuses as cuRAND documents them: unsupported generator
// types (CURAND_STATUS_TYPE_ERROR), an odd count of normals or log-normals
// (CURAND_STATUS_LENGTH_NOT_MULTIPLE), a NULL generator
// (CURAND_STATUS_NOT_INITIALIZED), 64-bit output from a 32-bit generator
// (CURAND_STATUS_TYPE_ERROR); the version; curandSetStream,
// curandSetGeneratorOrdering (default), curandGenerateSeeds,
// curandCreateGeneratorHost.
#include <curand.h>
#include <cuda_runtime.h>
#include "libcheck.h"

int main(void)
{
  curandGenerator_t g;
  int v = 0;
  CHECK(curandGetVersion(&v) == CURAND_STATUS_SUCCESS && v >= 10000);
  CHECK(curandCreateGenerator(&g, CURAND_RNG_QUASI_SOBOL64) != CURAND_STATUS_SUCCESS ||
        (curandDestroyGenerator(g), 1));
  CHECK(curandCreateGenerator(&g, (curandRngType_t)12345) == CURAND_STATUS_TYPE_ERROR);
  CHECK(curandGenerate(NULL, NULL, 4) == CURAND_STATUS_NOT_INITIALIZED);

  CHECK(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_XORWOW) == CURAND_STATUS_SUCCESS);
  float *df;
  double *dd;
  unsigned long long *dl;
  cudaMalloc(&df, 64 * sizeof(float));
  cudaMalloc(&dd, 64 * sizeof(double));
  cudaMalloc(&dl, 64 * sizeof(unsigned long long));
  CHECK(curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_DEFAULT) == CURAND_STATUS_SUCCESS);
  CHECK(curandSetStream(g, 0) == CURAND_STATUS_SUCCESS);
  CHECK(curandSetPseudoRandomGeneratorSeed(g, 42ULL) == CURAND_STATUS_SUCCESS);
  CHECK(curandGenerateSeeds(g) == CURAND_STATUS_SUCCESS);
  CHECK(curandGenerateNormal(g, df, 7, 0.0f, 1.0f) == CURAND_STATUS_LENGTH_NOT_MULTIPLE);
  CHECK(curandGenerateNormalDouble(g, dd, 63, 0.0, 1.0) == CURAND_STATUS_LENGTH_NOT_MULTIPLE);
  CHECK(curandGenerateLogNormal(g, df, 1, 0.0f, 1.0f) == CURAND_STATUS_LENGTH_NOT_MULTIPLE);
  CHECK(curandGenerateLogNormalDouble(g, dd, 3, 0.0, 1.0) == CURAND_STATUS_LENGTH_NOT_MULTIPLE);
  CHECK(curandGenerateLongLong(g, dl, 64) == CURAND_STATUS_TYPE_ERROR);
  CHECK(curandGenerateNormal(g, df, 64, 0.0f, 1.0f) == CURAND_STATUS_SUCCESS);
  CHECK(curandGenerateLogNormalDouble(g, dd, 64, 0.0, 0.5) == CURAND_STATUS_SUCCESS);
  double hd[64];
  cudaMemcpy(hd, dd, sizeof hd, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64; i++)
    CHECK(hd[i] > 0.0);
  CHECK(curandDestroyGenerator(g) == CURAND_STATUS_SUCCESS);

  /* A host generator: same numbers, host memory. */
  curandGenerator_t h;
  float hf[16];
  CHECK(curandCreateGeneratorHost(&h, CURAND_RNG_PSEUDO_PHILOX4_32_10) == CURAND_STATUS_SUCCESS);
  CHECK(curandGenerateUniform(h, hf, 16) == CURAND_STATUS_SUCCESS);
  for (int i = 0; i < 16; i++)
    CHECK(hf[i] > 0.0f && hf[i] <= 1.0f);
  CHECK(curandDestroyGenerator(h) == CURAND_STATUS_SUCCESS);
  cudaFree(df);
  cudaFree(dd);
  cudaFree(dl);
  if (failures)
    return 1;
  printf("PASS\n");
  return 0;
}
