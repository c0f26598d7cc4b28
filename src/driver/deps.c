/*
 * deps.c: Make dependencies in nvcc's layout. The host preprocessor (gcc -M)
 * finds the headers and writes them several to a line:
 *
 *   cucpu-dependency-target: k.cu /usr/include/stdio.h \
 *    inc/h.h
 *
 * nvcc writes the same rule one file to a line, with ` : ` after the target,
 * and with -MP an empty rule per header, each after a blank line:
 *
 *   k.o : k.cu \
 *       /usr/include/stdio.h \
 *       inc/h.h
 *
 *   /usr/include/stdio.h:
 *
 *   inc/h.h:
 *
 * Words keep gcc's escapes (`\ ` for a space, `$$` for a dollar).
 */
#define _GNU_SOURCE
#include "driver/driver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads all of path into a NUL-terminated string, or NULL. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    size_t len = 0;
    if (!f)
        return NULL;
    FILE *m = open_memstream(&text, &len);
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, n, m);
    fclose(f);
    fclose(m);
    return text;
}

/* Splits the prerequisites of the rule in text (after "<mark>:") into
 * words: blanks and backslash-newlines separate them, `\ ` does not. */
static void split_words(char *text, DrvArgs *words)
{
    char *p = strstr(text, DRV_DEP_MARK ":");
    p = p ? p + strlen(DRV_DEP_MARK) + 1 : text + strlen(text);
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || (p[0] == '\\' && p[1] == '\n'))
            p += *p == '\\' ? 2 : 1;
        if (!*p)
            break;
        char *w = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\n' && !(p[0] == '\\' && p[1] == '\n'))
            p += p[0] == '\\' && p[1] ? 2 : 1;
        char *end = p;
        if (*p)
            p += *p == '\\' ? 2 : 1;
        *end = 0;
        drv_args_push(words, w);
    }
}

static void print_rule(FILE *f, const char *target, const DrvArgs *words, int phony)
{
    fprintf(f, "%s :", target);
    for (int i = 0; i < words->n; i++)
        fprintf(f, "%s%s", i == 0 ? " " : " \\\n    ", words->v[i]);
    fputc('\n', f);
    for (int i = 1; phony && i < words->n; i++)
        fprintf(f, "\n%s:\n", words->v[i]);
}

int drv_write_deps(const char *raw, const char *target, int phony, const char *out)
{
    char *text = slurp(raw);
    if (!text) {
        fprintf(stderr, "cucpu fatal   : Could not read '%s'\n", raw);
        return 1;
    }
    DrvArgs words = {0};
    split_words(text, &words);
    int to_stdout = strcmp(out, "-") == 0;
    FILE *f = to_stdout ? stdout : fopen(out, "w");
    int bad = !f;
    if (f) {
        print_rule(f, target, &words, phony);
        bad |= to_stdout ? fflush(f) != 0 : fclose(f) != 0;
    }
    if (bad)
        fprintf(stderr, "cucpu fatal   : Could not write '%s'\n", out);
    free(words.v);
    free(text);
    return bad;
}
