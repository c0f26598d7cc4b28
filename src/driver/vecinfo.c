/*
 * vecinfo.c: which loops of a .cu the host compiler vectorized, for the
 * --report. With a report, a .cu's compile by GCC also writes
 * -fopt-info-vec-optimized=FILE, whose lines read
 *
 *   x.cu:24:18: optimized: loop vectorized using 32 byte vectors
 *
 * in the .cu's own lines (the translated file's #line directives); the
 * report keeps the lines of x.cu with a vectorized loop, in order (host
 * loops too), and the page shows each kernel's with the kernel.
 */
#define _POSIX_C_SOURCE 200809L
#include "driver/driver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends line to *v (n entries) unless it is there. */
static void add_line(int **v, int *n, int line)
{
    for (int i = 0; i < *n; i++)
        if ((*v)[i] == line)
            return;
    int *w = realloc(*v, (size_t)(*n + 1) * sizeof *w);
    if (!w)
        drv_fatal("out of memory");
    w[(*n)++] = line;
    *v = w;
}

static int by_value(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

int drv_vectorized_lines(const char *optinfo, const char *file, int **lines)
{
    FILE *f = fopen(optinfo, "r");
    char buf[4096];
    size_t flen = strlen(file);
    int n = 0;
    *lines = NULL;
    while (f && fgets(buf, sizeof buf, f)) {
        if (strncmp(buf, file, flen) || buf[flen] != ':' || !strstr(buf, ": optimized: loop vectorized"))
            continue;
        add_line(lines, &n, atoi(buf + flen + 1));
    }
    if (f)
        fclose(f);
    if (n)
        qsort(*lines, (size_t)n, sizeof **lines, by_value);
    return n;
}
