/*
 * driver.h: the driver stage (drv_). The command line (main.c, options.c,
 * options.def) turns nvcc-style arguments into a DrvJob; toolchain.c runs the
 * host compiler and linker; translate.c runs one .cu file through
 * frontend -> passes -> codegen.
 */
#ifndef CUCPU_DRIVER_H
#define CUCPU_DRIVER_H

#include <stddef.h>

/* One translation of a .cu file into C or C++ with OpenMP. */
typedef struct DrvTranslate {
    const char *input;        /* the .cu file */
    const char *output;       /* file to write; "-" is stdout */
    const char *include_dir;  /* cucpu's CUDA headers (include/) */
    const char **cflags;      /* -I -D -U -std ... forwarded to libclang */
    int ncflags;
    const char **xflags;      /* translator flags, verbatim: --emit-ir,
                                 --passes=..., -fno-<pass>, -fcpuify=...,
                                 --print-ir-after-all, --print-ir-after=P,
                                 --report=FILE */
    int nxflags;
} DrvTranslate;

/*
 * Translates t->input into t->output. Returns 0 on success and sets
 * *is_cxx to 1 when the output needs a C++ compiler, 0 when it is C.
 * On a user error prints `file:line:col: error: ...` diagnostics, leaves
 * no output file behind and returns 1.
 */
int drv_translate(const DrvTranslate *t, int *is_cxx);

/* Returns 1 when flag is a translator flag that drv_translate understands. */
int drv_is_translator_flag(const char *flag);

#endif
