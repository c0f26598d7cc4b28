/*
 * predef.c: the macros a compile sees before the user's first line, as
 * nvcc predefines them (docs/features.md, "Predefined macros").
 *
 * Every host compile and the translator's parse get nvcc's version macros
 * (__NVCC__, __CUDACC_VER_MAJOR__/_MINOR__/_BUILD__, __CUDA_ARCH_LIST__) and
 * CUCPU_ARCH, the target architecture that cucpu's headers declare the
 * intrinsics of and define __CUDA_ARCH__ from in .cu files. -arch,
 * --gpu-architecture and -gencode choose it; the lowest one given wins
 * (the one whose declarations every pass of nvcc would see); nvcc 13's
 * default is sm_75.
 *
 * _OPENMP: the host compile needs -fopenmp for the translated kernels, and
 * -fopenmp defines _OPENMP, which programs test to choose their own CPU
 * code. Unless the user asked for OpenMP (-Xcompiler -fopenmp) the host
 * compile undefines it, and the parse never defines it; when they did,
 * the parse defines it too, so both see the same program.
 */
#include "driver/driver.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define CUCPU_DEFAULT_ARCH 750
/* The _OPENMP of GCC's -fopenmp (OpenMP 4.5). */
#define CUCPU_OPENMP_VALUE 201511

/* The architecture that s names: sm_80, compute_90a, lto_75 -> 800, 900,
 * 750; 0 for anything else (native, all, all-major). */
static int arch_number(const char *s)
{
    const char *u = strchr(s, '_');
    if (!u || !isdigit((unsigned char)u[1]))
        return 0;
    return atoi(u + 1) * 10;
}

void drv_note_arch(DrvJob *job, const char *val, int is_gencode)
{
    int a = 0;
    if (!is_gencode)
        a = arch_number(val);
    else {
        const char *p = strstr(val, "arch=");
        if (p)
            a = arch_number(p + 5);
    }
    if (a > 0 && (job->arch == 0 || a < job->arch))
        job->arch = a;
}

/* 1 when the user's host flags turn OpenMP on. */
static int user_wants_openmp(const DrvJob *job)
{
    for (int i = 0; i < job->hostflags.n; i++)
        if (!strcmp(job->hostflags.v[i], "-fopenmp") ||
            !strncmp(job->hostflags.v[i], "-fopenmp=", 9))
            return 1;
    return 0;
}

int drv_arch(const DrvJob *job)
{
    return job->arch ? job->arch : CUCPU_DEFAULT_ARCH;
}

void drv_predefines(const DrvJob *job, DrvArgs *out, int for_translator)
{
    int arch = drv_arch(job);
    drv_args_push(out, "-D__NVCC__=1");
    drv_args_push(out, drv_strf("-D__CUDACC_VER_MAJOR__=%d", DRV_CUDA_MAJOR));
    drv_args_push(out, drv_strf("-D__CUDACC_VER_MINOR__=%d", DRV_CUDA_MINOR));
    drv_args_push(out, drv_strf("-D__CUDACC_VER_BUILD__=%d", DRV_CUDA_BUILD));
    drv_args_push(out, drv_strf("-D__CUDA_ARCH_LIST__=%d", arch));
    drv_args_push(out, drv_strf("-DCUCPU_ARCH=%d", arch));
    if (job->rdc)
        drv_args_push(out, "-D__CUDACC_RDC__=1");
    if (user_wants_openmp(job)) {
        if (for_translator)
            drv_args_push(out, drv_strf("-D_OPENMP=%d", CUCPU_OPENMP_VALUE));
    } else if (!for_translator) {
        drv_args_push(out, "-U_OPENMP");
    }
}
