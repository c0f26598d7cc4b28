// Explicit graphs: kernel, copy, memset, host, empty and child-graph nodes
// with their dependencies; a diamond that runs in dependency order; node
// queries; kernel parameters changed in the graph, in the executable graph
// and through cudaGraphExecUpdate; clones; a DOT file. Reference: host
// loops. The edge calls take CUDA 13's form (edge data, NULL: default
// edges), which cucpu also accepts.
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

__global__ void axpb(float *y, const float *x, float a, float b, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + b;
}

__global__ void add2(float *z, const float *x, const float *y, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = x[i] + y[i];
}

static int order[8], norder;
static void note(void *tag) { order[norder++] = (int)(size_t)tag; }

int main()
{
  const int n = 513;
  float *h = (float *)malloc(n * sizeof(float)), *out = (float *)malloc(n * sizeof(float));
  float *dx, *dy, *dz, *dw;
  CHECK(cudaMalloc(&dx, n * sizeof(float)));
  CHECK(cudaMalloc(&dy, n * sizeof(float)));
  CHECK(cudaMalloc(&dz, n * sizeof(float)));
  CHECK(cudaMalloc(&dw, n * sizeof(float)));
  for (int i = 0; i < n; i++) h[i] = (float)(i % 29) - 7.0f;

  // copy h -> x; memset w = 0 (bytes); y = 2x + 1 and z = -x + 3 (both
  // after the copy); w = y + z (after both); host note; copy w -> out.
  cudaGraph_t g;
  CHECK(cudaGraphCreate(&g, 0));
  cudaGraphNode_t cp, ms, ky, kz, kw, hn, back, empty;
  CHECK(cudaGraphAddMemcpyNode1D(&cp, g, NULL, 0, dx, h, n * sizeof(float), cudaMemcpyHostToDevice));
  cudaMemsetParams mp = {};
  mp.dst = dw; mp.value = 0x7f; mp.elementSize = 1; mp.width = n * sizeof(float); mp.height = 1;
  CHECK(cudaGraphAddMemsetNode(&ms, g, NULL, 0, &mp));
  float a1 = 2.0f, b1 = 1.0f, a2 = -1.0f, b2 = 3.0f;
  int nn = n;
  void *py[] = { &dy, &dx, &a1, &b1, &nn };
  void *pz[] = { &dz, &dx, &a2, &b2, &nn };
  void *pw[] = { &dw, &dy, &dz, &nn };
  cudaKernelNodeParams kp = {};
  kp.func = (void *)axpb; kp.gridDim = dim3((n + 63) / 64); kp.blockDim = dim3(64);
  kp.kernelParams = py;
  CHECK(cudaGraphAddKernelNode(&ky, g, &cp, 1, &kp));
  kp.kernelParams = pz;
  CHECK(cudaGraphAddKernelNode(&kz, g, &cp, 1, &kp));
  a1 = 1000.0f;  // parameters were copied when the node was added
  cudaGraphNode_t yz_ms[] = { ky, kz, ms };
  cudaKernelNodeParams kq = kp;
  kq.func = (void *)add2; kq.kernelParams = pw;
  CHECK(cudaGraphAddKernelNode(&kw, g, yz_ms, 3, &kq));
  cudaHostNodeParams hp = { note, (void *)1 };
  CHECK(cudaGraphAddHostNode(&hn, g, &kw, 1, &hp));
  CHECK(cudaGraphAddEmptyNode(&empty, g, NULL, 0));
  CHECK(cudaGraphAddMemcpyNode1D(&back, g, &hn, 1, out, dw, n * sizeof(float), cudaMemcpyDeviceToHost));
  cudaGraphNode_t from[] = { empty }, to[] = { kw };
  CHECK(cudaGraphAddDependencies(g, from, to, NULL, 1));

  size_t count = 0;
  CHECK(cudaGraphGetNodes(g, NULL, &count));
  EXPECT(count == 8);
  CHECK(cudaGraphGetRootNodes(g, NULL, &count));
  EXPECT(count == 3);
  CHECK(cudaGraphNodeGetDependencies(kw, NULL, NULL, &count));
  EXPECT(count == 4);
  CHECK(cudaGraphNodeGetDependentNodes(cp, NULL, NULL, &count));
  EXPECT(count == 2);
  CHECK(cudaGraphGetEdges(g, NULL, NULL, NULL, &count));
  EXPECT(count == 8);
  cudaGraphNodeType t;
  CHECK(cudaGraphNodeGetType(ms, &t));
  EXPECT(t == cudaGraphNodeTypeMemset);
  CHECK(cudaGraphNodeGetType(hn, &t));
  EXPECT(t == cudaGraphNodeTypeHost);
  cudaKernelNodeParams got;
  CHECK(cudaGraphKernelNodeGetParams(ky, &got));
  EXPECT(got.func == (void *)axpb && got.gridDim.x == (unsigned)(n + 63) / 64 && *(float *)got.kernelParams[2] == 2.0f);

  cudaGraphExec_t x;
  CHECK(cudaGraphInstantiate(&x, g, 0));
  CHECK(cudaGraphLaunch(x, 0));
  CHECK(cudaStreamSynchronize(0));
  for (int i = 0; i < n; i++) EXPECT(out[i] == (2.0f * h[i] + 1.0f) + (-h[i] + 3.0f));
  EXPECT(norder == 1 && order[0] == 1);

  // The executable graph's own parameters: z = 5x (y unchanged).
  float a3 = 5.0f, b3 = 0.0f;
  void *pz3[] = { &dz, &dx, &a3, &b3, &nn };
  kp.kernelParams = pz3;
  CHECK(cudaGraphExecKernelNodeSetParams(x, kz, &kp));
  CHECK(cudaGraphLaunch(x, 0));
  for (int i = 0; i < n; i++) EXPECT(out[i] == (2.0f * h[i] + 1.0f) + 5.0f * h[i]);

  // The graph's parameters change; the executable graph follows only
  // after cudaGraphExecUpdate. y = -2x.
  float a4 = -2.0f, b4 = 0.0f;
  void *py4[] = { &dy, &dx, &a4, &b4, &nn };
  kp.kernelParams = py4;
  CHECK(cudaGraphKernelNodeSetParams(ky, &kp));
  CHECK(cudaGraphLaunch(x, 0));
  for (int i = 0; i < n; i++) EXPECT(out[i] == (2.0f * h[i] + 1.0f) + 5.0f * h[i]);
  cudaGraphExecUpdateResultInfo info;
  CHECK(cudaGraphExecUpdate(x, g, &info));
  EXPECT(info.result == cudaGraphExecUpdateSuccess);
  CHECK(cudaGraphLaunch(x, 0));
  for (int i = 0; i < n; i++) EXPECT(out[i] == -2.0f * h[i] + (-h[i] + 3.0f));

  // A clone is independent of its original.
  cudaGraph_t c;
  CHECK(cudaGraphClone(&c, g));
  cudaGraphNode_t ky_c;
  CHECK(cudaGraphNodeFindInClone(&ky_c, ky, c));
  float a5 = 0.0f, b5 = 7.0f;
  void *py5[] = { &dy, &dx, &a5, &b5, &nn };
  kp.kernelParams = py5;
  CHECK(cudaGraphKernelNodeSetParams(ky_c, &kp));
  cudaGraphExec_t xc;
  CHECK(cudaGraphInstantiate(&xc, c, 0));
  CHECK(cudaGraphLaunch(xc, 0));
  for (int i = 0; i < n; i++) EXPECT(out[i] == 7.0f + (-h[i] + 3.0f));
  CHECK(cudaGraphLaunch(x, 0));
  for (int i = 0; i < n; i++) EXPECT(out[i] == -2.0f * h[i] + (-h[i] + 3.0f));

  // A child graph: the whole graph twice in a row, then a memset that
  // clears out's first element (4-byte elements).
  cudaGraph_t parent;
  CHECK(cudaGraphCreate(&parent, 0));
  cudaGraphNode_t c1, c2, set4;
  CHECK(cudaGraphAddChildGraphNode(&c1, parent, NULL, 0, g));
  CHECK(cudaGraphAddChildGraphNode(&c2, parent, &c1, 1, g));
  cudaMemsetParams m4 = {};
  m4.dst = dw; m4.value = 0x40400000u; /* 3.0f */ m4.elementSize = 4; m4.width = 2; m4.height = 1;
  CHECK(cudaGraphAddMemsetNode(&set4, parent, &c2, 1, &m4));
  cudaGraphNode_t back2;
  CHECK(cudaGraphAddMemcpyNode1D(&back2, parent, &set4, 1, out, dw, n * sizeof(float), cudaMemcpyDeviceToHost));
  cudaGraphExec_t xp;
  norder = 0;
  CHECK(cudaGraphInstantiate(&xp, parent, 0));
  CHECK(cudaGraphLaunch(xp, 0));
  EXPECT(norder == 2);
  for (int i = 0; i < n; i++) EXPECT(out[i] == (i < 2 ? 3.0f : -2.0f * h[i] + (-h[i] + 3.0f)));
  CHECK(cudaGraphDebugDotPrint(parent, "graph_explicit.dot", 0));
  FILE *f = fopen("graph_explicit.dot", "r");
  EXPECT(f != NULL);
  char line[256];
  int edges = 0, digraph = 0;
  while (fgets(line, sizeof line, f)) {
    digraph += strncmp(line, "digraph", 7) == 0;
    edges += strstr(line, "->") != NULL;
  }
  fclose(f);
  remove("graph_explicit.dot");
  EXPECT(digraph == 1 && edges == 3 + 2 * 8);

  CHECK(cudaGraphExecDestroy(xp));
  CHECK(cudaGraphExecDestroy(xc));
  CHECK(cudaGraphExecDestroy(x));
  CHECK(cudaGraphDestroy(parent));
  CHECK(cudaGraphDestroy(c));
  CHECK(cudaGraphDestroy(g));
  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));
  CHECK(cudaFree(dz));
  CHECK(cudaFree(dw));
  free(h);
  free(out);
  printf("PASS\n");
  return 0;
}
