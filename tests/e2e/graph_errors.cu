// Misusing graphs and captures gives CUDA's errors: capturing the legacy
// stream, capturing twice, synchronizing a capturing stream or using the
// legacy stream while a blocking stream captures (the capture is then
// invalidated), a fork that never joins, ending a capture that was never
// begun, cycles, foreign or repeated dependencies, an update that changes
// the topology, a kernel node of no kernel. Work refused during a capture
// never ran.
#include <cstdio>
#include <cuda_runtime.h>

#define EXPECT_ERR(x, want)                                                  \
  do {                                                                       \
    cudaError_t e_ = (x);                                                    \
    if (e_ != (want)) {                                                      \
      printf("FAIL line %d: %s -> %s, want %s\n", __LINE__, #x,              \
             cudaGetErrorName(e_), cudaGetErrorName(want));                  \
      return 1;                                                              \
    }                                                                        \
    cudaGetLastError();                                                      \
  } while (0)
#define CHECK(x) EXPECT_ERR(x, cudaSuccess)
#define EXPECT(c)                                          \
  do {                                                     \
    if (!(c)) {                                            \
      printf("FAIL line %d: %s\n", __LINE__, #c);          \
      return 1;                                            \
    }                                                      \
  } while (0)

__global__ void inc(int *x)
{
  x[threadIdx.x] += 1;
}

static void not_a_kernel(int *) {}

int main()
{
  int *d, h[32];
  CHECK(cudaMalloc(&d, 32 * sizeof(int)));
  CHECK(cudaMemset(d, 0, 32 * sizeof(int)));
  cudaStream_t s, s2;
  CHECK(cudaStreamCreate(&s));
  CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  cudaGraph_t g = NULL;

  EXPECT_ERR(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal), cudaErrorStreamCaptureUnsupported);
  EXPECT_ERR(cudaStreamEndCapture(s, &g), cudaErrorIllegalState);

  // Synchronizing a capturing stream invalidates its capture.
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  EXPECT_ERR(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal), cudaErrorIllegalState);
  inc<<<1, 32, 0, s>>>(d);
  EXPECT_ERR(cudaStreamSynchronize(s), cudaErrorStreamCaptureUnsupported);
  cudaStreamCaptureStatus st;
  CHECK(cudaStreamIsCapturing(s, &st));
  EXPECT(st == cudaStreamCaptureStatusInvalidated);
  EXPECT_ERR(cudaStreamEndCapture(s, &g), cudaErrorStreamCaptureInvalidated);
  EXPECT(g == NULL);

  // The legacy stream waits for blocking streams: not while one captures.
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  inc<<<1, 32, 0, s>>>(d);
  EXPECT_ERR(cudaMemcpy(h, d, 32 * sizeof(int), cudaMemcpyDeviceToHost), cudaErrorStreamCaptureImplicit);
  EXPECT_ERR(cudaStreamEndCapture(s, &g), cudaErrorStreamCaptureInvalidated);
  EXPECT(g == NULL);
  // ... a non-blocking stream's capture does not mind.
  CHECK(cudaStreamBeginCapture(s2, cudaStreamCaptureModeGlobal));
  inc<<<1, 32, 0, s2>>>(d);
  CHECK(cudaMemcpy(h, d, 32 * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaStreamEndCapture(s2, &g));
  EXPECT(g != NULL);
  CHECK(cudaGraphDestroy(g));
  for (int i = 0; i < 32; i++) EXPECT(h[i] == 0);  // nothing captured ran

  // A fork that never joins the origin stream.
  cudaEvent_t e;
  CHECK(cudaEventCreate(&e));
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
  inc<<<1, 32, 0, s>>>(d);
  CHECK(cudaEventRecord(e, s));
  CHECK(cudaStreamWaitEvent(s2, e, 0));
  inc<<<1, 32, 0, s2>>>(d);
  EXPECT_ERR(cudaStreamEndCapture(s, &g), cudaErrorStreamCaptureUnjoined);
  EXPECT(g == NULL);
  CHECK(cudaStreamIsCapturing(s2, &st));
  EXPECT(st == cudaStreamCaptureStatusNone);

  // The thread's capture mode is exchanged.
  cudaStreamCaptureMode mode = cudaStreamCaptureModeRelaxed;
  CHECK(cudaThreadExchangeStreamCaptureMode(&mode));
  EXPECT(mode == cudaStreamCaptureModeGlobal);
  CHECK(cudaThreadExchangeStreamCaptureMode(&mode));
  EXPECT(mode == cudaStreamCaptureModeRelaxed);

  // Graph structure.
  cudaGraph_t g1, g2;
  CHECK(cudaGraphCreate(&g1, 0));
  CHECK(cudaGraphCreate(&g2, 0));
  cudaGraphNode_t a, b, other;
  CHECK(cudaGraphAddEmptyNode(&a, g1, NULL, 0));
  CHECK(cudaGraphAddEmptyNode(&b, g1, &a, 1));
  CHECK(cudaGraphAddEmptyNode(&other, g2, NULL, 0));
  cudaGraphNode_t two_a[] = { a, a };
  EXPECT_ERR(cudaGraphAddEmptyNode(&other, g1, two_a, 2), cudaErrorInvalidValue);
  cudaGraphNode_t foreign[] = { other };
  EXPECT_ERR(cudaGraphAddEmptyNode(&other, g1, foreign, 1), cudaErrorInvalidValue);
  cudaKernelNodeParams kp = {};
  void *args[] = { &d };
  kp.func = (void *)not_a_kernel; kp.gridDim = dim3(1); kp.blockDim = dim3(32); kp.kernelParams = args;
  cudaGraphNode_t k;
  EXPECT_ERR(cudaGraphAddKernelNode(&k, g1, NULL, 0, &kp), cudaErrorInvalidDeviceFunction);
  size_t n = 0;
  CHECK(cudaGraphGetNodes(g1, NULL, &n));
  EXPECT(n == 2);

  // An update that changes the topology is refused.
  cudaGraphExec_t x;
  CHECK(cudaGraphInstantiate(&x, g1, 0));
  cudaGraphNode_t c;
  CHECK(cudaGraphAddEmptyNode(&c, g1, &b, 1));
  cudaGraphExecUpdateResultInfo info;
  EXPECT_ERR(cudaGraphExecUpdate(x, g1, &info), cudaErrorGraphExecUpdateFailure);
  EXPECT(info.result == cudaGraphExecUpdateErrorTopologyChanged);
  CHECK(cudaGraphLaunch(x, s));
  CHECK(cudaGraphExecDestroy(x));

  // A cycle: a -> b -> c -> a.
  cudaGraphNode_t from[] = { c }, to[] = { a };
  CHECK(cudaGraphAddDependencies(g1, from, to, NULL, 1));
  cudaGraphInstantiateParams ip = {};
  EXPECT_ERR(cudaGraphInstantiateWithParams(&x, g1, &ip), cudaErrorInvalidValue);
  EXPECT(ip.result_out == cudaGraphInstantiateInvalidStructure);

  CHECK(cudaGraphDestroy(g1));
  CHECK(cudaGraphDestroy(g2));
  CHECK(cudaEventDestroy(e));
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaStreamDestroy(s2));
  CHECK(cudaMemcpy(h, d, 32 * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < 32; i++) EXPECT(h[i] == 0);
  CHECK(cudaFree(d));
  printf("PASS\n");
  return 0;
}
