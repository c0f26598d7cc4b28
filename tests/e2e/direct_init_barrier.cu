// direct_init_barrier.cu: direct-initialized locals `T x(e);` and
// `T a(x), b(y);` in a kernel with a barrier (HeCBench's marchingCubes:
// `float minV(v), maxV(v);`): clang's extent of such a declarator stops
// before its `)`, which the translation must still copy.
#include <cstdio>
#include <cuda_runtime.h>

#define B 32

__global__ void k(const int *in, int *out)
{
  __shared__ int s[B];
  int v(in[blockIdx.x * B + threadIdx.x]);
  int lo(v), hi(v + 1);
  float f{v * 0.5f};
  s[threadIdx.x] = v;
  __syncthreads();
  out[blockIdx.x * B + threadIdx.x] = lo + hi + s[B - 1 - threadIdx.x] + (int)(f * 2);
}

int main()
{
  const int nb = 2, n = nb * B;
  int a[n], h[n];
  for (int i = 0; i < n; i++) a[i] = i * 7 - 50;
  int *da, *d;
  cudaMalloc(&da, sizeof a);
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  k<<<nb, B>>>(da, d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(da);
  cudaFree(d);
  int bad = 0;
  for (int b = 0; b < nb; b++)
    for (int t = 0; t < B; t++) {
      int g = b * B + t, want = a[g] + a[g] + 1 + a[b * B + B - 1 - t] + a[g];
      if (h[g] != want && bad++ < 5) printf("at %d: %d, want %d\n", g, h[g], want);
    }
  if (bad) { printf("FAIL (%d)\n", bad); return 1; }
  printf("PASS\n");
  return 0;
}
