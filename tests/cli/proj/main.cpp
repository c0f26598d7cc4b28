// main.cpp: the C++ host program, built by $(CXX) against the CUDA headers.
#include <cstdio>
#include <cuda_runtime.h>
#include "proj.h"

int main()
{
    const int n = 1000;
    static float h[n];
    for (int i = 0; i < n; i++) h[i] = 1.0f;
    run_scale(h, n, 3.0f);
    double sum = run_sum(h, n);
    int ok = sum == 3000.0 && mean_of(h, n) == 3.0f && cudaDeviceSynchronize() == cudaSuccess;
    std::printf("c++ link: sum %.0f %s\n", sum, ok ? "ok" : "FAIL");
    return !ok;
}
