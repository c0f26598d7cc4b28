// relax_1000_launches.cu: 1D Jacobi relaxation with fixed ends; the kernel is
// launched 1000 times from a host loop with ping-pong buffers, and checked
// against the same iteration on the host.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define ITERS 1000

__global__ void relax(const float *src, float *dst, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i == 0 || i == n - 1)
        dst[i] = src[i];
    else if (i < n)
        dst[i] = (src[i - 1] + src[i + 1]) * 0.5f;
}

int main()
{
    const int n = 300;
    float *a = (float *)malloc(n * sizeof(float));
    float *b = (float *)malloc(n * sizeof(float));
    float *out = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++)
        a[i] = (float)((i * 37) % 17);
    a[0] = 100.0f;
    a[n - 1] = -50.0f;
    float *d0, *d1;
    CK(cudaMalloc(&d0, n * sizeof(float)));
    CK(cudaMalloc(&d1, n * sizeof(float)));
    CK(cudaMemcpy(d0, a, n * sizeof(float), cudaMemcpyHostToDevice));
    for (int it = 0; it < ITERS; it++) {
        relax<<<(n + 127) / 128, 128>>>(d0, d1, n);
        float *t = d0;
        d0 = d1;
        d1 = t;
    }
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, d0, n * sizeof(float), cudaMemcpyDeviceToHost));

    for (int it = 0; it < ITERS; it++) {
        b[0] = a[0];
        b[n - 1] = a[n - 1];
        for (int i = 1; i < n - 1; i++)
            b[i] = (a[i - 1] + a[i + 1]) * 0.5f;
        float *t = a;
        a = b;
        b = t;
    }
    int failures = 0;
    for (int i = 0; i < n; i++)
        if (fabsf(out[i] - a[i]) > 1e-4f * (1.0f + fabsf(a[i]))) {
            if (failures < 10)
                printf("x[%d]: got %.8g, expected %.8g\n", i, out[i], a[i]);
            failures++;
        }
    cudaFree(d0);
    cudaFree(d1);
    free(a);
    free(b);
    free(out);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
