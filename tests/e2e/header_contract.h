// header_contract.h: a helper header in the manner of the CUDA samples'
// helper_cuda.h (written for this test): what it defines depends on which
// CUDA headers came before it, which it learns from their include guards.
#ifndef HEADER_CONTRACT_H
#define HEADER_CONTRACT_H

#include <cstdio>
#include <cstdlib>

#ifdef __DRIVER_TYPES_H__
// Runtime error checks: only when cudaError_t is known.
static inline void contract_check(cudaError_t e, const char *what, int line)
{
    if (e != cudaSuccess) {
        printf("line %d: %s: %s\n", line, what, cudaGetErrorString(e));
        exit(1);
    }
}
#define CHECK_CUDA(call) contract_check((call), #call, __LINE__)
#endif

#ifdef __CUDA_RUNTIME_H__
// Device selection: only when the runtime API is known.
static inline int contract_find_device(void)
{
    int n = 0;
    CHECK_CUDA(cudaGetDeviceCount(&n));
    CHECK_CUDA(cudaSetDevice(0));
    return n;
}
#endif

#ifdef __VECTOR_TYPES_H__
static inline float contract_sum(float3 v) { return v.x + v.y + v.z; }
#endif

#ifdef __cuda_cuda_h__
#define CONTRACT_HAS_DRIVER_API 1
#endif

#endif
