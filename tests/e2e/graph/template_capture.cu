// A <<<>>> launch of a template kernel into a capturing stream: cucpu's
// launcher cannot record itself (codegen/capture.c), so the launch fails
// with cudaErrorStreamCaptureUnsupported, the capture is invalidated and
// the kernel never ran; cudaLaunchKernel of the same kernel is recorded.
// (On a GPU both are recorded: this checks cucpu's refusal, not CUDA.)
#include <cstdio>
#include <cuda_runtime.h>

template <int N> __global__ void addn(int *x) { x[threadIdx.x] += N; }

int main()
{
  int *d, h[32];
  cudaMalloc(&d, sizeof h);
  cudaMemset(d, 0, sizeof h);
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaGraph_t g;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  addn<3><<<1, 32, 0, s>>>(d);
  printf("launch: %s\n", cudaGetErrorName(cudaGetLastError()));
  printf("end: %s\n", cudaGetErrorName(cudaStreamEndCapture(s, &g)));
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("ran early: %d\n", h[0]);
  void *args[] = { &d };
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  cudaLaunchKernel((const void *)addn<3>, dim3(1), dim3(32), args, 0, s);
  printf("end: %s\n", cudaGetErrorName(cudaStreamEndCapture(s, &g)));
  cudaGraphExec_t x;
  cudaGraphInstantiate(&x, g, 0);
  cudaGraphLaunch(x, s);
  cudaGraphLaunch(x, s);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("after two launches: %d\n", h[31]);
  return 0;
}
