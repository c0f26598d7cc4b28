/*
 * compdb.c: the CUDA entries of a compilation database
 * (compile_commands.json, as CMake's CMAKE_EXPORT_COMPILE_COMMANDS and
 * `bear -- make` write it), as cucpu command lines for --batch.
 *
 * An entry is { "directory", "file", "arguments": [...] or "command": "..." }
 * ("output" is not needed). It is a CUDA entry when its compiler is nvcc or
 * cucpu (by the name of the first word, after a ccache or distcc wrapper)
 * or when its file ends in .cu:
 *
 *   nvcc/cucpu entry   cucpu with the entry's own arguments, then --batch's
 *                      extra options (which therefore win: -O0, -fno-simd)
 *   other .cu entry    (clang -x cuda, ...) cucpu -c <file> with the
 *                      entry's -I -D -U -isystem -include -std -O and -o
 *
 * Errors in the file itself are fatal: JSON that does not parse points
 * into it (`compile_commands.json:3:7: error: ...`), an entry that lacks a
 * member is named by its number (from 1).
 */
#define _POSIX_C_SOURCE 200809L
#include "driver/driver.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads the whole file, or dies. */
static char *read_text(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "cucpu: error: cannot open '%s'\n", path);
        exit(1);
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0;) {
        n += got;
        if (n + 1 == cap)
            buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    if (!buf)
        drv_fatal("out of memory");
    buf[n] = 0;
    return buf;
}

/* Dies with `path:line:col: error: msg`, the position of at in text. */
static _Noreturn void json_error(const char *path, const char *text,
                                 const char *at, const char *msg)
{
    int line = 1, col = 1;
    for (const char *p = text; at && p < at && *p; p++, col++)
        if (*p == '\n')
            line++, col = 0;
    fprintf(stderr, "%s:%d:%d: error: %s\n", path, line, col, msg);
    exit(1);
}

/* The entry's string member key, or NULL. */
static const char *member(const cJSON *e, const char *key)
{
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(e, key);
    return cJSON_IsString(m) ? m->valuestring : NULL;
}

/* 1 when word names nvcc or cucpu (/usr/local/cuda/bin/nvcc, nvcc-12). */
static int is_nvcc(const char *word)
{
    const char *slash = strrchr(word, '/');
    const char *base = slash ? slash + 1 : word;
    return strstr(base, "nvcc") || strstr(base, "cucpu");
}

/* The index of the compiler word in args: past a ccache/distcc wrapper. */
static int compiler_index(const DrvArgs *args)
{
    int i = 0;
    while (i + 1 < args->n && (strstr(args->v[i], "ccache") || strstr(args->v[i], "distcc")))
        i++;
    return i;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* For a .cu entry of another compiler: the flags of args that mean the
 * same to cucpu (with their values), then -c <file>. */
static void foreign_command(const DrvArgs *args, int first, const char *file,
                            DrvArgs *out)
{
    static const char *with_value[] = {"-I", "-D", "-U", "-isystem", "-include", "-o", NULL};
    for (int i = first + 1; i < args->n; i++) {
        const char *a = args->v[i];
        if (!strncmp(a, "-std=", 5) || (!strncmp(a, "-O", 2)))
            drv_args_push(out, a);
        for (int k = 0; with_value[k]; k++) {
            if (strcmp(a, with_value[k]) == 0 && i + 1 < args->n) {
                drv_args_push(out, a);
                drv_args_push(out, args->v[++i]);
            } else if (strlen(with_value[k]) == 2 && !strncmp(a, with_value[k], 2) && a[2])
                drv_args_push(out, a);
        }
    }
    drv_args_push(out, "-c");
    drv_args_push(out, file);
}

/* The entry's words: "arguments", else "command" split as a shell would. */
static int entry_words(const cJSON *e, DrvArgs *args)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(e, "arguments");
    const char *cmd = member(e, "command");
    if (cJSON_IsArray(arr)) {
        const cJSON *w;
        cJSON_ArrayForEach(w, arr) {
            if (!cJSON_IsString(w))
                return 0;
            drv_args_push(args, drv_strf("%s", w->valuestring));
        }
    } else if (cmd)
        drv_split_words(cmd, args);
    return args->n > 0;
}

/* Builds the cucpu command of entry number index, e, into out; 0 when it
 * is no CUDA entry. Dies on an entry without directory, file or command. */
static int cuda_entry(const char *path, int index, const cJSON *e,
                      const char *self, const DrvArgs *extra, DrvBatchEntry *out)
{
    DrvArgs args = {0};
    const char *dir = member(e, "directory"), *file = member(e, "file");
    if (!cJSON_IsObject(e) || !dir || !file || !entry_words(e, &args)) {
        fprintf(stderr, "cucpu: error: %s: entry %d needs \"directory\", \"file\" "
                "and \"arguments\" or \"command\"\n", path, index);
        exit(1);
    }
    int first = compiler_index(&args);
    int nvcc = is_nvcc(args.v[first]);
    if (!nvcc && !ends_with(file, ".cu")) {
        free(args.v);
        return 0;
    }
    memset(out, 0, sizeof *out);
    out->dir = drv_strf("%s", dir);
    out->file = drv_strf("%s", file);
    drv_args_push(&out->argv, self);
    if (nvcc)
        for (int i = first + 1; i < args.n; i++)
            drv_args_push(&out->argv, args.v[i]);
    else
        foreign_command(&args, first, out->file, &out->argv);
    drv_args_append(&out->argv, extra);
    free(args.v);
    return 1;
}

int drv_read_compdb(const char *path, const char *self, const DrvArgs *extra,
                    DrvBatchEntry **entries, int *total)
{
    char *text = read_text(path);
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithOpts(text, &end, 0);
    if (!root)
        json_error(path, text, cJSON_GetErrorPtr(), "not valid JSON");
    if (!cJSON_IsArray(root))
        json_error(path, text, text, "a compilation database is a JSON array of entries");
    int n = 0, cap = cJSON_GetArraySize(root);
    DrvBatchEntry *v = calloc(cap ? cap : 1, sizeof *v);
    if (!v)
        drv_fatal("out of memory");
    const cJSON *e;
    int index = 0;
    cJSON_ArrayForEach(e, root) {
        n += cuda_entry(path, ++index, e, self, extra, &v[n]);
    }
    *total = cap;
    *entries = v;
    cJSON_Delete(root);
    free(text);
    return n;
}
