// managed_memory.cu: cudaMallocManaged buffers written on the host, updated
// by kernels, and read on the host after cudaDeviceSynchronize.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

struct Pair {
    int key;
    float value;
};

__global__ void update(Pair *p, int *count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        p[i].value = p[i].value * 2.0f + (float)p[i].key;
        if (p[i].key % 2 == 0)
            atomicAdd(count, 1);
    }
}

int main()
{
    const int n = 1500;
    Pair *p;
    int *count;
    CK(cudaMallocManaged(&p, n * sizeof(Pair)));
    CK(cudaMallocManaged(&count, sizeof(int)));
    for (int i = 0; i < n; i++) {
        p[i].key = (i * 7) % 13;
        p[i].value = (float)i * 0.5f;
    }
    *count = 0;
    update<<<(n + 255) / 256, 256>>>(p, count, n);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    update<<<(n + 255) / 256, 256>>>(p, count, n);
    CK(cudaDeviceSynchronize());

    int failures = 0, wcount = 0;
    for (int i = 0; i < n; i++) {
        int key = (i * 7) % 13;
        float v = (float)i * 0.5f;
        v = v * 2.0f + (float)key;
        v = v * 2.0f + (float)key;
        if (key % 2 == 0)
            wcount += 2;
        if (p[i].key != key || p[i].value != v) {
            if (failures < 10)
                printf("p[%d]: got {%d, %g}, expected {%d, %g}\n", i, p[i].key, p[i].value, key, v);
            failures++;
        }
    }
    if (*count != wcount) {
        printf("count: got %d, expected %d\n", *count, wcount);
        failures++;
    }
    cudaFree(p);
    cudaFree(count);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
