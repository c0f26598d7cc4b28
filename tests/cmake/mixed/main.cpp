// Host C++ (compiled by the C++ compiler, not cucpu): copies numbers to the
// device with the CUDA runtime API, squares them in a kernel of square.cu
// and checks what comes back.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include "square.h"

int main()
{
    const int n = 300;
    std::vector<float> h(n);
    for (int i = 0; i < n; i++)
        h[i] = (float)i;
    float *d = nullptr;
    if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess)
        return 1;
    cudaMemcpy(d, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    square_on_device(d, n);
    cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaFree(d);
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += h[i] != (float)(i * i);
    int runtime = 0;
    cudaRuntimeGetVersion(&runtime);
    std::printf("mixed: %s (runtime %d)\n", bad ? "FAIL" : "ok", runtime);
    return bad != 0;
}
