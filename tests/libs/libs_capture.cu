// Library calls on a capturing stream.
// cucpu-libs: -lcublas -lcurand
// cucpu cannot record them into a graph, so they are refused (the capture
// is invalidated) and never run early; the call fails, nothing was written,
// and cudaStreamEndCapture answers cudaErrorStreamCaptureInvalidated.
// Outside a capture the same calls work. A GPU would record them: this
// checks what cucpu promises (docs/features.md, stream capture), and fails
// on a GPU.
#include <cstdio>
#include <cublas_v2.h>
#include <curand.h>
#include <cuda_runtime.h>

#define EXPECT(c)                                          \
  do {                                                     \
    if (!(c)) {                                            \
      printf("FAIL line %d: %s\n", __LINE__, #c);          \
      return 1;                                            \
    }                                                      \
  } while (0)

int main()
{
  const int n = 64;
  float h[n], *x, *y;
  for (int i = 0; i < n; i++) h[i] = (float)i;
  EXPECT(cudaMalloc(&x, n * sizeof(float)) == cudaSuccess);
  EXPECT(cudaMalloc(&y, n * sizeof(float)) == cudaSuccess);
  EXPECT(cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice) == cudaSuccess);
  EXPECT(cudaMemset(y, 0, sizeof h) == cudaSuccess);
  cudaStream_t s;
  EXPECT(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) == cudaSuccess);
  cublasHandle_t b;
  EXPECT(cublasCreate(&b) == CUBLAS_STATUS_SUCCESS);
  EXPECT(cublasSetStream(b, s) == CUBLAS_STATUS_SUCCESS);
  curandGenerator_t g;
  EXPECT(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT) == CURAND_STATUS_SUCCESS);
  EXPECT(curandSetStream(g, s) == CURAND_STATUS_SUCCESS);

  const float two = 2.0f;
  EXPECT(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) == cudaSuccess);
  EXPECT(cublasSaxpy(b, n, &two, x, 1, y, 1) == CUBLAS_STATUS_NOT_SUPPORTED);
  EXPECT(curandGenerateUniform(g, y, n) == CURAND_STATUS_LAUNCH_FAILURE);
  cudaGraph_t graph = NULL;
  EXPECT(cudaStreamEndCapture(s, &graph) == cudaErrorStreamCaptureInvalidated);
  EXPECT(graph == NULL);
  cudaGetLastError();
  EXPECT(cudaMemcpy(h, y, sizeof h, cudaMemcpyDeviceToHost) == cudaSuccess);
  for (int i = 0; i < n; i++) EXPECT(h[i] == 0.0f);

  EXPECT(cublasSaxpy(b, n, &two, x, 1, y, 1) == CUBLAS_STATUS_SUCCESS);
  EXPECT(cudaMemcpy(h, y, sizeof h, cudaMemcpyDeviceToHost) == cudaSuccess);
  for (int i = 0; i < n; i++) EXPECT(h[i] == 2.0f * i);

  curandDestroyGenerator(g);
  cublasDestroy(b);
  cudaStreamDestroy(s);
  cudaFree(x);
  cudaFree(y);
  printf("PASS\n");
  return 0;
}
