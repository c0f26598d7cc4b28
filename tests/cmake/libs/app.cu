// A dot product with cuBLAS and a 4-point FFT with cuFFT; prints both.
#include <cublas_v2.h>
#include <cufft.h>
#include <cuda_runtime.h>
#include <stdio.h>

int main()
{
  float x[4] = {1, 2, 3, 4}, *dx, dot = 0;
  cudaMalloc((void **)&dx, sizeof x);
  cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSdot(h, 4, dx, 1, dx, 1, &dot);
  cublasDestroy(h);

  cufftComplex c[4] = {{1, 0}, {2, 0}, {3, 0}, {4, 0}}, *dc;
  cudaMalloc((void **)&dc, sizeof c);
  cudaMemcpy(dc, c, sizeof c, cudaMemcpyHostToDevice);
  cufftHandle p;
  cufftPlan1d(&p, 4, CUFFT_C2C, 1);
  cufftExecC2C(p, dc, dc, CUFFT_FORWARD);
  cudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost);
  cufftDestroy(p);
  printf("libs: dot %g, fft[1] %g%+gi\n", dot, c[1].x, c[1].y);
  return 0;
}
