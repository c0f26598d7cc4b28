// saxpy_guard_vec.cu: the usual guarded kernel; the bounds pass turns its
// guard into the thread loop's bound, so gcc -O2 vectorizes that loop
// (checked through the compiler's vectorization report by
// tests/passes/CMakeLists.txt); it also checks its result.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void saxpy(int n, float a, const float *__restrict__ x, float *__restrict__ y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

int main()
{
    const int n = 100003;   // not a multiple of the block size
    float *x, *y;
    cudaMallocManaged(&x, (n + 1) * sizeof(float));
    cudaMallocManaged(&y, (n + 1) * sizeof(float));
    for (int i = 0; i <= n; i++) {
        x[i] = (float)(i % 17);
        y[i] = (float)(i % 5);
    }
    saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, x, y);
    cudaDeviceSynchronize();
    int bad = y[n] != (float)(n % 5);
    for (int i = 0; i < n; i++)
        if (y[i] != 2.0f * (float)(i % 17) + (float)(i % 5)) bad++;
    printf(bad ? "FAIL: %d mismatches\n" : "PASS\n", bad);
    return bad != 0;
}
