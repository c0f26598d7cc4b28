// saxpy_grid_stride.cu: y = a*x + y with a grid-stride loop; the grid is much
// smaller than n, so every thread handles several elements.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void saxpy(int n, float a, const float *x, float *y)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = a * x[i] + y[i];
}

static unsigned lcg_state = 7u;
static unsigned lcg() { lcg_state = lcg_state * 1664525u + 1013904223u; return lcg_state >> 8; }

int main()
{
    const int n = 10007;
    const float a = 2.5f;
    float *x = (float *)malloc(n * sizeof(float));
    float *y = (float *)malloc(n * sizeof(float));
    float *ref = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) {
        x[i] = (float)(lcg() % 2000) / 100.0f - 10.0f;
        y[i] = (float)(lcg() % 2000) / 50.0f - 20.0f;
        ref[i] = a * x[i] + y[i];
    }
    float *dx, *dy;
    CK(cudaMalloc(&dx, n * sizeof(float)));
    CK(cudaMalloc(&dy, n * sizeof(float)));
    CK(cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dy, y, n * sizeof(float), cudaMemcpyHostToDevice));
    saxpy<<<8, 128>>>(n, a, dx, dy);
    CK(cudaGetLastError());
    CK(cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int i = 0; i < n; i++) {
        float tol = 1e-5f * (1.0f + fabsf(ref[i]));   // fma contraction allowed
        if (!(fabsf(y[i] - ref[i]) <= tol)) {
            if (failures < 10)
                printf("y[%d]: got %.8g, expected %.8g (tol %g)\n", i, y[i], ref[i], tol);
            failures++;
        }
    }
    cudaFree(dx);
    cudaFree(dy);
    free(x);
    free(y);
    free(ref);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
