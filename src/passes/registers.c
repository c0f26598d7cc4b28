/*
 * registers.c: a thread loop keeps each per-thread array's element in a
 * local for the iteration.
 *
 * A value that lives across a barrier is an array indexed by the thread
 * (privatize): `float v[cucpu_nt]`, each use `v[cucpu_tid]`. A thread
 * loop that updates it under conditions,
 *
 *   v[cucpu_tid] = 0;
 *   if (i < n) v[cucpu_tid] += in[i];
 *   if (i + BS < n) v[cucpu_tid] += in[i + BS];
 *
 * keeps every update in memory: the host compiler does not sink the
 * conditional stores (bench/warp: 0.9 M of 10.6 M instructions). With the
 * array in par.regs, codegen loads `cucpu_r_v = v[cucpu_tid]` before the
 * iteration's body, uses the local throughout, and stores it back after
 * the body's end label (every path of the iteration reaches it: jumps out
 * of the body go there). Nothing else in the iteration can see the array:
 *   - the variable is a plain scalar (integer, floating or pointer; not
 *     bool, const, volatile, a reference or an array per thread), not the
 *     translator's (exchange arrays, flags: other lanes read those), its
 *     address never taken nor aliased by a reference or lambda, and no
 *     reference anywhere in the kernel bound to it (an inlined function's
 *     `const T &` parameter keeps the address of its argument);
 *   - every use in the loop is a ref or a typed tree that codegen prints
 *     through var_use (no ref inside a macro, a lambda's capture or an
 *     inserted object), and the loop holds no translator text (a literal,
 *     a replacement, text that names cucpu_tid) that could name the array.
 * regs_out lists those the loop may write. Not under --check (codegen
 * ignores regs there).
 *
 * Requires: every pass that changes thread loop bodies (run last but team).
 */
#include <string.h>
#include "ir/expr.h"
#include "passes.h"

typedef struct Scan {
    Arena *a;
    PtrVec seen, bad, written;
    int opaque;           /* translator text that may name an array */
} Scan;

static int in_vec(const PtrVec *v, const void *p)
{
    for (int i = 0; i < v->n; i++)
        if (v->v[i] == p) return 1;
    return 0;
}

static void note(Scan *sc, PtrVec *v, IrVar *x)
{
    if (!in_vec(v, x)) pv_push(sc->a, v, x);
}

static int plain(const IrVar *v)
{
    size_t n = strlen(v->type);
    if ((v->flags & (IRV_PRIVATE | IRV_SCALAR | IRV_SYNTH | IRV_EXCHANGE | IRV_ADDRTAKEN | IRV_ALIASED | IRV_REFERENCE |
                     IRV_LAMBDA | IRV_LAMBDA_COPIES | IRV_QUALIFIED | IRV_VOLATILE | IRV_SHARED | IRV_DYNSHARED)) !=
        IRV_PRIVATE)
        return 0;
    if ((v->dims && *v->dims) || (n && v->type[n - 1] == '&')) return 0;
    return (v->tflags & (IRT_INT | IRT_FLOAT | IRT_POINTER)) && !(v->tflags & IRT_BOOL);
}

static void scan_expr(Scan *sc, const IrExpr *e)
{
    if (!e) return;
    if (e->kind == EX_VAR && e->var && (e->var->flags & IRV_PRIVATE)) {
        note(sc, &sc->seen, e->var);
        if (e->write) note(sc, &sc->written, e->var);
    }
    for (int i = 0; i < e->nkids; i++) scan_expr(sc, e->kids[i]);
}

static int number_lit(const char *t)
{
    for (; *t; t++)
        if ((*t < '0' || *t > '9') && *t != ' ') return 0;
    return 1;
}

static int scan_range(IrRange *r, void *ctx)
{
    Scan *sc = ctx;
    if ((r->lit && !number_lit(r->lit)) || r->tid_text || r->made == MADE_CLEAR) sc->opaque = 1;
    if (r->made) scan_expr(sc, r->expr);
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind == REF_REPLACE) sc->opaque = 1;
        if (f->kind != REF_VAR || !(f->var->flags & IRV_PRIVATE)) continue;
        note(sc, &sc->seen, f->var);
        if (f->is_write) note(sc, &sc->written, f->var);
        if (f->in_macro || f->capture || f->copied || f->pre || f->post) note(sc, &sc->bad, f->var);
    }
    return 0;
}

static void scan_stmt(IrStmt *s, void *ctx)
{
    Scan *sc = ctx;
    if (s->kind == IR_DECL && (s->u.decl.var->flags & IRV_PRIVATE)) {
        note(sc, &sc->seen, s->u.decl.var);
        if (s->u.decl.has_init) note(sc, &sc->written, s->u.decl.var);
    }
    if (s->kind == IR_TEXT && (s->u.text.clears || s->u.text.any_active || s->u.text.block_level)) sc->opaque = 1;
    if (s->kind == IR_TEXT && s->u.text.set_var && (s->u.text.set_var->flags & IRV_PRIVATE))
        note(sc, &sc->written, s->u.text.set_var);
}

/* Variables a reference is bound to anywhere in the kernel (an inlined
 * function's `const T &p` parameter keeps their address, `p = &(v)`, and
 * may read them through it in any later thread loop). */
typedef struct Bound { Arena *a; PtrVec vars; } Bound;

static int ref_type(const IrVar *v)
{
    size_t n = v->type ? strlen(v->type) : 0;
    return (v->flags & IRV_REFERENCE) || (n && v->type[n - 1] == '&');
}

static void bound_expr(Bound *b, const IrExpr *e)
{
    if (!e) return;
    if (e->kind == EX_VAR && e->var && !in_vec(&b->vars, e->var)) pv_push(b->a, &b->vars, e->var);
    for (int i = 0; i < e->nkids; i++) bound_expr(b, e->kids[i]);
}

static void bound_stmt(IrStmt *s, void *ctx)
{
    Bound *b = ctx;
    if (s->kind != IR_DECL || !ref_type(s->u.decl.var)) return;
    const IrRange *r = &s->u.decl.init;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind == REF_VAR && !in_vec(&b->vars, f->var)) pv_push(b->a, &b->vars, f->var);
    }
    bound_expr(b, r->expr);
}

static void thread_loop(IrStmt *l, void *ctx)
{
    Bound *bound = ctx;
    Scan sc = { .a = bound->a };
    if (l->kind != IR_BLOCK_FOR) return;
    ir_each_stmt(l->u.par.body, scan_stmt, &sc);
    ir_each_range(l->u.par.body, scan_range, &sc);
    for (int i = 0; i < l->u.par.recompute.n; i++) {
        IrVar *v = l->u.par.recompute.v[i];
        if (v->decl && v->decl->kind == IR_DECL) scan_range(&v->decl->u.decl.init, &sc);
        else sc.opaque = 1;
    }
    if (sc.opaque) return;
    for (int i = 0; i < sc.seen.n; i++) {
        IrVar *v = sc.seen.v[i];
        if (!plain(v) || in_vec(&sc.bad, v) || in_vec(&bound->vars, v)) continue;
        pv_push(sc.a, &l->u.par.regs, v);
        if (in_vec(&sc.written, v)) pv_push(sc.a, &l->u.par.regs_out, v);
    }
}

void pass_registers(IrKernel *k, Arena *a)
{
    /* a user's goto could leave an iteration past its store */
    if (k->flat || k->has_goto) return;
    Bound b = { .a = a };
    ir_each_stmt(k->body, bound_stmt, &b);
    if (k->prologue) ir_each_stmt(k->prologue, bound_stmt, &b);
    ir_each_thread_loop(k->body, thread_loop, &b);
}
