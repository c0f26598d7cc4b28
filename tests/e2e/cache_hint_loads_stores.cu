// cache_hint_loads_stores.cu: the cache-hinted loads and stores of
// sm_32_intrinsics.h (__ldcg, __ldca, __ldcs, __ldlu, __ldcv, __stwb,
// __stcg, __stcs, __stwt; HeCBench's layernorm uses __stcs) on int, float,
// double and float4, with a stored value of another type that converts.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void k(const float *a, const int *b, const double *c, const float4 *d,
                  float *fa, int *ib, double *dc, float4 *fd, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = __ldcg(a + i) + __ldca(a + i);
  int y = __ldcs(b + i) * 2 + __ldlu(b + i);
  double z = __ldcv(c + i);
  float4 w = __ldcs(d + i);
  __stcs(fa + i, x);
  __stwt(ib + i, y);
  __stcg(dc + i, z * 0.5f);          // a float that converts to double
  w.x += w.w;
  __stwb(fd + i, w);
}

int main()
{
  const int n = 100;
  float a[n], fa[n]; int b[n], ib[n]; double c[n], dc[n]; float4 d[n], fd[n];
  for (int i = 0; i < n; i++) { a[i] = i * 0.25f; b[i] = i - 7; c[i] = i * 3.0; d[i] = make_float4(i, 1, 2, i * 2.0f); }
  float *da, *dfa; int *db, *dib; double *dcp, *ddc; float4 *dd, *dfd;
  cudaMalloc(&da, sizeof a); cudaMalloc(&dfa, sizeof fa); cudaMalloc(&db, sizeof b); cudaMalloc(&dib, sizeof ib);
  cudaMalloc(&dcp, sizeof c); cudaMalloc(&ddc, sizeof dc); cudaMalloc(&dd, sizeof d); cudaMalloc(&dfd, sizeof fd);
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
  cudaMemcpy(dcp, c, sizeof c, cudaMemcpyHostToDevice);
  cudaMemcpy(dd, d, sizeof d, cudaMemcpyHostToDevice);
  k<<<4, 32>>>(da, db, dcp, dd, dfa, dib, ddc, dfd, n);
  cudaMemcpy(fa, dfa, sizeof fa, cudaMemcpyDeviceToHost);
  cudaMemcpy(ib, dib, sizeof ib, cudaMemcpyDeviceToHost);
  cudaMemcpy(dc, ddc, sizeof dc, cudaMemcpyDeviceToHost);
  cudaMemcpy(fd, dfd, sizeof fd, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; i++)
    if (fa[i] != a[i] * 2 || ib[i] != b[i] * 3 || dc[i] != c[i] * 0.5 || fd[i].x != d[i].x + d[i].w || fd[i].y != 1 || fd[i].w != d[i].w)
      if (bad++ < 5) printf("at %d: %g %d %g %g\n", i, fa[i], ib[i], dc[i], fd[i].x);
  if (bad) { printf("FAIL (%d)\n", bad); return 1; }
  printf("PASS\n");
  return 0;
}
