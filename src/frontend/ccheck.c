/*
 * ccheck.c: is the translated output valid C? The output is C when it is,
 * else C++ (nvcc compiles everything as C++; plain-C CUDA files stay C).
 * libclang parses the text as C against cucpu's headers in C mode.
 */
#include <string.h>
#include <clang-c/Index.h>
#include "fe.h"

int fe_is_valid_c(const char *text, size_t len, const FeOptions *opt)
{
    const char *args[64];
    int n = 0;
    args[n++] = "-x";
    args[n++] = "c";
    args[n++] = "-std=gnu11";
    args[n++] = "-fopenmp";
    char inc[4096];
    snprintf(inc, sizeof inc, "-I%s", opt->include_dir);
    args[n++] = inc;
    for (int i = 0; i < opt->ncflags && n < 60; i++)
        if (strncmp(opt->cflags[i], "-std", 4)) args[n++] = opt->cflags[i];
    struct CXUnsavedFile f = { "cucpu-output-check.c", text, (unsigned long)len };
    CXIndex index = clang_createIndex(0, 0);
    CXTranslationUnit tu;
    int ok = 0;
    if (clang_parseTranslationUnit2(index, f.Filename, args, n, &f, 1, CXTranslationUnit_SkipFunctionBodies * 0, &tu) == CXError_Success) {
        ok = 1;
        unsigned nd = clang_getNumDiagnostics(tu);
        for (unsigned i = 0; i < nd && ok; i++) {
            CXDiagnostic d = clang_getDiagnostic(tu, i);
            if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) ok = 0;
            clang_disposeDiagnostic(d);
        }
        clang_disposeTranslationUnit(tu);
    }
    clang_disposeIndex(index);
    return ok;
}
