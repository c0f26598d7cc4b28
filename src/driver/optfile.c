/*
 * optfile.c: nvcc's option files. `--options-file F` (or `-optf F`, or
 * with `=`; F may be a comma list) stands for the words that file holds,
 * in its place on the command line. CMake writes them for include folders,
 * objects and libraries (includes_CUDA.rsp, objects1, linkLibs.rsp).
 *
 * A file's words are separated by blanks and newlines, and read as a POSIX
 * shell reads words, without expansions: '...' keeps everything, "..."
 * keeps everything but a backslash before " or \, and elsewhere a
 * backslash keeps the next character. So `-I"/a b"` is the one word
 * -I/a b. An option file may name further option files; a file that cannot
 * be read, or too deep a nesting, is fatal. compile_commands.json's
 * "command" strings split the same way (drv_split_words).
 */
#define _POSIX_C_SOURCE 200809L
#include "driver/driver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 16

/* Returns the whole file at path as a string, or dies. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    if (!f || !buf)
        drv_fatal("Could not open options file '%s'", path);
    for (size_t got; (got = fread(buf + n, 1, cap - n - 1, f)) > 0;) {
        n += got;
        if (n + 1 == cap && !(buf = realloc(buf, cap *= 2)))
            drv_fatal("out of memory");
    }
    fclose(f);
    buf[n] = 0;
    return buf;
}

/* Reads one word starting at *pp (not a blank); advances *pp past it. The
 * word lives until exit (drv_strndup). */
static char *read_word(const char **pp)
{
    const char *p = *pp;
    size_t cap = strlen(p) + 1, n = 0;
    char *w = malloc(cap);
    char quote = 0;
    if (!w)
        drv_fatal("out of memory");
    for (; *p && (quote || !strchr(" \t\r\n", *p)); p++) {
        if (quote == '\'' && *p != '\'')
            w[n++] = *p;
        else if (*p == quote)
            quote = 0;
        else if (!quote && (*p == '\'' || *p == '"'))
            quote = *p;
        else if (*p == '\\' && p[1] && (!quote || p[1] == '"' || p[1] == '\\'))
            w[n++] = *++p;
        else
            w[n++] = *p;
    }
    *pp = p;
    char *word = drv_strndup(w, n);
    free(w);
    return word;
}

void drv_split_words(const char *text, DrvArgs *out)
{
    for (const char *p = text; *p;) {
        p += strspn(p, " \t\r\n");
        if (*p)
            drv_args_push(out, read_word(&p));
    }
}

static void expand(DrvArgs *out, int argc, char **argv, int depth);

/* Appends the words of each file of the comma list files. */
static void expand_files(DrvArgs *out, const char *files, int depth)
{
    if (depth > MAX_DEPTH)
        drv_fatal("Options files nested more than %d deep at '%s'", MAX_DEPTH, files);
    for (const char *f = files; *f; f += *f == ',') {
        size_t n = strcspn(f, ",");
        char *path = drv_strndup(f, n), *text = slurp(path);
        DrvArgs words = {0};
        drv_split_words(text, &words);
        free(text);
        expand(out, words.n, (char **)words.v, depth + 1);
        free(words.v);
        f += n;
    }
}

/* The value of an options-file flag at argv[*i], or NULL if it is none;
 * moves *i past a separate value. */
static const char *optfile_value(int argc, char **argv, int *i)
{
    static const char *names[] = {"--options-file", "-optf"};
    for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
        size_t n = strlen(names[k]);
        if (strncmp(argv[*i], names[k], n) != 0)
            continue;
        if (argv[*i][n] == '=')
            return argv[*i] + n + 1;
        if (argv[*i][n] == 0) {
            if (*i + 1 >= argc)
                drv_fatal("Option '%s' requires an argument", argv[*i]);
            return argv[++*i];
        }
    }
    return NULL;
}

static void expand(DrvArgs *out, int argc, char **argv, int depth)
{
    for (int i = 0; i < argc; i++) {
        const char *files = optfile_value(argc, argv, &i);
        if (files)
            expand_files(out, files, depth);
        else
            drv_args_push(out, argv[i]);
    }
}

void drv_expand_option_files(int *argc, char ***argv)
{
    static DrvArgs out;   /* the new argv: lives until exit */
    int any = 0;
    for (int i = 1; i < *argc; i++)
        any |= optfile_value(*argc, *argv, &i) != NULL;
    if (!any)
        return;
    expand(&out, *argc, *argv, 0);
    *argc = out.n;
    *argv = (char **)out.v;
}
