/*
 * diag.c: the two error paths. User errors print `file:line:col: error: msg`,
 * the source line and a caret (like chibicc's error_tok) and are counted so
 * the driver can fail after reporting all of them; a sink (the driver's
 * --report) gets each one too. Our own bugs go through cucpu_bug, which
 * names where it happened and aborts.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ir.h"

/* The files whose lines errors can show: the .cu and the user files it
 * includes, as the front end reads them. */
static const SrcFile **files;
static int nfiles, capfiles;
static int nerrors;
static DiagSink *sink;
static void *sink_ctx;
/* seen_before's memory: (offset, file, format) of errors reported */
static struct { unsigned off; const char *file, *fmt; } seen[64];
static int nseen;

void diag_set_file(const SrcFile *f)
{
    if (nfiles == capfiles) {
        capfiles = capfiles ? 2 * capfiles : 8;
        const SrcFile **v = realloc(files, sizeof *v * (size_t)capfiles);
        if (!v) return;
        files = v;
    }
    files[nfiles++] = f;
}

/* Forgets the files and the errors seen so far, before the arena that holds
 * them is freed: one cucpu run translates several .cu files in turn. */
void diag_forget_files(void)
{
    nfiles = 0;
    nseen = 0;
}

int diag_error_count(void) { return nerrors; }

void diag_reset(void)
{
    nfiles = 0;
    nerrors = 0;
    nseen = 0;
    sink = NULL;
    sink_ctx = NULL;
}

void diag_set_sink(DiagSink *fn, void *ctx)
{
    sink = fn;
    sink_ctx = ctx;
}

/* The line holding loc: where loc is in *s, the line's start in *b and its
 * end in *e; 0 when the file is not known. */
static int find_line(SrcLoc loc, const char **s, const char **b, const char **e)
{
    const SrcFile *cur_file = NULL;
    for (int i = 0; loc.file && i < nfiles; i++)
        if (!strcmp(loc.file, files[i]->name)) cur_file = files[i];
    if (!cur_file || loc.off > cur_file->len)
        return 0;
    *s = *b = *e = cur_file->text + loc.off;
    while (*b > cur_file->text && (*b)[-1] != '\n') (*b)--;
    while (*e < cur_file->text + cur_file->len && **e != '\n') (*e)++;
    return 1;
}

/* Prints the line holding loc and a caret under its column. */
static void show_line(SrcLoc loc)
{
    const char *s, *b, *e;
    if (!find_line(loc, &s, &b, &e))
        return;
    fprintf(stderr, "%.*s\n", (int)(e - b), b);
    for (const char *p = b; p < s; p++) fputc(*p == '\t' ? '\t' : ' ', stderr);
    fputs("^\n", stderr);
}

/* Hands the diagnostic to the sink, message formatted, with its line. */
static void to_sink(SrcLoc loc, const char *kind, const char *fmt, va_list ap)
{
    char msg[1024];
    const char *at, *b, *e;
    vsnprintf(msg, sizeof msg, fmt, ap);
    char *line = find_line(loc, &at, &b, &e) ? strndup(b, (size_t)(e - b)) : NULL;
    sink(sink_ctx, loc, kind, msg, line);
    free(line);
}

static void report(SrcLoc loc, const char *kind, const char *fmt, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    fprintf(stderr, "%s:%u:%u: %s: ", loc.file ? loc.file : "<unknown>", loc.line, loc.col, kind);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    show_line(loc);
    if (sink)
        to_sink(loc, kind, fmt, copy);
    va_end(copy);
}

/* The same error at the same place is reported once (a construct can be
 * scanned by more than one lowering step). */
static int seen_before(SrcLoc loc, const char *fmt)
{
    for (int i = 0; i < nseen; i++)
        if (seen[i].off == loc.off && seen[i].fmt == fmt && seen[i].file == loc.file) return 1;
    if (nseen < 64) {
        seen[nseen].off = loc.off;
        seen[nseen].file = loc.file;
        seen[nseen++].fmt = fmt;
    }
    return 0;
}

void diag_error(SrcLoc loc, const char *fmt, ...)
{
    if (seen_before(loc, fmt)) return;
    va_list ap;
    va_start(ap, fmt);
    report(loc, "error", fmt, ap);
    va_end(ap);
    nerrors++;
}

void diag_warning(SrcLoc loc, const char *fmt, ...)
{
    if (seen_before(loc, fmt)) return;
    va_list ap;
    va_start(ap, fmt);
    report(loc, "warning", fmt, ap);
    va_end(ap);
}

void diag_note(SrcLoc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(loc, "note", fmt, ap);
    va_end(ap);
}

void cucpu_bug(const char *where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "cucpu: internal error in %s: ", where);
    vfprintf(stderr, fmt, ap);
    fputs("\nplease report this with the input file\n", stderr);
    va_end(ap);
    abort();
}
