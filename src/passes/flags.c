/*
 * flags.c: a thread loop that tests a flag runs only where the flag is set.
 *
 * Kernels with barriers record which threads did some work in a flag that
 * they test after the barrier (rodinia/hotspot's calculate_temp):
 *
 *   computed = false;
 *   if (IN_RANGE(tx, i+1, BLOCK_SIZE-i-2) && ...) {
 *       computed = true;
 *       temp_t[ty][tx] = ...;
 *   }
 *   __syncthreads();
 *   if (computed) temp_on_cuda[ty][tx] = temp_t[ty][tx];
 *
 * After split and bounds that is, in one sequence of block-level code,
 *
 *   A: a thread loop that sets F = 0 in every thread (bounds.c's
 *      own_constant_store loop, without bounds of its own),
 *   B: the next statement, a thread loop whose bounds are its guard's
 *      (text.guard_to_bounds), the guarded S opening with `F = 1;`,
 *   C: later, a thread loop of pure declarations and then `if (F) S'`.
 *
 * Threads in B's bounds set F to 1 (the first thing S does); the others
 * keep the 0 that A gave them. So if nothing between B and C writes F or a
 * variable that B's bounds read, F is 1 exactly in the threads of B's
 * bounds as C would compute them: C takes B's bounds (limits, starts,
 * conditions, step) and prints S' alone. The threads it leaves out would
 * only have evaluated pure declarations and a false test. The bounds are
 * computed before the loop, in long, from the same values; only the thread
 * set moves, never an expression. Stops at the first statement after B
 * that writes F or one of those variables (C itself may: its test comes
 * first).
 *
 * The test must be `if (F)` with F a bare use (the front end's flag_test
 * guard), the set `F = 1` and the reset `F = 0` integer literals, F an
 * integer (bool) variable kept per thread (IRV_PRIVATE) whose address no
 * one takes. F's own stores stay: a later reader outside the sequence (the
 * test after hotspot's loop) still reads the array.
 *
 * Requires: bounds. Sets par.limits, par.lows, par.conds, par.stride and
 * par.offset of C, text.guard_to_bounds of its test, k->bounds.
 */
#include <string.h>
#include "ir/expr.h"
#include "bounds.h"

/* the variables B's bounds read (IrIdx IX_VAR), for the write check */
static void idx_vars(Arena *a, const IrIdx *x, PtrVec *out)
{
    if (!x) return;
    if (x->kind == IX_VAR) pv_push(a, out, x->var);
    if (x->kind == IX_ADD || x->kind == IX_SUB || x->kind == IX_MUL) {
        idx_vars(a, x->l, out);
        idx_vars(a, x->r, out);
    }
}

static int in_vec(const PtrVec *v, const void *p)
{
    for (int i = 0; i < v->n; i++)
        if (v->v[i] == p) return 1;
    return 0;
}

/* a made tree stores into one of vars */
static int tree_writes(const IrExpr *e, const PtrVec *vars, int depth)
{
    if (!e || depth > IR_EXPR_MAX_DEPTH) return 1;
    if (e->kind == EX_VAR && e->write && in_vec(vars, e->var)) return 1;
    for (int i = 0; i < e->nkids; i++)
        if (tree_writes(e->kids[i], vars, depth + 1)) return 1;
    return 0;
}

static int range_writes(IrRange *r, void *ctx)
{
    const PtrVec *vars = ctx;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind == REF_VAR && f->is_write && in_vec(vars, f->var)) return 1;
    }
    if (r->made == MADE_CLEAR) return 0;      /* a translator's per-thread array */
    return ir_range_made(r) && (r->lit || tree_writes(r->expr, vars, 0));
}

typedef struct Writes { const PtrVec *vars; int found; } Writes;

static void decl_of(IrStmt *s, void *ctx)
{
    Writes *w = ctx;
    if ((s->kind == IR_DECL || s->kind == IR_SHARED) && in_vec(w->vars, s->u.decl.var)) w->found = 1;
}

/* s (anything nested in it included) writes or declares one of vars */
static int writes(IrStmt *s, const PtrVec *vars)
{
    Writes w = { vars, 0 };
    ir_each_stmt(s, decl_of, &w);
    return w.found || ir_each_range(s, range_writes, (void *)vars);
}

static int count_writes(const IrRange *r, const IrVar *v)
{
    int n = 0;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind == REF_VAR && f->var == v && f->is_write) n++;
    }
    return n;
}

static int flag_var(const IrVar *v)
{
    return (v->flags & IRV_PRIVATE) && (v->tflags & IRT_INT) && !*v->dims &&
           !(v->flags & (IRV_SCALAR | IRV_SHARED | IRV_DYNSHARED | IRV_ADDRTAKEN | IRV_ALIASED | IRV_REFERENCE |
                         IRV_VOLATILE | IRV_LAMBDA));
}

static int bounded(const IrStmt *l)
{
    return l->u.par.limits.n || l->u.par.lows.n || l->u.par.conds.n || l->u.par.stride;
}

static IrStmt *last_stmt(IrStmt *loop)
{
    IrStmt *b = loop->u.par.body;
    if (b->kind != IR_SEQ || !b->u.seq.list.n) return NULL;
    return b->u.seq.list.v[b->u.seq.list.n - 1];
}

/* B sets F to 1 exactly in its bounds: the flag, or NULL */
static IrVar *setter(IrStmt *B)
{
    if (B->kind != IR_BLOCK_FOR || !bounded(B)) return NULL;
    IrStmt *s = last_stmt(B);
    if (!s || s->kind != IR_TEXT || !s->u.text.guard_to_bounds) return NULL;
    const IrGuard *g = s->u.text.guard;
    if (!g || g->exit || g->flag_test || !g->sets) return NULL;
    IrVar *f = g->sets->kids[0]->var;
    if (!flag_var(f) || !ir_expr_is_int(g->sets->kids[1], 1)) return NULL;
    /* `F = 1;` is S's only store of F (versions did not rename it) */
    if (count_writes(&s->u.text.r, f) != 1) return NULL;
    return f;
}

/* A sets F to 0 in every thread and nothing else */
static int resetter(IrStmt *A, const IrVar *f)
{
    if (A->kind != IR_BLOCK_FOR || bounded(A) || A->u.par.body->kind != IR_SEQ) return 0;
    int resets = 0;
    const PtrVec *l = &A->u.par.body->u.seq.list;
    for (int i = 0; i < l->n; i++) {
        const IrStmt *s = l->v[i];
        if (s->kind != IR_TEXT || !s->u.text.set_var || s->u.text.r.refs.n != 1 || ir_range_made(&s->u.text.r))
            return 0;
        if (s->u.text.set_var != f) continue;
        if (!s->u.text.rhs || !ir_expr_is_int(s->u.text.rhs, 0)) return 0;
        resets++;
    }
    return resets == 1;
}

/* C: pure declarations, then `if (F) S'`; the test, or NULL */
static IrStmt *reader(IrStmt *C, const IrStmt *B, const IrVar *f)
{
    if (C->kind != IR_BLOCK_FOR || bounded(C) || C->u.par.clamps.n || C->u.par.inner != B->u.par.inner) return NULL;
    IrStmt *s = last_stmt(C);
    if (!s || s->kind != IR_TEXT || s->u.text.guard_to_bounds) return NULL;
    const IrGuard *g = s->u.text.guard;
    if (!g || !g->flag_test) return NULL;
    const IrExpr *t = ir_expr_bare(g->cond);
    if (t->kind != EX_VAR || t->var != f) return NULL;
    if (g->then_begin < s->u.text.r.begin || g->then_end > s->u.text.r.end) return NULL;
    for (int i = 0; i < C->u.par.recompute.n; i++) {
        const IrVar *v = C->u.par.recompute.v[i];
        if (!v->decl || !bounds_pure_init(v->decl, 0)) return NULL;
    }
    const PtrVec *l = &C->u.par.body->u.seq.list;
    for (int i = 0; i + 1 < l->n; i++) {
        /* (a value kept for later thread loops must be set in every thread) */
        const IrStmt *d = l->v[i];
        if (!bounds_pure_init(d, 0) || (d->u.decl.var->flags & (IRV_PRIVATE | IRV_SCALAR))) return NULL;
    }
    return s;
}

static void take_bounds(Arena *a, IrStmt *C, const IrStmt *B)
{
    const PtrVec *from[3] = { &B->u.par.limits, &B->u.par.lows, &B->u.par.conds };
    PtrVec *to[3] = { &C->u.par.limits, &C->u.par.lows, &C->u.par.conds };
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < from[j]->n; i++) pv_push(a, to[j], from[j]->v[i]);
    C->u.par.stride = B->u.par.stride;
    C->u.par.offset = B->u.par.offset;
}

/* seq's list[b] as B; returns how many readers took its bounds */
static int flag_from(IrKernel *k, Arena *a, IrStmt *seq, int b)
{
    PtrVec *l = &seq->u.seq.list;
    IrStmt *B = l->v[b];
    IrVar *f = setter(B);
    if (!f || !resetter(l->v[b - 1], f)) return 0;
    PtrVec vars = { 0 };
    pv_push(a, &vars, f);
    for (int i = 0; i < B->u.par.limits.n; i++) idx_vars(a, B->u.par.limits.v[i], &vars);
    for (int i = 0; i < B->u.par.lows.n; i++) idx_vars(a, B->u.par.lows.v[i], &vars);
    for (int i = 0; i < B->u.par.conds.n; i++) {
        const IrCompare *c = B->u.par.conds.v[i];
        idx_vars(a, c->l, &vars);
        idx_vars(a, c->r, &vars);
    }
    idx_vars(a, B->u.par.stride, &vars);
    idx_vars(a, B->u.par.offset, &vars);
    for (int i = 1; i < vars.n; i++) {
        const IrVar *v = vars.v[i];
        if (v->flags & (IRV_ADDRTAKEN | IRV_ALIASED | IRV_REFERENCE | IRV_VOLATILE | IRV_PRIVATE)) return 0;
    }
    int n = 0;
    for (int j = b + 1; j < l->n; j++) {
        IrStmt *C = l->v[j];
        IrStmt *test = reader(C, B, f);
        if (test) {
            take_bounds(a, C, B);
            test->u.text.guard_to_bounds = 1;
            k->bounds = 1;
            n++;
        }
        if (writes(C, &vars)) break;
    }
    return n;
}

static void collect_seq(IrStmt *s, void *ctx)
{
    Bounds *B = ctx;
    if (s->kind == IR_SEQ) pv_push(B->a, &B->lead, s);
}

void pass_flags(IrKernel *k, Arena *a)
{
    if (k->flat) return;
    Bounds seqs = { .a = a };
    ir_each_stmt(k->body, collect_seq, &seqs);
    for (int s = 0; s < seqs.lead.n; s++) {
        IrStmt *seq = seqs.lead.v[s];
        for (int i = 1; i < seq->u.seq.list.n; i++) flag_from(k, a, seq, i);
    }
}
