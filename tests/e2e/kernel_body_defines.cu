// kernel_body_defines.cu: #define lines inside kernel bodies (HeCBench's
// hexciton defines its index macros there, twice): the launcher replaces the
// body, so the macros must still be defined for the code that uses them, in
// the kernel, in a later kernel, and in host code. An #undef at the end of a
// body holds after it; a #define in an #if 0 region is not one. rev runs
// from a host loop, through its team entry, which copies its signature.
#include <cstdio>
#include <cuda_runtime.h>

#define B 32

__global__ void fill(int *o, int n)
{
#define IDX(i, j) ((i) * 2 + \
                   (j))
#define SCALE 3
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g < n) o[IDX(g, 1) / 2] = g * SCALE;
#if 0
#define SCALE 1000
#endif
}

__global__ void rev(int *o)
{
#define IDX(i, j) ((i) * 2 + (j))
#define SHIFT(v) ((v) + 1)
  __shared__ int s[B];
  int t = threadIdx.x;
  s[t] = o[blockIdx.x * B + t];
  __syncthreads();
  o[IDX(blockIdx.x * B + t, 0) / 2] = SHIFT(s[B - 1 - t]);
#undef SHIFT
}

#ifdef SHIFT
#error SHIFT should be undefined here
#endif

int main()
{
  const int nb = 3, n = nb * B;
  int *d, h[n];
  cudaMalloc(&d, n * sizeof(int));
  fill<<<nb, B>>>(d, n);
  for (int r = 0; r < 1; r++)   // a host loop of launches: rev's team entry
    rev<<<nb, B>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(d);
  int bad = 0;
  for (int b = 0; b < nb; b++)
    for (int t = 0; t < B; t++) {
      int want = (b * B + B - 1 - t) * SCALE + 1;   // SCALE: the kernel's
      if (h[IDX(b * B + t, 0) / 2] != want && bad++ < 5)
        printf("at %d: %d, want %d\n", b * B + t, h[b * B + t], want);
    }
  if (bad) { printf("FAIL (%d)\n", bad); return 1; }
  printf("PASS\n");
  return 0;
}
