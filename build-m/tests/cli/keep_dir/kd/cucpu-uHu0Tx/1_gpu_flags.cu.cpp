#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef __NVCC__
#define __NVCC__ 1
#endif
#include <cuda_runtime.h>
#ifndef CUCPU_KERNEL_OPT
#define CUCPU_KERNEL_OPT
#endif
#line 1 "/work/wt-merge/tests/cli/gpu_flags.cu"
// Built with nvcc's GPU-only flags, which cucpu must accept and ignore.
#include <stdio.h>

int main(void)
{
    printf("gpu flags ok\n");
    return 0;
}
