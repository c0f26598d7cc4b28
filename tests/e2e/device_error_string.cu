// cucpu-flags: -rdc=true
// device_error_string.cu: cudaGetErrorString and cudaGetErrorName called
// from device code, as the device runtime allows (HeCBench's logic-rewrite
// checks errors in a __device__ helper that prints cudaGetErrorString).
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__device__ int check(cudaError_t code)
{
  if (code != cudaSuccess) {
    printf("device saw: %s (%s)\n", cudaGetErrorString(code), cudaGetErrorName(code));
    return 1;
  }
  return 0;
}

__global__ void k(int *out)
{
  out[threadIdx.x] = check(threadIdx.x == 0 ? cudaErrorInvalidValue : cudaSuccess);
}

int main()
{
  int *d, h[4];
  cudaMalloc(&d, sizeof h);
  k<<<1, 4>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(d);
  if (h[0] != 1 || h[1] || h[2] || h[3]) { printf("FAIL\n"); return 1; }
  printf("PASS\n");
  return 0;
}
