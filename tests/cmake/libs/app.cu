// A dot product with cuBLAS, a 4-point FFT with cuFFT and the first value
// cuRAND's XORWOW host generator gives for seed 1234 (0x253d5e15 on an H100);
// prints all three.
#include <cublas_v2.h>
#include <curand.h>
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
  unsigned r = 0, *dr;
  cudaMalloc((void **)&dr, sizeof r);
  curandGenerator_t g;
  curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT);
  curandSetPseudoRandomGeneratorSeed(g, 1234ULL);
  curandGenerate(g, dr, 1);
  cudaMemcpy(&r, dr, sizeof r, cudaMemcpyDeviceToHost);
  curandDestroyGenerator(g);
  printf("libs: dot %g, fft[1] %g%+gi, rand %08x\n", dot, c[1].x, c[1].y, r);
  return 0;
}
