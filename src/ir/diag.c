/*
 * diag.c: the two error paths. User errors print `file:line:col: error: msg`,
 * the source line and a caret (like chibicc's error_tok) and are counted so
 * the driver can fail after reporting all of them. Our own bugs go through
 * cucpu_bug, which names where it happened and aborts.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "ir.h"

/* The files whose lines errors can show: the .cu and the user files it
 * includes, as the front end reads them. */
static const SrcFile **files;
static int nfiles, capfiles;
static int nerrors;

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

int diag_error_count(void) { return nerrors; }

/* Prints the line holding loc and a caret under its column. */
static void show_line(SrcLoc loc)
{
    const SrcFile *cur_file = NULL;
    for (int i = 0; loc.file && i < nfiles; i++)
        if (!strcmp(loc.file, files[i]->name)) cur_file = files[i];
    if (!cur_file || loc.off > cur_file->len)
        return;
    const char *s = cur_file->text + loc.off, *b = s, *e = s;
    while (b > cur_file->text && b[-1] != '\n') b--;
    while (e < cur_file->text + cur_file->len && *e != '\n') e++;
    fprintf(stderr, "%.*s\n", (int)(e - b), b);
    for (const char *p = b; p < s; p++) fputc(*p == '\t' ? '\t' : ' ', stderr);
    fputs("^\n", stderr);
}

static void report(SrcLoc loc, const char *kind, const char *fmt, va_list ap)
{
    fprintf(stderr, "%s:%u:%u: %s: ", loc.file ? loc.file : "<unknown>", loc.line, loc.col, kind);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    show_line(loc);
}

/* The same error at the same place is reported once (a construct can be
 * scanned by more than one lowering step). */
static int seen_before(SrcLoc loc, const char *fmt)
{
    static struct { unsigned off; const char *file, *fmt; } seen[64];
    static int nseen;
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
