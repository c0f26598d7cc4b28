/*
 * clamps.c: a bounded thread loop runs its interior without its clamps.
 *
 * Stencils clamp their neighbours' indices at the edge of the valid range
 * (rodinia/hotspot's calculate_temp):
 *
 *   int E = tx + 1;
 *   int E_2 = (E > validXmax) ? validXmax : E;
 *   ... temp_on_cuda[ty][E_2] ...
 *
 * Per lane, E_2 is a select, and the load through it a gather: gcc
 * vectorizes the loop with elementwise loads. But the condition is a
 * comparison on the innermost thread id t, so it has one value on a range
 * of t: here it is false for every t < validXmax. When every such
 * declaration among the loop's leading declarations has its varying
 * branch chosen on a range, the loop runs as three: [beg, ilo) and
 * [ihi, end) as written, and [ilo, ihi) with those declarations printed as
 * the branch they take there (`int E_2 = (int)(E);`), where the loads are
 * contiguous. ilo is the largest of the ranges' starts (at least beg, at
 * most end), ihi the smallest of their limits (at most end, at least
 * ilo): the three loops cover [beg, end) once, in order, and on
 * [ilo, ihi) every condition has the value its range gives.
 *
 * A condition qualifies under bounds.c's rules (bounds_place): `l op r`
 * with <, <=, > or >=, sides sums and products of signed int variables
 * (parameters, the loop's leading declarations through their
 * initializers, block variables it does not write) and constants, t with
 * coefficient 1 on one side only; the range is computed in `long`, as
 * the bounds are, which gives the kernel's own int comparison. The branch
 * chosen is the one that varies with t (the other must not), so the
 * interior copy loses the select; the branch is printed converted to the
 * type of `C ? X : Y`, which is what the declaration converted.
 *
 * Requires: bounds (the loop's own guard in its bounds: a thread loop of a
 * kernel with barriers, no stride). Sets par.clamps, par.clamp_lows and
 * par.clamp_limits; codegen prints the three loops.
 */
#include <string.h>
#include "ir/expr.h"
#include "bounds.h"

static int in_lead(const Bounds *B, const IrVar *v)
{
    for (int i = 0; i < B->lead.n; i++)
        if (B->lead.v[i] == v) return 1;
    return 0;
}

/* Whether x may differ between the threads of the loop (a heuristic only:
 * it picks the branch worth specializing, correctness does not rest on
 * it). */
static int varies(const Bounds *B, const IrIdx *x, int depth)
{
    if (!x || depth > 64) return 1;
    switch (x->kind) {
    case IX_CONST: case IX_SYM: return 0;
    case IX_TID: return 1;
    case IX_VAR:
        if (in_lead(B, x->var)) return varies(B, x->var->def, depth + 1);
        return (x->var->flags & (IRV_PRIVATE | IRV_SCALAR)) != 0;
    case IX_ADD: case IX_SUB: case IX_MUL:
        return varies(B, x->l, depth + 1) || varies(B, x->r, depth + 1);
    default: return 1;
    }
}

/* The source of e with its parentheses, inside r and not cutting a ref. */
static int spelled_in(const IrExpr *e, const IrRange *r)
{
    if (r->lit || e->pbegin >= e->pend || e->pbegin < r->begin || e->pend > r->end) return 0;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        int inside = f->begin >= e->pbegin && f->end <= e->pend;
        int outside = f->end <= e->pbegin || f->begin >= e->pend;
        if (!inside && !outside) return 0;
        if (inside && f->kind != REF_VAR && f->kind != REF_BUILTIN) return 0;
        if (inside && f->kind == REF_VAR && f->in_macro) return 0;
    }
    return 1;
}

/* s, a leading declaration `v = C ? X : Y`: its clamp and its range on
 * loop's scratch vectors (lows, limits), or 0. */
static IrClamp *clamp_of(Bounds *B, IrStmt *s, IrStmt *scratch)
{
    IrVar *v = s->u.decl.var;
    const IrRange *r = &s->u.decl.init;
    /* an arithmetic variable, whose type prints before its name */
    if (*v->dims || !(v->tflags & (IRT_INT | IRT_FLOAT)) || strpbrk(v->type, "&()[")) return NULL;
    const IrExpr *e = r->expr ? ir_expr_bare(r->expr) : NULL;
    if (!e || e->kind != EX_COND || e->nkids != 3 || !e->type || !e->tflags) return NULL;
    const IrExpr *c = e->kids[0], *x = e->kids[1], *y = e->kids[2];
    /* in the order written, each in the initializer's own text */
    if (!spelled_in(x, r) || !spelled_in(y, r) || c->pend > x->pbegin || x->pend > y->pbegin) return NULL;
    PtrVec cmps = { 0 };
    if (!ir_expr_compares(B->a, c, OP_LAND, &cmps) || cmps.n != 1) return NULL;
    int vx = varies(B, ir_expr_idx(B->a, x), 0), vy = varies(B, ir_expr_idx(B->a, y), 0);
    if (vx == vy) return NULL;
    /* the range where the varying branch is taken: C holds (X), or not (Y) */
    scratch->u.par.lows.n = scratch->u.par.limits.n = scratch->u.par.conds.n = 0;
    if (!bounds_place(B, scratch, *(IrCompare *)cmps.v[0], vy) || scratch->u.par.conds.n) return NULL;
    IrClamp *k = ar_alloc(B->a, sizeof *k);
    *k = (IrClamp){ s, vx ? x : y, e->type };
    return k;
}

static void clamp_loop(IrKernel *k, Arena *a, IrStmt *loop)
{
    Bounds B;
    if (loop->u.par.stride || !bounds_context(k, a, loop, &B)) return;
    IrStmt *scratch = ir_stmt(a, IR_BLOCK_FOR, loop->loc);
    /* the lead: the values the loop recomputes first, then its body's
     * leading declarations */
    for (int i = 0; i < B.lead.n; i++) {
        IrStmt *s = ((IrVar *)B.lead.v[i])->decl;
        if (!s || s->kind != IR_DECL) continue;
        IrClamp *c = clamp_of(&B, s, scratch);
        if (!c) continue;
        pv_push(a, &loop->u.par.clamps, c);
        for (int j = 0; j < scratch->u.par.lows.n; j++) pv_push(a, &loop->u.par.clamp_lows, scratch->u.par.lows.v[j]);
        for (int j = 0; j < scratch->u.par.limits.n; j++) pv_push(a, &loop->u.par.clamp_limits, scratch->u.par.limits.v[j]);
    }
}

static int guard_in_bounds(const IrStmt *loop)
{
    const IrStmt *body = loop->u.par.body;
    if (body->kind != IR_SEQ) return 0;
    for (int i = 0; i < body->u.seq.list.n; i++) {
        const IrStmt *s = body->u.seq.list.v[i];
        if (s->kind == IR_TEXT && s->u.text.guard_to_bounds) return 1;
    }
    return 0;
}

static void each_loop(IrStmt *s, void *ctx)
{
    void **c = ctx;
    if (s->kind == IR_BLOCK_FOR && guard_in_bounds(s)) clamp_loop(c[0], c[1], s);
}

void pass_clamps(IrKernel *k, Arena *a)
{
    if (k->flat || k->has_goto) return;
    void *ctx[2] = { k, a };
    ir_each_stmt(k->body, each_loop, ctx);
}
