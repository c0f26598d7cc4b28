/*
 * host_loops.c: the team code of a fused host loop, as edits of the .cu.
 *
 * The front end recorded the loop's statements (IrHostLoop, see
 * frontend/fuse.c for when a loop qualifies) and the team pass fused it.
 * The loop opens one team; every thread runs its control flow, launches
 * call the kernels' team entries, and statements only the host thread may
 * run go to the master thread between barriers:
 *
 *   { __typeof__(x) *cucpu_wb_x = &x;  <declarations moved before the team>
 *     #pragma omp parallel firstprivate(x)
 *     { L, launches calling cucpu_team_k(..., sync), singles as
 *         { #pragma omp barrier   (when a thread may still read what it writes)
 *           #pragma omp master
 *           { S } #pragma omp barrier }
 *       #pragma omp master
 *       { *cucpu_wb_x = x; } } }
 *
 * A launch gets sync=1 (a barrier after its arguments are evaluated) when a
 * thread may still read memory the launch could write: after private code
 * that reads memory, and when the launch's own arguments read memory.
 */
#include "cg.h"

typedef struct Team {
    Arena *a;
    const SrcFile *src;
    PtrVec *out;             /* CgEdit*, in the order they apply */
} Team;

static void insert(Team *T, IrPos at, const char *text) { cg_edit(T->a, T->out, CGE_INSERT, at, at, text); }

static void moved(Team *T, const IrHostNode *n)
{
    cg_edit(T->a, T->out, CGE_REPLACE, n->begin, n->end, "/* declared before the team */");
}

/* kids i..j (singles, and moved declarations between them) in one master block */
static void wrap_singles(Team *T, const PtrVec *kids, int i, int j, int barrier)
{
    const IrHostNode *first = kids->v[i], *last = kids->v[j];
    const char *ind = first->indent;
    insert(T, first->open, ar_printf(T->a, "%s{\n%s%s%s#pragma omp master\n%s{", ind, barrier ? ind : "",
                                     barrier ? "#pragma omp barrier\n" : "", ind, ind));
    for (int k = i; k <= j; k++)
        if (((IrHostNode *)kids->v[k])->kind == IRH_MOVED) moved(T, kids->v[k]);
    insert(T, last->end, ar_printf(T->a, "\n%s}\n%s#pragma omp barrier\n%s}", ind, ind, ind));
}

/* Walks the tree with `dirty` (a thread may still read memory that a
 * launch or single could write); makes the edits when emit is set.
 * Returns the state after n. */
static int walk(Team *T, const IrHostNode *n, int dirty, int emit)
{
    switch (n->kind) {
    case IRH_PRIVATE: return dirty | n->reads;
    case IRH_MOVED:
        if (emit) moved(T, n);
        return dirty;
    case IRH_LAUNCH:
        if (emit) {
            insert(T, n->name, NM(TEAM_));
            insert(T, n->rparen, dirty | n->reads ? ", 1" : ", 0");
        }
        return 0;
    case IRH_SINGLE:
        if (emit) wrap_singles(T, &(PtrVec){ .v = (void **)&n, .n = 1 }, 0, 0, dirty);
        return 0;
    case IRH_SEQ:
        for (int i = 0; i < n->kids.n; i++) {
            const IrHostNode *k = n->kids.v[i];
            /* consecutive singles share one master block, across moved declarations */
            int j = i;
            for (int m = i + 1; k->kind == IRH_SINGLE && m < n->kids.n; m++) {
                IrHostKind km = ((IrHostNode *)n->kids.v[m])->kind;
                if (km == IRH_SINGLE) j = m;
                else if (km != IRH_MOVED) break;
            }
            if (k->kind == IRH_SINGLE) {
                if (emit) wrap_singles(T, &n->kids, i, j, dirty);
                dirty = 0;
                i = j;
                continue;
            }
            dirty = walk(T, k, dirty, emit);
        }
        return dirty;
    case IRH_LOOP: {
        /* the body's end flows back to its start through the header */
        int e = dirty | n->reads;
        for (int i = 0; i < n->kids.n; i++) e |= walk(T, n->kids.v[i], e, 0);
        for (int i = 0; i < n->kids.n; i++) walk(T, n->kids.v[i], e, emit);
        return e;
    }
    case IRH_IF: {
        int e = dirty | n->reads, out = n->kids.n < 2 ? e : 0;
        for (int i = 0; i < n->kids.n; i++) out |= walk(T, n->kids.v[i], e, emit);
        return out;
    }
    }
    return 1;
}

void cg_host_loop_edits(Arena *a, const SrcFile *src, const IrHostLoop *l, PtrVec *out)
{
    Team T = { a, src, out };
    const char *ind = l->indent, *wb = "", *names = "", *back = "";
    for (int i = 0; i < l->firstprivate.n; i++) {
        const char *v = l->firstprivate.v[i];
        wb = ar_printf(a, "%s __typeof__(%s) *%s%s = &%s;", wb, v, NM(WB_), v, v);
        names = ar_printf(a, "%s%s%s", names, i ? ", " : "", v);
        back = ar_printf(a, "%s *%s%s = %s;", back, NM(WB_), v, v);
    }
    /* the moved declarations, shared by the team, as the user wrote them */
    const char *decls = "";
    for (int i = 0; i < l->moved.n; i++) {
        const IrHostNode *d = l->moved.v[i];
        decls = ar_printf(a, "%s\n%s%.*s", decls, ind, (int)(d->end.off - d->begin.off), src->text + d->begin.off);
    }
    const char *fp = l->firstprivate.n ? ar_printf(a, " firstprivate(%s)", names) : "";
    insert(&T, l->open, ar_printf(a, "%s{%s%s\n%s#pragma omp parallel%s\n%s{", ind, wb, decls, ind, fp, ind));
    walk(&T, l->root, 0, 1);
    const char *master = l->firstprivate.n ? ar_printf(a, "%s#pragma omp master\n%s{%s }\n", ind, ind, back) : "";
    insert(&T, l->root->end, ar_printf(a, "\n%s%s}\n%s}", master, ind, ind));
}
