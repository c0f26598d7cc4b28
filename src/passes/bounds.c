/*
 * bounds.c: a thread body's leading guard becomes the bounds of its loops.
 *
 * Nearly every CUDA kernel starts
 *
 *   int i = blockIdx.x * blockDim.x + threadIdx.x;
 *   if (i >= n) return;            (or: if (i < n) { ... })
 *
 * Kept in the innermost thread loop, that test is control flow the C
 * compiler will not vectorize (it would need masked loads and stores). On
 * a flat kernel whose thread body is pure declarations, then such a guard,
 * every comparison of the guard is either
 *   - a bound on the innermost thread id t: one side is `base + t` (t with
 *     coefficient 1, base the same for the whole loop), the other the same
 *     for the whole loop: the loop runs t < limit, limit = other - base
 *     (+ 1 for <=); or
 *   - the same for the whole innermost loop: it is tested once, before it.
 * Then the loop stops where the guard would have, the guard is printed as
 * nothing (or as its body S), and threads past it run no code at all: they
 * would only have evaluated the pure declarations before the guard.
 *
 * Sides must be sums and products of constants and signed integer
 * variables (kernel parameters never assigned, the leading declarations,
 * through their initializers, and locals licm moved before the loops), so
 * that computing them in `long` before the loop gives the comparison the
 * kernel makes. Unsigned values (`unsigned i = ...`) keep their guard, and
 * so do types narrower than int (`short i`), which wrap where `long` would
 * not; signedness and width come from clang (IrVar.tflags, size).
 *
 * In kernels with barriers, the guard may also be the IF that split copies
 * into each thread loop of a predicated region (bound_if).
 *
 * Requires: collapse, interchange, balance (flat kernels without balance
 * only: balance collapses all six loops). Sets par.limits, par.conds,
 * text.guard_to_bounds and k->bounds.
 */
#include <string.h>
#include "ir/expr.h"
#include "bounds.h"


static int in_vec(const PtrVec *v, const void *p)
{
    for (int i = 0; i < v->n; i++)
        if (v->v[i] == p) return 1;
    return 0;
}

/* A signed integer type at least as wide as int, as clang classified it
 * (a typedef of one too): narrower ones would wrap where the `long` bounds
 * do not. */
static int signed_int(const IrVar *v)
{
    return (v->tflags & (IRT_INT | IRT_UNSIGNED | IRT_BOOL)) == IRT_INT && v->size >= (long)sizeof(int);
}

static int in_prologue(const IrKernel *k, const IrVar *v)
{
    if (!k->prologue || !v->decl) return 0;
    return in_vec(&k->prologue->u.seq.list, v->decl);
}

static int writes_var(IrRange *r, void *ctx)
{
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind == REF_VAR && f->var == ctx && f->is_write) return 1;
    }
    return 0;
}

/* A variable the bounds can name before the loops, or substitute. */
static int var_ok(const Bounds *B, const IrVar *v)
{
    if (!signed_int(v)) return 0;
    if (in_vec(&B->lead, v)) return 1;
    if ((v->flags & IRV_PARAM) && !(v->flags & IRV_WRITTEN)) return 1;
    /* the block's own variable (a uniform loop's counter, a value licm
     * hoisted), when this thread loop does not write it */
    if (B->loop && (v->flags & IRV_BLOCKVAR) && !(v->flags & (IRV_PRIVATE | IRV_SCALAR)) &&
        !ir_each_range(B->loop->u.par.body, writes_var, (void *)v))
        return 1;
    return in_prologue(B->k, v) && !(v->flags & IRV_WRITTEN);
}

/* Initializers of leading declarations may use thread and block ids; the
 * sides of a comparison only signed variables and constants. */
static int expr_ok(const Bounds *B, const IrIdx *x, int in_def)
{
    switch (x->kind) {
    case IX_CONST: return 1;
    case IX_TID: case IX_SYM: return in_def;
    case IX_VAR:
        if (!var_ok(B, x->var)) return 0;
        return !in_vec(&B->lead, x->var) || (x->var->def && expr_ok(B, x->var->def, 1));
    case IX_ADD: case IX_SUB: case IX_MUL: return expr_ok(B, x->l, in_def) && expr_ok(B, x->r, in_def);
    default: return 0;
    }
}

/* The coefficient of thread id component d in x; *ok = 0 when x is not
 * linear in it. */
static long coef(const Bounds *B, const IrIdx *x, int d, int *ok)
{
    switch (x->kind) {
    case IX_CONST: case IX_SYM: return 0;
    case IX_TID: return x->dim == d;
    case IX_VAR: return in_vec(&B->lead, x->var) ? coef(B, x->var->def, d, ok) : 0;
    case IX_ADD: return coef(B, x->l, d, ok) + coef(B, x->r, d, ok);
    case IX_SUB: return coef(B, x->l, d, ok) - coef(B, x->r, d, ok);
    case IX_MUL: {
        long l = coef(B, x->l, d, ok), r = coef(B, x->r, d, ok);
        if (!l && !r) return 0;
        if (x->r->kind == IX_CONST && !r) return l * x->r->c;
        if (x->l->kind == IX_CONST && !l) return r * x->l->c;
        *ok = 0;
        return 0;
    }
    default: *ok = 0; return 0;
    }
}

static IrIdx *ix(Arena *a, IrIdxKind k, IrIdx *l, IrIdx *r, long c)
{
    IrIdx *x = ar_alloc(a, sizeof *x);
    x->kind = k;
    x->l = l;
    x->r = r;
    x->c = c;
    return x;
}

/* x with the leading declarations substituted and thread id d set to 0. */
static IrIdx *without(const Bounds *B, IrIdx *x, int d)
{
    switch (x->kind) {
    case IX_TID: return x->dim == d ? ix(B->a, IX_CONST, NULL, NULL, 0) : x;
    case IX_VAR: return in_vec(&B->lead, x->var) ? without(B, x->var->def, d) : x;
    case IX_ADD: case IX_SUB: case IX_MUL: {
        IrIdx *l = without(B, x->l, d), *r = without(B, x->r, d);
        /* fold the zero that t became */
        if (x->kind != IX_MUL && r->kind == IX_CONST && r->c == 0) return l;
        if (x->kind == IX_ADD && l->kind == IX_CONST && l->c == 0) return r;
        return ix(B->a, x->kind, l, r, 0);
    }
    default: return x;
    }
}

/* (CMP_EQ and CMP_DIV come only from && guards: never negated) */
static IrCmp negate(IrCmp op)
{
    switch (op) {
    case CMP_LT: return CMP_GE;
    case CMP_LE: return CMP_GT;
    case CMP_GT: return CMP_LE;
    default: return CMP_LT;
    }
}

static IrCmp mirror(IrCmp op)
{
    switch (op) {
    case CMP_LT: return CMP_GT;
    case CMP_LE: return CMP_GE;
    case CMP_GT: return CMP_LT;
    case CMP_GE: return CMP_LE;
    default: return op;        /* == */
    }
}

/* c holds for the threads that run (continue form): a limit or a cond of
 * loop, or 0 when it is neither. */
static int place(Bounds *B, IrStmt *loop, IrCompare c)
{
    int d = B->inner, okl = 1, okr = 1;
    if (!expr_ok(B, c.l, 0) || !expr_ok(B, c.r, 0)) return 0;
    long cl = coef(B, c.l, d, &okl), cr = coef(B, c.r, d, &okr);
    if (!okl || !okr) return 0;
    if (c.op == CMP_DIV) {
        /* (offset + t) % s == 0, s the same for the whole loop: the loop
         * steps by s (printed only for the thread loops of kernels with
         * barriers) */
        if (!B->loop || loop->u.par.stride || cl != 1 || cr) return 0;
        loop->u.par.stride = without(B, c.r, -1);
        loop->u.par.offset = without(B, c.l, d);
        return 1;
    }
    if (!cl && !cr) {
        IrCompare *x = ar_alloc(B->a, sizeof *x);
        *x = (IrCompare){ c.op, without(B, c.l, -1), without(B, c.r, -1) };
        pv_push(B->a, &loop->u.par.conds, x);
        return 1;
    }
    if (cl && cr) return 0;
    if (cr) c = (IrCompare){ mirror(c.op), c.r, c.l };
    if ((cr ? cr : cl) != 1) return 0;
    /* base + t < r  <=>  t < r - base; >=, > and == give where t starts */
    IrIdx *lim = ix(B->a, IX_SUB, without(B, c.r, -1), without(B, c.l, d), 0);
    IrIdx *one = ix(B->a, IX_CONST, NULL, NULL, 1);
    switch (c.op) {
    case CMP_LT: pv_push(B->a, &loop->u.par.limits, lim); break;
    case CMP_LE: pv_push(B->a, &loop->u.par.limits, ix(B->a, IX_ADD, lim, one, 0)); break;
    case CMP_GE: pv_push(B->a, &loop->u.par.lows, lim); break;
    case CMP_GT: pv_push(B->a, &loop->u.par.lows, ix(B->a, IX_ADD, lim, one, 0)); break;
    default:
        pv_push(B->a, &loop->u.par.lows, lim);
        pv_push(B->a, &loop->u.par.limits, ix(B->a, IX_ADD, lim, one, 0));
        break;
    }
    return 1;
}

/* A declaration whose initializer stores nothing and calls nothing; with
 * need_def, one whose value the bounds can name (an index expression). */
static int pure_init(const IrStmt *s, int need_def)
{
    if (s->kind != IR_DECL || (need_def && !s->u.decl.var->def) || s->u.decl.direct_init || s->u.decl.assign_only)
        return 0;
    const IrRange *r = &s->u.decl.init;
    if (r->unknown_write) return 0;
    for (int i = 0; i < r->accesses.n; i++)
        if (((IrAccess *)r->accesses.v[i])->write) return 0;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind == REF_CALL || f->kind == REF_CALLCTX || (f->kind == REF_VAR && f->is_write)) return 0;
    }
    return 1;
}

static int pure_decl(const IrStmt *s) { return pure_init(s, 1); }

/* `v = constant;` for a local kept per thread (hotspot's `computed =
 * false;` before its guard): it touches no memory another thread can see
 * and reads nothing, so it may run in a thread loop of its own, before
 * the bounded one, for every thread. */
static int own_constant_store(const IrStmt *s)
{
    if (s->kind != IR_TEXT || s->u.text.guard || s->u.text.block_level || ir_range_made(&s->u.text.r)) return 0;
    const IrVar *v = s->u.text.set_var;
    const IrRange *r = &s->u.text.r;
    if (!v || !(v->flags & IRV_PRIVATE) || (v->flags & (IRV_SCALAR | IRV_SHARED | IRV_DYNSHARED)) || *v->dims) return 0;
    if (r->refs.n != 1 || r->accesses.n || r->unknown_read || r->unknown_write || r->irregular || r->tid_text) return 0;
    const IrRef *f = r->refs.v[0];
    return f->kind == REF_VAR && f->var == v && f->is_write && !f->in_macro;
}

static IrWalk no_jump(IrStmt *s, void *ctx)
{
    (void)ctx;
    switch (s->kind) {
    case IR_RETURN: case IR_BREAK: case IR_CONTINUE: case IR_BARRIER: return IR_WALK_STOP;
    default: return IR_WALK_GO;
    }
}

/* A kernel with barriers: the thread loop's last statement is an IF
 * without else whose condition is an && of comparisons (split copies the
 * stable `if (tid < num)` around a swept loop into every thread loop
 * under it, as an IF, not as a guarded TEXT). When every comparison is
 * placed, the loop's bounds run exactly the threads for which it holds,
 * and the IF is replaced by its body: the threads left out would have run
 * only the pure declarations before it. Its body may not jump (a jump's
 * flag and label stay as they are elsewhere; kept simple) nor hold a
 * barrier (a thread loop's never does). */
static int bound_if(Bounds *B, IrStmt *loop, IrStmt *body, int i)
{
    IrStmt *s = body->u.seq.list.v[i];
    if (ir_walk(s, no_jump, NULL, NULL)) return 0;
    PtrVec cmps = { 0 };
    /* nested ifs (`if (lo <= tid) if (tid < hi)`: a swept kernel has no
     * `&&`) are one guard, the && of their conditions */
    for (;;) {
        if (s->u.ifs.els || s->u.ifs.cond.lit || !s->u.ifs.cond.expr || !s->u.ifs.then) return 0;
        if (!ir_expr_compares(B->a, s->u.ifs.cond.expr, OP_LAND, &cmps)) return 0;
        IrStmt *t = s->u.ifs.then;
        if (t->kind == IR_SEQ && t->u.seq.list.n == 1) t = t->u.seq.list.v[0];
        if (t->kind != IR_IF || t->u.ifs.els || t->u.ifs.cond.lit || !t->u.ifs.cond.expr) break;
        s = t;
    }
    for (int j = 0; j < cmps.n; j++) {
        if (!place(B, loop, *(IrCompare *)cmps.v[j])) {
            loop->u.par.limits.n = loop->u.par.lows.n = loop->u.par.conds.n = 0;
            loop->u.par.stride = loop->u.par.offset = NULL;
            return 0;
        }
    }
    /* S keeps the scope of its braces: a declaration in it may shadow one
     * that the loop recomputes first (`const int idx = threadIdx.x;` of an
     * inlined function, NVIDIA's dxtc) */
    IrStmt *then = s->u.ifs.then;
    if (then->kind != IR_SEQ) {
        IrStmt *w = ir_stmt(B->a, IR_SEQ, then->loc);
        ir_seq_push(B->a, w, then);
        then = w;
    }
    then->u.seq.scope = 1;
    body->u.seq.list.v[i] = then;
    loop->u.par.if_bounds = 1;
    return 1;
}

/* The guard of loop's body into its bounds; 1 when done. The statements
 * of the body that every thread must run (own_constant_store) go to
 * *first, in order, for a thread loop before it. */
static int bound_loop(IrKernel *k, Arena *a, IrStmt *loop, int flat, PtrVec *first)
{
    IrStmt *body = loop->u.par.body;
    if (body->kind != IR_SEQ) return 0;
    Bounds B = { .k = k, .a = a, .inner = loop->u.par.inner, .loop = flat ? NULL : loop };
    for (int i = 0; i < loop->u.par.recompute.n; i++) {
        /* recomputed first in the loop, from their initializers (a
         * pointer copy, `float *c_2 = c`, has no index value: the bounds
         * cannot name it, but a thread left out loses nothing) */
        IrVar *v = loop->u.par.recompute.v[i];
        if (!v->decl || !pure_init(v->decl, 0)) return 0;
        if (v->def) pv_push(a, &B.lead, v);
    }
    int n = body->u.seq.list.n, i = 0;
    for (; i < n; i++) {
        IrStmt *s = body->u.seq.list.v[i];
        if (!flat && own_constant_store(s)) {
            pv_push(a, first, s);
            continue;
        }
        if (!pure_decl(s)) break;
        IrVar *v = s->u.decl.var;
        /* a value kept for later thread loops must be set in every thread */
        if (v->flags & (IRV_PRIVATE | IRV_SCALAR)) return 0;
        pv_push(a, &B.lead, v);
    }
    if (i == n) return 0;
    IrStmt *s = body->u.seq.list.v[i];
    if (s->kind == IR_IF) return !flat && i == n - 1 && bound_if(&B, loop, body, i);
    IrGuard *g = s->kind == IR_TEXT ? s->u.text.guard : NULL;
    if (!g || g->flag_test || (!g->exit && i != n - 1)) return 0;
    /* in a kernel with barriers, `return` ends the thread for the later
     * thread loops too (codegen's done flags): it stays */
    if (g->exit && !flat) return 0;
    if (!g->exit && (g->then_begin < s->u.text.r.begin || g->then_end > s->u.text.r.end)) return 0;
    for (int j = 0; j < g->cmps.n; j++) {
        IrCompare c = *(IrCompare *)g->cmps.v[j];
        if (g->exit && c.op == CMP_DIV) return 0;   /* not recorded; no negation */
        if (g->exit) c.op = negate(c.op);
        if (!place(&B, loop, c)) {
            loop->u.par.limits.n = loop->u.par.lows.n = loop->u.par.conds.n = 0;
            loop->u.par.stride = loop->u.par.offset = NULL;
            return 0;
        }
    }
    s->u.text.guard_to_bounds = 1;
    return 1;
}

static void collect_seq(IrStmt *s, void *ctx)
{
    if (s->kind == IR_SEQ) pv_push(((Bounds *)ctx)->a, &((Bounds *)ctx)->lead, s);
}

/* seq's thread loop list[i]; 1 when a thread loop went in before it. */
static int bound_in_seq(IrKernel *k, Arena *a, IrStmt *seq, int i)
{
    IrStmt *loop = seq->u.seq.list.v[i];
    PtrVec first = { 0 };
    if (!bound_loop(k, a, loop, 0, &first)) return 0;
    k->bounds = 1;
    if (!first.n) return 0;
    /* the statements every thread runs: a thread loop of their own */
    IrStmt *body = loop->u.par.body, *rest = ir_stmt(a, IR_SEQ, body->loc), *pre = ir_stmt(a, IR_SEQ, body->loc);
    rest->u.seq.scope = body->u.seq.scope;
    for (int j = 0; j < body->u.seq.list.n; j++) {
        IrStmt *s = body->u.seq.list.v[j];
        ir_seq_push(a, in_vec(&first, s) ? pre : rest, s);
    }
    loop->u.par.body = rest;
    IrStmt *f = ir_stmt(a, IR_BLOCK_FOR, loop->loc);
    f->u.par.body = pre;
    f->u.par.seg = loop->u.par.seg;          /* (no jumps: no label of its own) */
    f->u.par.simd = loop->u.par.simd;
    f->u.par.inner = loop->u.par.inner;
    f->u.par.after_barrier = loop->u.par.after_barrier;
    loop->u.par.after_barrier = 0;            /* --check: no barrier between the two */
    pv_push(a, &seq->u.seq.list, NULL);
    memmove(&seq->u.seq.list.v[i + 1], &seq->u.seq.list.v[i], sizeof seq->u.seq.list.v[0] * (size_t)(seq->u.seq.list.n - 1 - i));
    seq->u.seq.list.v[i] = f;
    return 1;
}

static void find_decl(IrStmt *s, void *ctx)
{
    IrVar **v = ctx;
    if (*v && s->kind == IR_DECL && s->u.decl.var == *v) *v = NULL;
}

/* A warp tree (lower_warp_tree.c) right after the thread loop that stores
 * its operand, that loop bounded by its branch's condition (bound_if):
 * only the warps of the threads in those bounds fold. The others do not
 * take part, and their lanes are read by no one: the threads that read
 * the tree's result back are in the same branch. */
static void range_trees(IrStmt *seq)
{
    for (int i = 0; i + 1 < seq->u.seq.list.n; i++) {
        IrStmt *l = seq->u.seq.list.v[i], *t = seq->u.seq.list.v[i + 1];
        if (l->kind != IR_BLOCK_FOR || !l->u.par.if_bounds || l->u.par.stride || l->u.par.inner != 0) continue;
        if (t->kind != IR_TEXT || !t->u.text.tree_ranged || !t->u.text.tree_var) continue;
        IrVar *v = t->u.text.tree_var;
        ir_each_stmt(l->u.par.body, find_decl, &v);
        if (!v) t->u.text.tree_range = l;
    }
}

void pass_bounds(IrKernel *k, Arena *a)
{
    if (k->flat) {
        PtrVec none = { 0 };
        if (!k->balance && bound_loop(k, a, k->body->u.par.body->u.seq.list.v[0], 1, &none)) k->bounds = 1;
        return;
    }
    /* a kernel with barriers: each thread loop on its own (the stride
     * form of srad's tree reduction, `if ((tx + 1) % i == 0)`, and
     * `if (tid < s)` under a uniform loop) */
    Bounds seqs = { .a = a };
    ir_each_stmt(k->body, collect_seq, &seqs);
    for (int s = 0; s < seqs.lead.n; s++) {
        IrStmt *seq = seqs.lead.v[s];
        for (int i = 0; i < seq->u.seq.list.n; i++)
            if (((IrStmt *)seq->u.seq.list.v[i])->kind == IR_BLOCK_FOR) i += bound_in_seq(k, a, seq, i);
        range_trees(seq);
    }
}

/* ---- for clamps.c ---- */

int bounds_context(IrKernel *k, Arena *a, IrStmt *loop, Bounds *B)
{
    IrStmt *body = loop->u.par.body;
    *B = (Bounds){ .k = k, .a = a, .inner = loop->u.par.inner, .loop = loop };
    if (body->kind != IR_SEQ) return 0;
    for (int i = 0; i < loop->u.par.recompute.n; i++) {
        IrVar *v = loop->u.par.recompute.v[i];
        if (!v->def || !v->decl || !pure_decl(v->decl)) return 0;
        pv_push(a, &B->lead, v);
    }
    for (int i = 0; i < body->u.seq.list.n; i++) {
        IrStmt *s = body->u.seq.list.v[i];
        if (!pure_decl(s) || (s->u.decl.var->flags & (IRV_PRIVATE | IRV_SCALAR))) break;
        pv_push(a, &B->lead, s->u.decl.var);
    }
    return 1;
}

int bounds_place(Bounds *B, IrStmt *loop, IrCompare c, int negated)
{
    if (negated) c.op = negate(c.op);
    return place(B, loop, c);
}

int bounds_pure_init(const IrStmt *s, int need_def)
{
    return pure_init(s, need_def);
}
