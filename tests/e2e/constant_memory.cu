// constant_memory.cu: __constant__ polynomial coefficients and a lookup
// table filled with cudaMemcpyToSymbol (one copy uses an offset).
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define NCOEF 6

__constant__ float coef[NCOEF];
__constant__ int lut[16];

__global__ void poly(const float *x, float *y, const int *k, int *z, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float acc = 0.0f;
        for (int c = NCOEF - 1; c >= 0; c--)
            acc = acc * x[i] + coef[c];
        y[i] = acc;
        z[i] = lut[k[i] & 15];
    }
}

int main()
{
    const int n = 777;
    float hcoef[NCOEF] = {1.0f, -0.5f, 0.25f, 0.125f, -0.0625f, 0.03125f};
    int hlut[16];
    for (int i = 0; i < 16; i++)
        hlut[i] = i * i - 7;
    float *x = (float *)malloc(n * sizeof(float));
    float *y = (float *)malloc(n * sizeof(float));
    int *k = (int *)malloc(n * sizeof(int));
    int *z = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++) {
        x[i] = (float)(i % 41) / 20.0f - 1.0f;
        k[i] = i * 31;
    }
    CK(cudaMemcpyToSymbol(coef, hcoef, sizeof hcoef));
    CK(cudaMemcpyToSymbol(lut, hlut, 8 * sizeof(int)));
    CK(cudaMemcpyToSymbol(lut, hlut + 8, 8 * sizeof(int), 8 * sizeof(int)));
    float *dx, *dy;
    int *dk, *dz;
    CK(cudaMalloc(&dx, n * sizeof(float)));
    CK(cudaMalloc(&dy, n * sizeof(float)));
    CK(cudaMalloc(&dk, n * sizeof(int)));
    CK(cudaMalloc(&dz, n * sizeof(int)));
    CK(cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dk, k, n * sizeof(int), cudaMemcpyHostToDevice));
    poly<<<(n + 63) / 64, 64>>>(dx, dy, dk, dz, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(z, dz, n * sizeof(int), cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int i = 0; i < n; i++) {
        float acc = 0.0f;
        for (int c = NCOEF - 1; c >= 0; c--)
            acc = acc * x[i] + hcoef[c];
        int wz = hlut[k[i] & 15];
        if (fabsf(y[i] - acc) > 1e-5f || z[i] != wz) {
            if (failures < 10)
                printf("[%d]: got %g/%d, expected %g/%d\n", i, y[i], z[i], acc, wz);
            failures++;
        }
    }
    cudaFree(dx);
    cudaFree(dy);
    cudaFree(dk);
    cudaFree(dz);
    free(x);
    free(y);
    free(k);
    free(z);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
