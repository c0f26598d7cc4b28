/*
 * edits.c: the edits of an output file, in the order they apply.
 *
 * A file's host facts become edits (host_edits.c), sorted by offset:
 * at one offset insertions come first, in the order they were made, then
 * replacements, the enclosing one first (file.c skips an edit that starts
 * inside an earlier replacement). A fused host loop's team code
 * (host_loops.c) is merged in; at one offset its insertions go before the
 * facts' edits.
 */
#include <stdlib.h>
#include "cg.h"

CgEdit *cg_edit(Arena *a, PtrVec *out, CgEditKind k, IrPos b, IrPos e, const char *text)
{
    CgEdit *ed = ar_alloc(a, sizeof *ed);
    ed->kind = k;
    ed->begin = b.off;
    ed->end = e.off;
    ed->line_begin = b.line;
    ed->line_after = e.line;
    ed->text = text;
    ed->seq = out->n;
    pv_push(a, out, ed);
    return ed;
}

static int cmp_edit(const void *a, const void *b)
{
    const CgEdit *x = *(CgEdit *const *)a, *y = *(CgEdit *const *)b;
    if (x->begin != y->begin) return x->begin < y->begin ? -1 : 1;
    int xi = x->kind == CGE_INSERT, yi = y->kind == CGE_INSERT;
    if (xi != yi) return xi ? -1 : 1;
    if (xi) return (x->seq > y->seq) - (x->seq < y->seq);
    return (x->end < y->end) - (x->end > y->end);   /* enclosing edits first */
}

/* Edits at the same offset: a loop's inserts first, then the facts' own. */
static int before(const CgEdit *x, const CgEdit *y)
{
    if (x->begin != y->begin) return x->begin < y->begin;
    return x->kind == CGE_INSERT && y->kind != CGE_INSERT;
}

const CgEdit **cg_edits(const FeUnit *unit, const FeFile *u, Arena *a, int *n)
{
    PtrVec own = { 0 };
    cg_host_edits(a, u, &own);
    if (own.n > 1) qsort(own.v, (size_t)own.n, sizeof(void *), cmp_edit);
    /* fused loops are the .cu's */
    PtrVec loop = { 0 };
    if (u == &unit->main)
        for (int i = 0; i < unit->loops.n; i++) {
            const IrHostLoop *l = unit->loops.v[i];
            if (l->fused) cg_host_loop_edits(a, &u->src, l, &loop);
        }
    const CgEdit **out = malloc(sizeof *out * (size_t)(own.n + loop.n + 1));
    /* both lists are in order: merge, the facts' first on ties */
    int x = 0, c = 0, m = loop.n;
    *n = 0;
    while (x < own.n || c < m) {
        if (c == m || (x < own.n && !before(loop.v[c], own.v[x]))) out[(*n)++] = own.v[x++];
        else out[(*n)++] = loop.v[c++];
    }
    return out;
}
