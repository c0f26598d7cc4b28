/*
 * inplace.c: a warp tree folds its operand's own per-thread array.
 *
 * A warp tree (frontend/lower_warp_tree.c) works in an exchange array of
 * its own:
 *
 *   block_for { cucpu_wv_N = v; }               (every thread)
 *   cucpu_tree_down(cucpu_wv_N, cucpu_nt, 16, ...); ...
 *   block_for { v = cucpu_wv_N[cucpu_tid]; ... }  (every thread, first)
 *
 * When v is kept per thread (privatize made it an array v[cucpu_nt]),
 * the tree can fold v's array itself: every thread stores v and every
 * thread reads the result back into v, so the copies in and out do
 * nothing but move the same values (two copies of the block's values per
 * tree). Then the first thread loop goes, the tree names v, and the
 * readback is dropped.
 *
 * Only when both thread loops run every thread of the block (no bounds,
 * no conditions), the store is the first loop's only statement and the
 * readback the second's first, unconditional: then the tree changes no
 * element of v that the readback would not have set to the same value.
 * A tree whose warps bounds.c ranged has bounded loops: left as it is.
 *
 * Requires: privatize, bounds, lanes (which reads the exchange array's
 * uses; the steps it chose stay). Sets IrTree.var (codegen prints the
 * tree on it).
 */
#include <string.h>
#include "ir/expr.h"
#include "passes.h"

static int full_loop(const IrStmt *l)
{
    return l->kind == IR_BLOCK_FOR && !l->u.par.limits.n && !l->u.par.lows.n && !l->u.par.conds.n && !l->u.par.stride &&
           !l->u.par.clamps.n && l->u.par.body && l->u.par.body->kind == IR_SEQ;
}

/* The per-thread array x that loop l's only statement `decl wv = x` stores. */
static IrVar *stored(const IrStmt *l, const IrVar *wv)
{
    const PtrVec *b = &l->u.par.body->u.seq.list;
    if (b->n != 1) return NULL;
    const IrStmt *d = b->v[0];
    if (d->kind != IR_DECL || d->u.decl.var != wv || !d->u.decl.has_init || d->u.decl.direct_init ||
        d->u.decl.list_init || ir_range_made(&d->u.decl.init))
        return NULL;
    const IrExpr *e = ir_expr_bare(d->u.decl.init.expr);
    if (!e || e->kind != EX_VAR || !e->var) return NULL;
    IrVar *x = e->var;
    if ((x->flags & (IRV_PRIVATE | IRV_SCALAR | IRV_SHARED | IRV_DYNSHARED | IRV_REFERENCE)) != IRV_PRIVATE) return NULL;
    return x->dims && *x->dims ? NULL : x;
}

/* Loop l's first statement reads wv back into x. */
static int reads_back(const IrStmt *l, const IrVar *wv, const IrVar *x)
{
    const PtrVec *b = &l->u.par.body->u.seq.list;
    if (!b->n) return 0;
    const IrStmt *s = b->v[0];
    if (s->kind != IR_TEXT || s->u.text.tree_back != wv) return 0;
    const IrRange *r = &s->u.text.r;
    int n = 0;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind != REF_VAR) continue;
        if (f->var != x || !f->is_write) return 0;
        n++;
    }
    return n == 1;
}

static void seq_remove(PtrVec *v, int i)
{
    memmove(&v->v[i], &v->v[i + 1], sizeof v->v[0] * (size_t)(v->n - 1 - i));
    v->n--;
}

/* seq's statements i..i+2: store loop, tree, readback loop. */
static int fold(IrStmt *seq, int i)
{
    PtrVec *list = &seq->u.seq.list;
    if (i + 2 >= list->n) return 0;
    IrStmt *l1 = list->v[i], *t = list->v[i + 1], *l3 = list->v[i + 2];
    if (t->kind != IR_TEXT || !t->u.text.tree || !t->u.text.tree_var || t->u.text.tree_range) return 0;
    if (!full_loop(l1) || !full_loop(l3)) return 0;
    IrVar *wv = t->u.text.tree_var, *x = stored(l1, wv);
    if (!x || !reads_back(l3, wv, x)) return 0;
    t->u.text.tree->var = x;
    t->u.text.tree_var = x;
    seq_remove(&l3->u.par.body->u.seq.list, 0);
    seq_remove(list, i);
    return 1;
}

/* ---- the copies around the tree of an inlined function ---- */

typedef struct Uses { const IrVar *v; int n; } Uses;

static int count_expr(const IrExpr *e, const IrVar *v)
{
    int n = e && e->kind == EX_VAR && e->var == v;
    for (int i = 0; e && i < e->nkids; i++) n += count_expr(e->kids[i], v);
    return n;
}

static int count_range(IrRange *r, void *ctx)
{
    Uses *u = ctx;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind == REF_VAR && f->var == u->v) u->n++;
    }
    if (r->made) u->n += count_expr(r->expr, u->v);
    return 0;
}

static void count_stmt(IrStmt *s, void *ctx)
{
    Uses *u = ctx;
    if ((s->kind == IR_DECL && s->u.decl.var == u->v) || (s->kind == IR_TEXT && s->u.text.tree_var == u->v)) u->n++;
    if (s->kind == IR_BLOCK_FOR)
        for (int i = 0; i < s->u.par.recompute.n; i++) u->n += s->u.par.recompute.v[i] == u->v;
}

/* Statements and refs that name v anywhere in the kernel. */
static int uses(IrKernel *k, const IrVar *v)
{
    Uses u = { v, 0 };
    ir_each_stmt(k->body, count_stmt, &u);
    ir_each_range(k->body, count_range, &u);
    return u.n;
}

/* l's first statement copies y into x (`decl x = y`, x declared before). */
static int copies_back(const IrStmt *l, const IrVar *x, const IrVar *y)
{
    const PtrVec *b = &l->u.par.body->u.seq.list;
    if (!b->n) return 0;
    const IrStmt *d = b->v[0];
    if (d->kind != IR_DECL || d->u.decl.var != x || !d->u.decl.has_init || d->u.decl.direct_init ||
        d->u.decl.list_init || ir_range_made(&d->u.decl.init))
        return 0;
    const IrExpr *e = ir_expr_bare(d->u.decl.init.expr);
    return e && e->kind == EX_VAR && e->var == y;
}

/* An inlined function's parameter y folded in place (by fold):
 *
 *   block_for { y = x; }                     (every thread, alone)
 *   [do {] tree on y's array
 *          block_for { x = y; ... }  [...} while (0)]
 *
 * with y used nowhere else (its declaration is the copy) and of x's type: the tree folds x's array,
 * and both copies go. */
static int fold_param(IrKernel *k, IrStmt *seq, int i)
{
    PtrVec *list = &seq->u.seq.list;
    if (i + 1 >= list->n) return 0;
    IrStmt *l1 = list->v[i], *next = list->v[i + 1], *inner = seq;
    int ti = i + 1;
    if (next->kind == IR_DO && next->u.loop.body && next->u.loop.body->kind == IR_SEQ) {
        const IrRange *c = &next->u.loop.cond;
        if (!(c->lit && !strcmp(c->lit, "0")) && !(c->expr && ir_expr_is_int(c->expr, 0))) return 0;
        inner = next->u.loop.body;
        ti = 0;
    }
    PtrVec *in = &inner->u.seq.list;
    if (ti + 1 >= in->n || !full_loop(l1)) return 0;
    IrStmt *t = in->v[ti], *l3 = in->v[ti + 1];
    if (t->kind != IR_TEXT || !t->u.text.tree || !t->u.text.tree_var || t->u.text.tree_range || !full_loop(l3)) return 0;
    IrVar *y = t->u.text.tree_var, *x = stored(l1, y);
    if (!x || x == y || !(y->flags & IRV_PRIVATE) || (y->flags & (IRV_ADDRTAKEN | IRV_ALIASED | IRV_REFERENCE | IRV_LAMBDA)) ||
        !y->type || !x->type || strcmp(x->type, y->type) || x->size != y->size || (y->dims && *y->dims))
        return 0;
    if (!copies_back(l3, x, y) || uses(k, y) != 3) return 0;   /* its decl (the copy), the tree, the copy back */
    t->u.text.tree->var = x;
    t->u.text.tree_var = x;
    seq_remove(&l3->u.par.body->u.seq.list, 0);
    seq_remove(list, i);
    return 1;
}

static void collect_seq(IrStmt *s, void *ctx)
{
    void **c = ctx;
    if (s->kind == IR_SEQ) pv_push(c[0], c[1], s);
}

void pass_inplace(IrKernel *k, Arena *a)
{
    if (k->flat || !k->nwarp_ops) return;
    PtrVec seqs = { 0 };
    void *ctx[2] = { a, &seqs };
    ir_each_stmt(k->body, collect_seq, ctx);
    for (int s = 0; s < seqs.n; s++)
        for (int i = 0; i < ((IrStmt *)seqs.v[s])->u.seq.list.n; i++) fold(seqs.v[s], i);
    for (int s = 0; s < seqs.n; s++)
        for (int i = 0; i < ((IrStmt *)seqs.v[s])->u.seq.list.n; i++) fold_param(k, seqs.v[s], i);
}
