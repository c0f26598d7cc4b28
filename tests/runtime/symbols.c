/* symbols.c: __constant__ / __device__ variables are host globals; copies
 * to and from them honour offsets, and registered sizes are enforced. */
#include <math.h>
#include "cuda_runtime.h"
#include "check.h"

static float coef[8];
static int counter;

int main(void)
{
  float h[4] = {1, 2, 3, 4}, back[8];
  int n = 42, m = 0;
  cucpu_register_symbol(coef, sizeof coef);
  CHECK(cudaMemcpyToSymbol(coef, h, sizeof h, 4 * sizeof(float), cudaMemcpyHostToDevice) == cudaSuccess);
  CHECK(coef[4] == 1 && coef[7] == 4 && coef[0] == 0);
  CHECK(cudaMemcpyFromSymbol(back, coef, sizeof coef, 0, cudaMemcpyDeviceToHost) == cudaSuccess);
  CHECK(back[5] == 2);
  CHECK(cudaMemcpyToSymbol(&counter, &n, sizeof n, 0, cudaMemcpyHostToDevice) == cudaSuccess);
  CHECK(cudaMemcpyFromSymbolAsync(&m, &counter, sizeof m, 0, cudaMemcpyDeviceToHost, 0) == cudaSuccess);
  CHECK(m == 42);
  size_t size = 0;
  CHECK(cudaGetSymbolSize(&size, coef) == cudaSuccess && size == sizeof coef);
  CHECK(cudaMemcpyToSymbol(coef, h, sizeof h, 6 * sizeof(float), cudaMemcpyHostToDevice) == cudaErrorInvalidValue);
  CHECK(cudaMemcpyToSymbol(coef, h, 4, 0, cudaMemcpyDeviceToHost) == cudaErrorInvalidMemcpyDirection);
  CHECK(cudaGetSymbolSize(&size, &counter) == cudaErrorInvalidSymbol);
  void *addr;
  CHECK(cudaGetSymbolAddress(&addr, coef) == cudaSuccess && addr == (void *)coef);
  cudaGetLastError();
  return 0;
}
