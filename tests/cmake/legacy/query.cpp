// Plain C++ linked with find_package(CUDAToolkit)'s CUDA::cudart in a
// project without the CUDA language: asks the runtime about the device.
#include <cstdio>
#include <cuda_runtime.h>

int main()
{
    int count = 0, runtime = 0;
    cudaDeviceProp prop;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1 ||
        cudaGetDeviceProperties(&prop, 0) != cudaSuccess)
        return 1;
    cudaRuntimeGetVersion(&runtime);
    std::printf("query: %d device(s), runtime %d, %s\n", count, runtime,
                prop.multiProcessorCount > 0 ? "has multiprocessors" : "no multiprocessors");
    return 0;
}
