/* header_modes.c: a translated-looking program that includes every header
 * cucpu ships; the test compiles it as C (gcc -std=gnu11) and as C++ (g++)
 * with -Wall -Wextra -Werror, so the headers stay warning-free in both
 * compile modes. */
#include <cuda_runtime.h>
#include <cuda_runtime_api.h>
#include <cuda.h>
#include <device_launch_parameters.h>
#include <device_functions.h>
#include <vector_types.h>
#include <vector_functions.h>
#include <driver_types.h>
#include <host_defines.h>
#include <builtin_types.h>
#include <math_constants.h>
#include <math_functions.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cooperative_groups.h>
#include <sm_20_atomic_functions.h>

__constant__ float coef[4];
__device__ int counter;

static void kernel_body(float *out, dim3 blockIdx, dim3 threadIdx, dim3 blockDim)
{
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  out[i] = sqrtf(coef[0]) + __expf(1.0f) + min(i, 3) + (float)warpSize;
  atomicAdd(&counter, 1);
}

int main(void)
{
  float *d;
  dim3 g = cucpu_dim3(1, 1, 1), b = cucpu_dim3(4, 1, 1), t;
  if (cudaMalloc(&d, 4 * sizeof(float)) != cudaSuccess)
    return 1;
  if (cucpu_launch_check(g, b, 0) == cudaSuccess)
    for (unsigned x = 0; x < b.x; x++) {
      t = cucpu_dim3(x, 0, 0);
      kernel_body(d, cucpu_dim3(0, 0, 0), t, b);
    }
  cudaDeviceSynchronize();
  __half h = __float2half(0.5f);
  __nv_bfloat16 bf = __float2bfloat16(0.25f);
  int ok = counter == 4 && __half2float(h) == 0.5f && __bfloat162float(bf) == 0.25f;
  cudaFree(d);
  return ok ? 0 : 1;
}
