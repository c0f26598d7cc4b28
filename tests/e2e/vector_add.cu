/* vector_add.cu: c = a + b, written as valid C (no C++ features): C headers,
 * malloc with casts, int launch configuration, cudaMemcpy with all arguments. */
#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>

#define N 1000

__global__ void vector_add(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

static unsigned int lcg_state = 12345u;

static unsigned int lcg(void)
{
    lcg_state = lcg_state * 1664525u + 1013904223u;
    return lcg_state >> 8;
}

int main(void)
{
    size_t bytes = N * sizeof(float);
    float *a = (float *)malloc(bytes);
    float *b = (float *)malloc(bytes);
    float *c = (float *)malloc(bytes);
    float *da;
    float *db;
    float *dc;
    int i;
    int failures = 0;

    for (i = 0; i < N; i++) {
        a[i] = (float)(lcg() % 10000) / 100.0f;
        b[i] = (float)(lcg() % 10000) / 7.0f;
        c[i] = -1.0f;
    }
    cudaMalloc((void **)&da, bytes);
    cudaMalloc((void **)&db, bytes);
    cudaMalloc((void **)&dc, bytes);
    cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice);
    vector_add<<<N / 256 + 1, 256>>>(da, db, dc, N);
    if (cudaGetLastError() != cudaSuccess) {
        printf("launch failed\n");
        return 1;
    }
    cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost);

    for (i = 0; i < N; i++) {
        float want = a[i] + b[i];
        if (c[i] != want) {
            if (failures < 10)
                printf("c[%d]: got %f, expected %f\n", i, c[i], want);
            failures++;
        }
    }
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    free(a);
    free(b);
    free(c);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
