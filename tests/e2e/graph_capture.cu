// Stream capture: work given to a capturing stream becomes a graph and does
// not run; the graph runs it, as often as it is launched. A fork and a join
// across two streams through events; captured copies, memsets, host
// functions, <<<>>> launches (arguments copied when captured) and
// cudaLaunchKernel; the capture's status and info. Reference: host loops.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(x)                                                             \
  do {                                                                       \
    cudaError_t e_ = (x);                                                    \
    if (e_ != cudaSuccess) {                                                 \
      printf("FAIL line %d: %s -> %s\n", __LINE__, #x, cudaGetErrorName(e_)); \
      return 1;                                                              \
    }                                                                        \
  } while (0)
#define EXPECT(c)                                          \
  do {                                                     \
    if (!(c)) {                                            \
      printf("FAIL line %d: %s\n", __LINE__, #c);          \
      return 1;                                            \
    }                                                      \
  } while (0)

__global__ void scale(float *x, float f, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= f;
}

__global__ void add_to(float *y, const float *x, float c, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += x[i] + c;
}

struct Pair { int a; float b; };

__global__ void fill_pair(float *y, Pair p, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = p.a * 10.0f + p.b + i;
}

static int host_calls;
static void count_call(void *data) { host_calls += *(int *)data; }

int main()
{
  const int n = 1000;
  float *hx, *hy, ref_x[n], ref_y[n];
  CHECK(cudaMallocHost(&hx, n * sizeof(float)));
  CHECK(cudaMallocHost(&hy, n * sizeof(float)));
  float *dx, *dy, *dz;
  CHECK(cudaMalloc(&dx, n * sizeof(float)));
  CHECK(cudaMalloc(&dy, n * sizeof(float)));
  CHECK(cudaMalloc(&dz, n * sizeof(float)));
  for (int i = 0; i < n; i++) hx[i] = (float)(i % 17);

  cudaStream_t s1, s2;
  CHECK(cudaStreamCreate(&s1));
  CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  cudaEvent_t fork, join;
  CHECK(cudaEventCreate(&fork));
  CHECK(cudaEventCreate(&join));

  cudaStreamCaptureStatus st;
  CHECK(cudaStreamIsCapturing(s1, &st));
  EXPECT(st == cudaStreamCaptureStatusNone);

  // Capture: x = hx; y = 0 (s1) | x *= 2 (s2, forked); y += x + c; copy back.
  int one = 1;
  float c = 0.5f;
  CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  CHECK(cudaStreamIsCapturing(s1, &st));
  EXPECT(st == cudaStreamCaptureStatusActive);
  CHECK(cudaMemcpyAsync(dx, hx, n * sizeof(float), cudaMemcpyHostToDevice, s1));
  CHECK(cudaEventRecord(fork, s1));
  CHECK(cudaStreamWaitEvent(s2, fork, 0));
  CHECK(cudaStreamIsCapturing(s2, &st));
  EXPECT(st == cudaStreamCaptureStatusActive);
  scale<<<(n + 127) / 128, 128, 0, s2>>>(dx, 2.0f, n);
  CHECK(cudaMemsetAsync(dy, 0, n * sizeof(float), s1));
  CHECK(cudaEventRecord(join, s2));
  CHECK(cudaStreamWaitEvent(s1, join, 0));
  add_to<<<(n + 127) / 128, 128, 0, s1>>>(dy, dx, c, n);
  c = 100.0f;  // captured arguments were copied: the graph keeps 0.5
  CHECK(cudaLaunchHostFunc(s1, count_call, &one));
  CHECK(cudaMemcpyAsync(hy, dy, n * sizeof(float), cudaMemcpyDeviceToHost, s1));
  unsigned long long id;
  cudaGraph_t cg;
  const cudaGraphNode_t *deps;
  size_t ndeps;
  CHECK(cudaStreamGetCaptureInfo(s1, &st, &id, &cg, &deps, NULL, &ndeps));
  EXPECT(st == cudaStreamCaptureStatusActive && ndeps == 1 && cg != NULL);
  cudaGraph_t graph;
  CHECK(cudaStreamEndCapture(s1, &graph));
  CHECK(cudaStreamIsCapturing(s1, &st));
  EXPECT(st == cudaStreamCaptureStatusNone);
  CHECK(cudaStreamIsCapturing(s2, &st));
  EXPECT(st == cudaStreamCaptureStatusNone);
  EXPECT(host_calls == 0);
  for (int i = 0; i < n; i++) EXPECT(hy[i] == 0.0f);

  size_t nnodes = 0;
  CHECK(cudaGraphGetNodes(graph, NULL, &nnodes));
  EXPECT(nnodes == 6);
  size_t nroots = 0;
  CHECK(cudaGraphGetRootNodes(graph, NULL, &nroots));
  EXPECT(nroots == 1);

  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  for (int launch = 1; launch <= 3; launch++) {
    for (int i = 0; i < n; i++) hx[i] = (float)(i % 17 + launch);
    CHECK(cudaGraphLaunch(exec, s1));
    CHECK(cudaStreamSynchronize(s1));
    for (int i = 0; i < n; i++) {
      ref_x[i] = (float)(i % 17 + launch) * 2.0f;
      ref_y[i] = 0.0f + ref_x[i] + 0.5f;
      if (hy[i] != ref_y[i]) {
        printf("FAIL launch %d: y[%d] = %f, want %f\n", launch, i, hy[i], ref_y[i]);
        return 1;
      }
    }
    EXPECT(host_calls == launch);
  }

  // A struct argument captured by value through cudaLaunchKernel.
  Pair p = { 3, 0.25f };
  int nn = n;
  void *args[] = { &dz, &p, &nn };
  CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeRelaxed));
  CHECK(cudaLaunchKernel((const void *)fill_pair, dim3((n + 255) / 256), dim3(256), args, 0, s1));
  p.a = 9;
  CHECK(cudaMemcpyAsync(hy, dz, n * sizeof(float), cudaMemcpyDeviceToHost, s1));
  cudaGraph_t g2;
  CHECK(cudaStreamEndCapture(s1, &g2));
  cudaGraphExec_t x2;
  CHECK(cudaGraphInstantiate(&x2, g2, 0));
  CHECK(cudaGraphLaunch(x2, 0));
  CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < n; i++) EXPECT(hy[i] == 30.25f + i);

  CHECK(cudaGraphExecDestroy(x2));
  CHECK(cudaGraphDestroy(g2));
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(graph));
  CHECK(cudaEventDestroy(fork));
  CHECK(cudaEventDestroy(join));
  CHECK(cudaStreamDestroy(s1));
  CHECK(cudaStreamDestroy(s2));
  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));
  CHECK(cudaFree(dz));
  CHECK(cudaFreeHost(hx));
  CHECK(cudaFreeHost(hy));
  printf("PASS\n");
  return 0;
}
