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
#line 1 "/work/wt-merge/tests/cli/hello.cu"
// A host-only .cu: prints a macro from -D and a value from a header on -I.
#include <stdio.h>
#include "cli_answer.h"

#ifndef GREETING
#define GREETING "hello"
#endif

int main(void)
{
    printf("%s %d\n", GREETING, CLI_ANSWER);
    return 0;
}
