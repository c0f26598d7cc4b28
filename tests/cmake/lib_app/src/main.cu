// Adds two vectors through the library, scales the sum by 3 and checks it;
// with SEPARABLE also calls the library's __device__ function from here.
#include <cstdio>
#include "vec.h"

#define STR(x) #x
#define XSTR(x) STR(x)

#ifdef SEPARABLE_CHECK
__global__ void twice_kernel(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = vec_twice(x[i]);
}
#endif

int main()
{
    const int n = 1000;
    float *a, *b, *c;
    cudaMallocManaged(&a, n * sizeof(float));
    cudaMallocManaged(&b, n * sizeof(float));
    cudaMallocManaged(&c, n * sizeof(float));
    for (int i = 0; i < n; i++) {
        a[i] = i;
        b[i] = 2 * i;
    }
    vec_add(a, b, c, n);
    vec_scale(c, n);
    int factor = 9;
#ifdef SEPARABLE_CHECK
    twice_kernel<<<(n + 255) / 256, 256>>>(c, n);
    cudaDeviceSynchronize();
    factor = 18;
#endif
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += c[i] != (float)(factor * i);
    printf("lib_app: %s (c++ %ld, arch %s)\n", bad ? "FAIL" : "ok", vec_cplusplus(),
           XSTR(__CUDA_ARCH_LIST__));
    return bad != 0;
}
