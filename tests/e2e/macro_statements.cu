// macro_statements.cu: a macro that expands to several statements inside a
// kernel (HeCBench's kernelLaunch: `#define BODY unsigned i = ...; if (out)
// *out = ...;`, used as `{ BODY; }`). Every statement's range is the whole
// invocation; it must be printed once, in a kernel without barriers and
// around the barrier of a kernel that has one.
#include <cstdio>
#include <cuda_runtime.h>

#define B 32
#define BODY                                    \
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x; \
  if (out) out[i] = args[i] + 1;

#define LOAD(s, v) s[threadIdx.x] = v; v = 0

__global__ void plain(const int *args, int *out) { BODY; }

__global__ void shared_rev(const int *args, int *out)
{
  __shared__ int s[B];
  int v = args[blockIdx.x * B + threadIdx.x];
  LOAD(s, v);
  __syncthreads();
  v += s[B - 1 - threadIdx.x];
  out[blockIdx.x * B + threadIdx.x] = v;
}

int main()
{
  const int nb = 3, n = nb * B;
  int h[n], r[n], a[n];
  for (int i = 0; i < n; i++) a[i] = i * 3 - 11;
  int *da, *d;
  cudaMalloc(&da, sizeof a);
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  plain<<<nb, B>>>(da, d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  shared_rev<<<nb, B>>>(da, d);
  cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost);
  cudaFree(da);
  cudaFree(d);
  int bad = 0;
  for (int b = 0; b < nb; b++)
    for (int t = 0; t < B; t++) {
      int g = b * B + t;
      if (h[g] != a[g] + 1 || r[g] != a[b * B + B - 1 - t]) {
        if (bad++ < 5) printf("at %d: %d %d, want %d %d\n", g, h[g], r[g], a[g] + 1, a[b * B + B - 1 - t]);
      }
    }
  if (bad) { printf("FAIL (%d)\n", bad); return 1; }
  printf("PASS\n");
  return 0;
}
