/* bench's own stand-in for the two macros of the CUDA samples' helper_cuda.h
   that Rodinia's cfd uses (SDK_DIR=bench/rodinia_sdk): report a failed call
   and exit. */
#ifndef BENCH_HELPER_CUDA_H
#define BENCH_HELPER_CUDA_H
#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>

static inline void bench_check_cuda(cudaError_t e, const char *what, const char *file, int line)
{
    if (e != cudaSuccess) {
        fprintf(stderr, "%s:%d: %s: %s\n", file, line, what, cudaGetErrorString(e));
        exit(EXIT_FAILURE);
    }
}
#define checkCudaErrors(call) bench_check_cuda((call), #call, __FILE__, __LINE__)
#define getLastCudaError(msg) bench_check_cuda(cudaGetLastError(), (msg), __FILE__, __LINE__)
#endif
