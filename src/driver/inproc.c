/*
 * inproc.c: translation inside a process that translates many inputs (the
 * fuzz target, tests/fuzz/fuzz_translate.c). It is drv_translate with the
 * command line that `cucpu --emit-source IN -o OUT` would use (the default
 * architecture, no -D/-I of the user's), after forgetting what an earlier
 * translation left in the process: the diagnostics' files and counts. The
 * front end, the passes and codegen keep no other state between
 * translations (each translation has its own arena and libclang index).
 * No host compiler runs.
 */
#include <stdlib.h>
#include "driver.h"
#include "ir/ir.h"

int drv_translate_inproc(const char *input, const char *output, const char **xflags, int nxflags)
{
    static DrvArgs cflags;   /* built once: the strings live until exit */
    if (!cflags.n) {
        DrvJob job = { 0 };
        drv_predefines(&job, &cflags, 1);
    }
    diag_reset();
    DrvTranslate t = { input, output, drv_include_dir(), cflags.v, cflags.n, 0, xflags, nxflags };
    return drv_translate(&t);
}
