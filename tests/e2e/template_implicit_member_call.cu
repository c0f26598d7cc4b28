// An implicit member call (`init(c, x)`, no object written) inside a member
// function template of a class template: the call's "object" has no type in
// libclang, and cucpu's CUB-collective check dereferenced it (segfault).
// Found in Rodinia's dwt2d (dwt_cuda/fdwt53.cu, initColumn(column, ...)).
#include <cstdio>
template <int N> struct S {
  template <bool C> struct Col { int off; };
  template <bool C> __device__ void init(Col<C> &c, int x) { c.off = C ? x + N : x - N; }
  template <bool C> __device__ int go(int x) { Col<C> c; init(c, x); return c.off; }
};
__global__ void k(int *o) { S<3> s; o[threadIdx.x] = s.go<true>(threadIdx.x) + s.go<false>(threadIdx.x); }
int main() {
  int *d, h[64];
  cudaMalloc(&d, sizeof h);
  k<<<1, 64>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < 64; i++)
    if (h[i] != 2 * i) { printf("o[%d] = %d, expected %d\n", i, h[i], 2 * i); bad = 1; }
  cudaFree(d);
  if (bad) return 1;
  printf("PASS\n");
  return 0;
}
