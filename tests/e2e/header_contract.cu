// header_contract.cu: the CUDA headers' contract with programs.
// - cuda_runtime.h and the headers behind it define NVIDIA's include
//   guards, which sample-style helpers test (header_contract.h defines
//   CHECK_CUDA under __DRIVER_TYPES_H__ and contract_find_device under
//   __CUDA_RUNTIME_H__; without the guards this file does not compile).
// - nvcc's predefined macros: __CUDACC__, __NVCC__, __CUDACC_VER_*__,
//   CUDART_VERSION, and __CUDA_ARCH__ in device code, where code under
//   #ifdef __CUDA_ARCH__ takes its device path (kernels and __device__
//   functions alike).
// - Toolkit headers that programs include directly work:
//   cuda_profiler_api.h (no-ops that succeed), NVTX ranges, math_constants.h,
//   sm_32_intrinsics.h, texture_types.h, channel_descriptor.h.
#include <cuda_runtime.h>
#include <cuda_profiler_api.h>
#include <math_constants.h>
#include <sm_32_intrinsics.h>
#include <texture_types.h>
#include <channel_descriptor.h>
#include <nvtx3/nvToolsExt.h>
#include "header_contract.h"

#if !defined(__CUDACC__) || !defined(__NVCC__)
#error "__CUDACC__ and __NVCC__ must be predefined in a .cu file"
#endif
#if !defined(__CUDACC_VER_MAJOR__) || !defined(__CUDACC_VER_MINOR__) || !defined(__CUDACC_VER_BUILD__)
#error "__CUDACC_VER_MAJOR__/_MINOR__/_BUILD__ must be predefined"
#endif
#if __CUDACC_VER_MAJOR__ < 12
#error "nvcc 12 or later expected"
#endif
#if !defined(CUDART_VERSION) || CUDART_VERSION < 12000
#error "CUDART_VERSION comes with cuda_runtime_api.h"
#endif
#ifdef CONTRACT_HAS_DRIVER_API
#error "cuda.h was not included, so its guard __cuda_cuda_h__ must not be defined"
#endif

// 1 on the device path, 0 on the host path.
__host__ __device__ int which_path(void)
{
#ifdef __CUDA_ARCH__
    return 1;
#else
    return 0;
#endif
}

__device__ int device_arch(void)
{
#if defined(__CUDA_ARCH__)
    return __CUDA_ARCH__;
#else
    return -1;
#endif
}

// out[0]: the kernel's own path, out[1]: a __host__ __device__ function's,
// out[2]: __CUDA_ARCH__ as a __device__ function sees it.
__global__ void paths(int *out)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
#ifdef __CUDA_ARCH__
        out[0] = 1;
#else
        out[0] = 0;
#endif
        out[1] = which_path();
        out[2] = device_arch();
    }
}

int main(void)
{
    int fails = 0;
    if (contract_find_device() < 1) {
        printf("no device\n");
        fails++;
    }
    CHECK_CUDA(cudaProfilerStart());
    nvtxRangePushA("paths");
    int *d, h[3] = {-9, -9, -9};
    CHECK_CUDA(cudaMalloc(&d, sizeof h));
    paths<<<2, 32>>>(d);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    nvtxRangePop();
    CHECK_CUDA(cudaProfilerStop());
    if (h[0] != 1 || h[1] != 1) {
        printf("device code took the host path of #ifdef __CUDA_ARCH__: kernel %d, host-device function %d\n", h[0], h[1]);
        fails++;
    }
    if (h[2] < 750) {
        printf("__CUDA_ARCH__ in device code is %d, expected at least 750\n", h[2]);
        fails++;
    }
    float3 v = make_float3(1.0f, 2.0f, 3.0f);
    if (contract_sum(v) != 6.0f) {
        printf("contract_sum gave %g\n", contract_sum(v));
        fails++;
    }
    if (!(CUDART_PI_F > 3.14f && CUDART_PI_F < 3.15f)) {
        printf("CUDART_PI_F is %g\n", CUDART_PI_F);
        fails++;
    }
    cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
    if (cd.x != 32 || cd.f != cudaChannelFormatKindFloat) {
        printf("cudaCreateChannelDesc<float>() is (%d, %d)\n", cd.x, (int)cd.f);
        fails++;
    }
    CHECK_CUDA(cudaFree(d));
    if (fails)
        return 1;
    printf("PASS\n");
    return 0;
}
