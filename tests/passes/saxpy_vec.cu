// saxpy_vec.cu: a simple kernel whose translated thread loop gcc -O3
// vectorizes (checked through the compiler's vectorization report by
// tests/passes/CMakeLists.txt); it also checks its result.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void saxpy(int n, float a, const float *__restrict__ x, float *__restrict__ y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    y[i] = a * x[i] + y[i];   // n is a multiple of the block size
}

int main()
{
    const int n = 1 << 16;
    float *x, *y;
    cudaMallocManaged(&x, n * sizeof(float));
    cudaMallocManaged(&y, n * sizeof(float));
    for (int i = 0; i < n; i++) {
        x[i] = (float)(i % 17);
        y[i] = (float)(i % 5);
    }
    saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, x, y);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int i = 0; i < n; i++)
        if (y[i] != 2.0f * (float)(i % 17) + (float)(i % 5)) bad++;
    printf(bad ? "FAIL: %d mismatches\n" : "PASS\n", bad);
    return bad != 0;
}
