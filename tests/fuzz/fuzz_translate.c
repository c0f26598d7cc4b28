/*
 * fuzz_translate.c: the libFuzzer target over the translator in process:
 * front end (libclang), passes and codegen, no host compiler. Each input
 * is a .cu file. It is translated with one of six command lines picked by
 * a hash of the input (so a given input always takes the same one):
 * --emit-source twice as often as each of --emit-ir, --check,
 * --passes=none and -fcpuify=flat.
 *
 * Fine: a translation that succeeds (0), or fails with diagnostics (1).
 * Findings (the target aborts, and libFuzzer keeps the input):
 *   - anything else: a crash, a sanitizer report, cucpu_bug's abort, a
 *     hang (libFuzzer's -timeout);
 *   - a failed translation that leaves an output file behind;
 *   - non-determinism: every fourth input (by hash) is translated twice
 *     and the two outputs must be byte-identical.
 * A finding is replayed with `cucpu_fuzz CRASH-FILE`; tests/fuzz/README.md
 * says how it becomes a regression test.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "driver/driver.h"

static char dir[64];
static const char *in_path, *out_path;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    /* an input may #include "/dev/stdin": let it read nothing */
    if (!freopen("/dev/null", "r", stdin)) { perror("cucpu_fuzz: /dev/null"); exit(2); }
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/cucpu-fuzz-XXXXXX", tmp && strlen(tmp) < 32 ? tmp : "/tmp");
    if (!mkdtemp(dir)) { perror("cucpu_fuzz: mkdtemp"); exit(2); }
    static char a[96], b[96];
    snprintf(a, sizeof a, "%s/in.cu", dir);
    snprintf(b, sizeof b, "%s/out.cpp", dir);
    in_path = a, out_path = b;
    return 0;
}

static uint64_t hash(const uint8_t *d, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) h = (h ^ d[i]) * 0x100000001b3ull;
    return h;
}

/* The file's bytes in a malloc'd buffer (*n of them); NULL when absent. */
static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = NULL;
    size_t cap = 0;
    FILE *m = open_memstream(&buf, &cap);
    char chunk[65536];
    size_t k;
    while ((k = fread(chunk, 1, sizeof chunk, f)) > 0) fwrite(chunk, 1, k, m);
    fclose(f);
    fclose(m);
    *n = cap;
    return buf;
}

static void finding(const char *what)
{
    fprintf(stderr, "cucpu_fuzz: finding: %s\n", what);
    abort();
}

/* Removes the outputs of a translation: the file and its shadow folder. */
static void clean(const char *out)
{
    char cmd[256];
    unlink(out);
    snprintf(cmd, sizeof cmd, "rm -rf '%s.inc'", out);
    if (access(cmd + 8, F_OK) == 0 && system(cmd) != 0) finding("cannot remove the shadow folder");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const modes[6][1] = { { NULL }, { NULL }, { "--emit-ir" }, { "--check" },
                                            { "--passes=none" }, { "-fcpuify=flat" } };
    uint64_t h = hash(data, size);
    const char **xflags = (const char **)modes[h % 6];
    int nx = xflags[0] != NULL;
    FILE *f = fopen(in_path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f)) finding("cannot write the input file");
    clean(out_path);
    int rc = drv_translate_inproc(in_path, out_path, xflags, nx);
    if (rc != 0 && rc != 1) finding("exit code neither 0 nor 1");
    if (rc == 1 && access(out_path, F_OK) == 0) finding("a failed translation left its output behind");
    if (rc == 0 && (h >> 8) % 4 == 0) {
        /* the same output name: it is spelled in the output (<out>.inc/) */
        size_t n1 = 0, n2 = 0;
        char *t1 = slurp(out_path, &n1);
        clean(out_path);
        if (drv_translate_inproc(in_path, out_path, xflags, nx) != 0) finding("the second translation failed");
        char *t2 = slurp(out_path, &n2);
        if (!t1 || !t2 || n1 != n2 || memcmp(t1, t2, n1)) finding("two translations differ");
        free(t1);
        free(t2);
    }
    clean(out_path);
    return 0;
}
