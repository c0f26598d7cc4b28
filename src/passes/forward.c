/*
 * forward.c: memory-to-register forwarding across barriers.
 *
 * A thread that stores `A[i] = e;` into a __shared__ array and, after a
 * barrier, loads A[i] again reads back its own value when i is injective in
 * the thread id (no other thread's store through the same index touches the
 * cell) and nothing in between may write A. The load then becomes a
 * register:
 *
 *   weight_matrix[ty][tx] = weights[index];        float weight_matrix_ty_tx = weights[index];
 *   __syncthreads();                          ->   __syncthreads();
 *   weight_matrix[ty][tx] =                        weight_matrix[ty][tx] =
 *       weight_matrix[ty][tx] * node[ty];              weight_matrix_ty_tx * node[ty];
 *
 * The store stays unless it became dead: when the same thread overwrites
 * the cell before anything (any thread) can read A again, as above, or the
 * kernel ends. Forwarding happens only when it pays: the store goes away,
 * or e is pure and the recompute pass may evaluate it again instead of
 * keeping it per thread.
 * Requires: the per-thread IR. Runs before barrier-elim, which then sees
 * the fewer shared accesses. A store and its loads sit in one statement
 * sequence; loads inside nested control flow are left alone.
 */
#include <string.h>
#include "analysis/an.h"
#include "ir/expr.h"
#include "ir/names.h"
#include "passes.h"

typedef struct Fwd { IrKernel *k; Arena *a; int dims[3]; } Fwd;

static const IrRange *leaf_range(const IrStmt *s)
{
    if (s->kind == IR_TEXT && !s->u.text.block_level) return &s->u.text.r;
    if (s->kind == IR_DECL) return &s->u.decl.init;
    return NULL;
}

static int has_macro_or_jump(const IrRange *r)
{
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if ((f->kind == REF_VAR && f->in_macro) || f->kind == REF_RETURN || f->kind == REF_BREAK ||
            f->kind == REF_CONTINUE)
            return 1;
    }
    return 0;
}

static int writes_alias(const Effects *e, const IrVar *base)
{
    if (e->unknown_write) return 1;
    for (int i = 0; i < e->acc.n; i++) {
        const IrAccess *x = e->acc.v[i];
        if (x->write && an_may_alias(x->base, base)) return 1;
    }
    return 0;
}

/* The loads of st's cell in leaf t that can take the stored value, or -1
 * when t must not be touched (it writes A other than by its own plain
 * store, or it writes unknown memory). */
static int loads_in(Fwd *F, const IrStmt *t, const IrAccess *st, const IrAccess **out, int max)
{
    const IrRange *r = leaf_range(t);
    if (!r || ir_range_made(r) || r->unknown_write || has_macro_or_jump(r)) return -1;
    int n = 0;
    for (int i = 0; i < r->accesses.n; i++) {
        const IrAccess *x = r->accesses.v[i];
        if (!an_may_alias(x->base, st->base)) continue;
        if (x->write) {
            /* `A[j] = f(A[i])` reads before it stores; any other write does not */
            if (t->kind != IR_TEXT || x != t->u.text.store) return -1;
            continue;
        }
        if (an_same_cell(x, st, F->dims) && n < max) out[n++] = x;
    }
    return n;
}

static int is_load(const IrAccess *x, const IrAccess *const *loads, int n)
{
    for (int i = 0; i < n; i++)
        if (loads[i] == x) return 1;
    return 0;
}

/* Nothing reads the cell st wrote (list[i]) before the same thread
 * overwrites it, or before the kernel ends, once `loads` are registers. */
static int store_dead(Fwd *F, const IrStmt *seq, int i, const IrAccess *st, const IrAccess *const *loads, int nloads)
{
    for (int j = i + 1; j < seq->u.seq.list.n; j++) {
        const IrStmt *t = seq->u.seq.list.v[j];
        if (t->kind == IR_BARRIER) continue;
        const IrRange *r = leaf_range(t);
        if (!r || ir_range_made(r) || r->unknown_read || has_macro_or_jump(r)) return 0;
        for (int k = 0; k < r->accesses.n; k++) {
            const IrAccess *x = r->accesses.v[k];
            if (!x->write && an_may_alias(x->base, st->base) && !is_load(x, loads, nloads)) return 0;
        }
        if (t->kind == IR_TEXT && t->u.text.store && an_same_cell(t->u.text.store, st, F->dims)) return 1;
    }
    return seq == F->k->body;        /* shared memory dies with the block */
}

/* rhs of a store as a range of its own, with the refs and accesses inside. */
/* Whether ref f lies inside [b, e); an insertion at b or e lies outside
 * (the `cucpu_shl(` of `A[i] << n` at b stays before the new use). */
static int ref_inside(const IrRef *f, unsigned b, unsigned e)
{
    if (f->begin == f->end && (f->begin == b || f->begin == e)) return 0;
    return f->begin >= b && f->end <= e;
}

/* r with [b, e) replaced by a use of v (its refs and accesses dropped,
 * its tree's node for [b, e) a use of v). */
static void replace_with_var(Arena *a, IrRange *r, unsigned b, unsigned e, IrVar *v)
{
    IrRef *use = ar_alloc(a, sizeof *use);
    use->kind = REF_VAR;
    use->begin = b;
    use->end = e;
    use->var = v;
    PtrVec refs = { 0 }, acc = { 0 };
    for (int i = 0; i < r->refs.n; i++) {
        IrRef *f = r->refs.v[i];
        if (use && f->begin >= b && !(f->begin == b && f->end == b)) { pv_push(a, &refs, use); use = NULL; }
        if (ref_inside(f, b, e)) continue;
        pv_push(a, &refs, f);
    }
    if (use) pv_push(a, &refs, use);
    for (int i = 0; i < r->accesses.n; i++) {
        IrAccess *x = r->accesses.v[i];
        if (!(x->begin >= b && x->end <= e)) pv_push(a, &acc, x);
    }
    r->refs = refs;
    r->accesses = acc;
    /* the tree no longer says what the refs say when the load has no node
     * of its own (inside an opaque one): the analyses read the refs */
    if (!ir_expr_to_var(r->expr, b, e, v)) r->expr_ok = 0;
}

static int pure_value(const IrRange *r)
{
    if (r->accesses.n || r->unknown_read || r->unknown_write) return 0;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind == REF_CALL || f->kind == REF_CALLCTX || (f->kind == REF_VAR && f->is_write)) return 0;
    }
    return 1;
}

/* The register's name: the access as written (`a[ty][tx]` -> a_ty_tx), made
 * unique among the kernel's variables. */
static const char *reg_name(Fwd *F, const IrAccess *st)
{
    const char *name = *st->ident ? st->ident : NM(FWD);
    for (int k = 2;; k++) {
        int clash = 0;
        for (int i = 0; i < F->k->vars.n && !clash; i++)
            clash = !strcmp(((IrVar *)F->k->vars.v[i])->name, name);
        if (!clash) return name;
        name = ar_printf(F->a, "%s_%d", *st->ident ? st->ident : NM(FWD), k);
    }
}

static void pv_insert(Arena *a, PtrVec *pv, int at, void *p)
{
    pv_push(a, pv, p);
    memmove(pv->v + at + 1, pv->v + at, sizeof *pv->v * (size_t)(pv->n - 1 - at));
    pv->v[at] = p;
}

/* Forwards the store list[i] when it pays; returns how many statements
 * now stand where it stood (1 or 2). */
static int forward(Fwd *F, IrStmt *seq, int i, int in_loop)
{
    IrStmt *s = seq->u.seq.list.v[i];
    IrAccess *st = s->u.text.store;
    const IrVar *A = st->base;
    if (!(A->flags & IRV_SHARED) || !A->elem_type || (A->flags & IRV_VOLATILE) || s->u.text.block_level ||
        has_macro_or_jump(&s->u.text.r) || !an_same_cell(st, st, F->dims))
        return 1;
    enum { MAXLOADS = 16 };
    const IrAccess *loads[MAXLOADS];
    IrStmt *where[MAXLOADS];
    int nloads = 0, crossed = 0;
    for (int j = i + 1; j < seq->u.seq.list.n && nloads < MAXLOADS; j++) {
        IrStmt *t = seq->u.seq.list.v[j];
        crossed |= t->has_barrier;
        if (crossed && leaf_range(t)) {
            int n = loads_in(F, t, st, loads + nloads, MAXLOADS - nloads);
            if (n < 0) break;
            for (int k = 0; k < n; k++) where[nloads + k] = t;
            nloads += n;
        }
        Effects e = { 0 };
        an_effects_stmt(F->a, t, &e);
        if (writes_alias(&e, A)) break;
    }
    if (!nloads) return 1;
    int dead = store_dead(F, seq, i, st, loads, nloads);
    IrRange rhs = ir_sub_range(F->a, &s->u.text.r, s->u.text.rhs_begin, s->u.text.rhs_end);
    if (!dead && !pure_value(&rhs)) return 1;

    IrVar *v = ar_alloc(F->a, sizeof *v);
    v->name = reg_name(F, st);
    v->type = A->elem_type;
    v->dims = "";
    v->loc = s->loc;
    v->flags = IRV_LOCAL | IRV_VARYING;
    v->id = F->k->vars.n;
    v->in_loop = in_loop;
    v->size = A->elem_size;
    pv_push(F->a, &F->k->vars, v);
    IrStmt *d = ir_stmt(F->a, IR_DECL, s->loc);
    d->u.decl.var = v;
    d->u.decl.has_init = 1;
    d->u.decl.init = rhs;
    /* the stored value's tree moves to v; the store's tree reads v */
    if (s->u.text.rhs) {
        d->u.decl.init.expr = ir_expr_take(F->a, s->u.text.rhs, v);
        d->u.decl.init.expr_ok = s->u.text.r.expr_ok;
    }
    v->decl = d;
    for (int k = 0; k < nloads; k++) {
        IrStmt *t = where[k];
        if (t->kind == IR_TEXT) {
            replace_with_var(F->a, &t->u.text.r, loads[k]->begin, loads[k]->end, v);
            continue;
        }
        /* a declaration prints from its whole range `T x = init` */
        replace_with_var(F->a, &t->u.decl.init, loads[k]->begin, loads[k]->end, v);
        if (t->u.decl.decl.begin <= loads[k]->begin && loads[k]->end <= t->u.decl.decl.end)
            replace_with_var(F->a, &t->u.decl.decl, loads[k]->begin, loads[k]->end, v);
    }
    F->k->nforwarded += nloads;
    if (dead) {
        seq->u.seq.list.v[i] = d;
        F->k->ndead_stores++;
        return 1;
    }
    replace_with_var(F->a, &s->u.text.r, s->u.text.rhs_begin, s->u.text.rhs_end, v);
    pv_insert(F->a, &seq->u.seq.list, i, d);
    return 2;
}

static void walk(Fwd *F, IrStmt *s, int in_loop)
{
    if (!s) return;
    switch (s->kind) {
    case IR_SEQ:
        for (int i = 0; i < s->u.seq.list.n; i++) {
            IrStmt *t = s->u.seq.list.v[i];
            if (t->kind == IR_TEXT && t->u.text.store) i += forward(F, s, i, in_loop) - 1;
            else walk(F, t, in_loop);
        }
        break;
    case IR_IF: walk(F, s->u.ifs.then, in_loop); walk(F, s->u.ifs.els, in_loop); break;
    case IR_FOR: case IR_WHILE: case IR_DO: walk(F, s->u.loop.body, 1); break;
    default: break;
    }
}

void pass_forward(IrKernel *k, Arena *a)
{
    Fwd F = { .k = k, .a = a };
    an_tid_dims(k->body, F.dims);
    walk(&F, k->body, 0);
}
