/*
 * prelude.c: the precompiled prelude.
 *
 * Every translation starts with `-include cuda_runtime.h`: cucpu's CUDA
 * headers, several times the size of a small .cu. Parsing them dominates
 * the translation of a small file (0.18 s of 0.19 s), so they are parsed
 * once into a precompiled header (PCH) that later parses load with
 * `-include-pch` instead.
 *
 * A prelude belongs to one exact clang command line: its name is a hash of
 * the libclang version, cucpu's version, the headers' folder and every
 * argument (the -D/-U/-I/-std flags, the architecture macros), so any
 * flag that could change what the headers mean picks another prelude.
 * Beside `prelude-<hash>.pch` a `.deps` file lists every file the headers
 * read, with its size and modification time; a prelude whose files changed
 * since (a rebuilt include/, an upgraded libstdc++) is stale and is
 * rebuilt. Both files are written to temporaries and renamed into place,
 * so concurrent translations (make -j) never read a partial prelude.
 *
 * Failure is never an error: without a usable prelude the caller parses
 * the headers as before, and the output is the same byte for byte. A
 * prelude that clang could not load, where the headers parse fine, is
 * dropped (fe_prelude_drop) and built again by the next translation.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "internal.h"

#ifndef CUCPU_VERSION
#define CUCPU_VERSION "unknown"
#endif

static uint64_t fnv(uint64_t h, const char *s)
{
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return (h ^ 0xff) * 0x100000001b3ull;   /* a separator: "ab","c" != "a","bc" */
}

/* The hash naming the prelude of this command line. */
static uint64_t prelude_key(const char *header, const char **args, int nargs)
{
    CXString v = clang_getClangVersion();
    uint64_t h = fnv(0xcbf29ce484222325ull, clang_getCString(v));
    clang_disposeString(v);
    h = fnv(h, CUCPU_VERSION);
    h = fnv(h, header);
    for (int i = 0; i < nargs; i++) h = fnv(h, args[i]);
    return h;
}

/* One line of a .deps file: size, mtime (s, ns) and path of a file. */
static void dep_line(FILE *out, const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0)
        fprintf(out, "%lld %lld %ld %s\n", (long long)st.st_size, (long long)st.st_mtim.tv_sec,
                (long)st.st_mtim.tv_nsec, path);
    else
        fprintf(out, "-1 0 0 %s\n", path);
}

static void visit_inclusion(CXFile f, CXSourceLocation *stack, unsigned n, CXClientData d)
{
    (void)stack;
    (void)n;
    CXString name = clang_getFileName(f);
    dep_line(d, clang_getCString(name));
    clang_disposeString(name);
}

/* 1 when every file that deps lists is as it was when it was written. */
static int deps_fresh(const char *deps)
{
    FILE *f = fopen(deps, "r");
    if (!f) return 0;
    char line[8192];
    int fresh = 1, lines = 0;
    while (fresh && fgets(line, sizeof line, f)) {
        long long size, sec;
        long nsec;
        int at = 0;
        size_t n = strlen(line);
        if (n && line[n - 1] == '\n') line[--n] = 0;
        if (sscanf(line, "%lld %lld %ld %n", &size, &sec, &nsec, &at) != 3 || !at) { fresh = 0; break; }
        struct stat st;
        fresh = stat(line + at, &st) == 0 && st.st_size == size && st.st_mtim.tv_sec == sec &&
                st.st_mtim.tv_nsec == nsec;
        lines++;
    }
    fclose(f);
    return fresh && lines > 0;
}

/* 1 when tu has an error. */
static int has_errors(CXTranslationUnit tu)
{
    int bad = 0;
    for (unsigned i = 0, n = clang_getNumDiagnostics(tu); i < n && !bad; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        bad = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
        clang_disposeDiagnostic(d);
    }
    return bad;
}

/* Writes text produced by fn into path through a temporary file. Returns 0
 * on success; on failure nothing is left behind. */
static int write_atomic(Arena *a, const char *path, int (*fn)(const char *tmp, void *ctx), void *ctx)
{
    char *tmp = ar_printf(a, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) return 1;
    close(fd);
    if (fn(tmp, ctx) || rename(tmp, path)) {
        unlink(tmp);
        return 1;
    }
    return 0;
}

static int save_pch(const char *tmp, void *tu)
{
    return clang_saveTranslationUnit(tu, tmp, clang_defaultSaveOptions(tu)) != CXSaveError_None;
}

static int save_deps(const char *tmp, void *tu)
{
    FILE *f = fopen(tmp, "w");
    if (!f) return 1;
    clang_getInclusions(tu, visit_inclusion, f);
    return fclose(f) != 0;
}

/* Parses header alone with args and saves it as the PCH pch, its file list
 * as deps. Returns 0 on success. */
static int build(Arena *a, const char *header, const char **args, int nargs, const char *pch, const char *deps)
{
    CXIndex index = clang_createIndex(0, 0);
    CXTranslationUnit tu = NULL;
    unsigned flags = CXTranslationUnit_Incomplete | CXTranslationUnit_ForSerialization |
                     CXTranslationUnit_DetailedPreprocessingRecord;
    int rc = 1;
    if (clang_parseTranslationUnit2(index, header, args, nargs, NULL, 0, flags, &tu) == CXError_Success &&
        !has_errors(tu))
        rc = write_atomic(a, pch, save_pch, tu) || write_atomic(a, deps, save_deps, tu);
    if (tu) clang_disposeTranslationUnit(tu);
    clang_disposeIndex(index);
    return rc;
}

/* Creates dir and its missing parents. Returns 0 when it exists. */
static int make_dirs(Arena *a, const char *dir)
{
    char *p = ar_strdup(a, dir);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/') continue;
        *s = 0;
        if (mkdir(p, 0777) && errno != EEXIST) return 1;
        *s = '/';
    }
    return mkdir(p, 0777) && errno != EEXIST;
}

const char *fe_prelude(Arena *a, const FeOptions *opt, const char **args, int nargs)
{
    /* `-include cuda_runtime.h` looks in the working folder first */
    if (!opt->prelude_dir || !*opt->prelude_dir || access("cuda_runtime.h", F_OK) == 0) return NULL;
    const char *header = ar_printf(a, "%s/cuda_runtime.h", opt->include_dir);
    uint64_t key = prelude_key(header, args, nargs);
    const char *pch = ar_printf(a, "%s/prelude-%016llx.pch", opt->prelude_dir, (unsigned long long)key);
    const char *deps = ar_printf(a, "%s/prelude-%016llx.deps", opt->prelude_dir, (unsigned long long)key);
    if (access(pch, R_OK) == 0 && deps_fresh(deps)) return pch;
    if (make_dirs(a, opt->prelude_dir) || build(a, header, args, nargs, pch, deps)) return NULL;
    return deps_fresh(deps) ? pch : NULL;
}

void fe_prelude_drop(Arena *a, const char *pch)
{
    size_t n = strlen(pch);
    if (n > 4 && !strcmp(pch + n - 4, ".pch")) unlink(ar_printf(a, "%.*s.deps", (int)(n - 4), pch));
}
