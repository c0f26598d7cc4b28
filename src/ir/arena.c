/*
 * arena.c: bump allocation for the IR. One arena per translation unit holds
 * every node, string and vector; it is freed at once when the unit is done.
 * Allocation zero-fills and dies on out-of-memory, so callers never check.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ir.h"

typedef struct Chunk { struct Chunk *next; size_t used, size; _Alignas(16) unsigned char data[]; } Chunk;
struct Arena { Chunk *head; };

static void *xcalloc(size_t n)
{
    void *p = calloc(1, n);
    if (!p) { fputs("cucpu: out of memory\n", stderr); exit(1); }
    return p;
}

Arena *ar_new(void) { return xcalloc(sizeof(Arena)); }

void ar_free(Arena *a)
{
    if (!a) return;
    for (Chunk *c = a->head, *n; c; c = n) { n = c->next; free(c); }
    free(a);
}

void *ar_alloc(Arena *a, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    Chunk *c = a->head;
    if (!c || c->used + n > c->size) {
        size_t size = n > 65536 ? n : 65536;
        c = xcalloc(sizeof(Chunk) + size);
        c->size = size;
        c->next = a->head;
        a->head = c;
    }
    void *p = c->data + c->used;
    c->used += n;
    return p;
}

char *ar_strndup(Arena *a, const char *s, size_t n)
{
    char *d = ar_alloc(a, n + 1);
    memcpy(d, s, n);
    return d;
}

char *ar_strdup(Arena *a, const char *s) { return ar_strndup(a, s, strlen(s)); }

char *ar_vprintf(Arena *a, const char *fmt, va_list ap)
{
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    char *s = ar_alloc(a, (size_t)n + 1);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    return s;
}

char *ar_printf(Arena *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = ar_vprintf(a, fmt, ap);
    va_end(ap);
    return s;
}

void pv_push(Arena *a, PtrVec *pv, void *p)
{
    if (pv->n == pv->cap) {
        int cap = pv->cap ? pv->cap * 2 : 8;
        void **v = ar_alloc(a, sizeof(void *) * (size_t)cap);
        if (pv->n) memcpy(v, pv->v, sizeof(void *) * (size_t)pv->n);
        pv->v = v;
        pv->cap = cap;
    }
    pv->v[pv->n++] = p;
}
