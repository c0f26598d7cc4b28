/*
 * toolkit.c: where cucpu's own files are, and the CUDA toolkit that cucpu
 * presents to build systems.
 *
 * The build tree is shaped like a CUDA toolkit (bin/nvcc, include/, lib/,
 * lib64 -> lib: see src/CMakeLists.txt), and so is an install prefix made
 * with CUCPU_CUDA_LAYOUT=ON. That folder is the toolkit root: nvcc calls it
 * TOP. An installed cucpu lives in <prefix>/bin and finds libcucpu_rt.a in
 * <prefix>/lib; otherwise it runs from the build tree.
 *
 * CMake's CUDA language reads `nvcc -v` for a few lines that nvcc prints
 * before its commands (Modules/CMakeDetermineCUDACompiler.cmake):
 *
 *   #$ TOP=<root>                        the toolkit root
 *   #$ NVVMIR_LIBRARY_DIR=<root>/nvvm/libdevice   (only its shape matters)
 *   #$ INCLUDES="-I<headers>"            the toolkit include directories
 *   #$ LIBRARIES=<flags>                 what the link adds; CMake finds the
 *                                        link line as the one that holds
 *                                        this text, and takes its first word
 *                                        as the host linker and its -L/-l
 *                                        and library paths as the implicit
 *                                        link information
 *
 * drv_runtime_libs() gives exactly those link flags, and drv_link puts them
 * on its command line in one piece, so both read the same.
 */
#define _GNU_SOURCE
#include "driver/driver.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef CUCPU_BUILD_INCLUDE_DIR
#define CUCPU_BUILD_INCLUDE_DIR "include"
#endif
#ifndef CUCPU_BUILD_LIB_DIR
#define CUCPU_BUILD_LIB_DIR "."
#endif

/* Returns the directory holding the cucpu executable, or NULL. */
static const char *exe_dir(void)
{
    static char dir[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
    if (n <= 0)
        return NULL;
    dir[n] = 0;
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    return dir;
}

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The install prefix (<exe>/.., resolved) when cucpu is installed, else
 * NULL: then it runs from the build tree. */
static const char *install_prefix(void)
{
    char buf[PATH_MAX];
    const char *d = exe_dir();
    if (!d || !is_file(drv_strf("%s/../lib/libcucpu_rt.a", d)))
        return NULL;
    return realpath(drv_strf("%s/..", d), buf) ? drv_strf("%s", buf) : NULL;
}

const char *drv_include_dir(void)
{
    const char *p = install_prefix();
    char *inst = p ? drv_strf("%s/share/cucpu/include", p) : NULL;
    return inst && is_dir(inst) ? inst : CUCPU_BUILD_INCLUDE_DIR;
}

/* The cache of precompiled preludes: $CUCPU_PRELUDE_DIR (empty: none),
 * else $XDG_CACHE_HOME/cucpu, else $HOME/.cache/cucpu; NULL when none. */
const char *drv_prelude_dir(void)
{
    const char *dir = getenv("CUCPU_PRELUDE_DIR");
    if (dir) return *dir ? dir : NULL;
    if ((dir = getenv("XDG_CACHE_HOME")) && *dir == '/') return drv_strf("%s/cucpu", dir);
    if ((dir = getenv("HOME")) && *dir == '/') return drv_strf("%s/.cache/cucpu", dir);
    return NULL;
}

const char *drv_lib_dir(void)
{
    const char *p = install_prefix();
    return p ? drv_strf("%s/lib", p) : CUCPU_BUILD_LIB_DIR;
}

const char *drv_toolkit_root(void)
{
    const char *p = install_prefix();
    return p ? p : CUCPU_BUILD_LIB_DIR;
}

void drv_runtime_libs(const DrvJob *job, DrvArgs *out)
{
    const char *omp = drv_openmp_lib(job);
    drv_args_push(out, drv_strf("-L%s/lib", drv_toolkit_root()));
    drv_args_push(out, drv_strf("%s/libcucpu_rt.a", drv_lib_dir()));
    if (omp)
        drv_args_push(out, omp);
    drv_args_push(out, "-lm");
}

/* Prints "#$ NAME=" and value to stderr. */
static void env_line(const char *name, const char *value)
{
    fprintf(stderr, "#$ %s=%s\n", name, value);
}

void drv_print_env(const DrvJob *job)
{
    const char *top = drv_toolkit_root(), *path = getenv("PATH");
    DrvArgs libs = {0};
    env_line("_NVVM_BRANCH_", "nvvm");
    env_line("_CUDART_", "cudart");
    env_line("_HERE_", drv_strf("%s/bin", top));
    env_line("_THERE_", drv_strf("%s/bin", top));
    env_line("TOP", top);
    env_line("NVVMIR_LIBRARY_DIR", drv_strf("%s/nvvm/libdevice", top));
    env_line("PATH", path ? path : "");
    env_line("INCLUDES", drv_strf("\"-I%s\"", drv_include_dir()));
    fputs("#$ LIBRARIES=", stderr);
    drv_runtime_libs(job, &libs);
    drv_print_words(&libs);
    fputc('\n', stderr);
    free(libs.v);
}
