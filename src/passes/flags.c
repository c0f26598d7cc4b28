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

/* A flag whose tests took bounds: its stores die when no test is left */
typedef struct Flag {
    IrVar *f;
    IrStmt *seq, *A, *B;   /* A in seq, B right after it */
} Flag;

typedef struct Flags {
    Arena *a;
    PtrVec seqs;           /* IrStmt* IR_SEQ */
    PtrVec tests;          /* IrStmt*: the tests that became bounds */
    PtrVec flags;          /* Flag* */
} Flags;

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

/* F and the variables B's bounds read; 0 when one may change unseen */
static int bound_vars(Arena *a, const IrStmt *B, IrVar *f, PtrVec *vars)
{
    pv_push(a, vars, f);
    for (int i = 0; i < B->u.par.limits.n; i++) idx_vars(a, B->u.par.limits.v[i], vars);
    for (int i = 0; i < B->u.par.lows.n; i++) idx_vars(a, B->u.par.lows.v[i], vars);
    for (int i = 0; i < B->u.par.conds.n; i++) {
        const IrCompare *c = B->u.par.conds.v[i];
        idx_vars(a, c->l, vars);
        idx_vars(a, c->r, vars);
    }
    idx_vars(a, B->u.par.stride, vars);
    idx_vars(a, B->u.par.offset, vars);
    for (int i = 1; i < vars->n; i++) {
        const IrVar *v = vars->v[i];
        if (v->flags & (IRV_ADDRTAKEN | IRV_ALIASED | IRV_REFERENCE | IRV_VOLATILE | IRV_PRIVATE)) return 0;
    }
    return 1;
}

/* The readers among l[from..]: they take bounds (B's, or what `subst`
 * made of them), until a statement writes one of vars. */
static void take_readers(IrKernel *k, Flags *F, PtrVec *l, int from, IrStmt *seqA, int b, const IrStmt *bounds,
                         IrVar *f, const PtrVec *vars)
{
    IrStmt *A = seqA->u.seq.list.v[b - 1], *B = seqA->u.seq.list.v[b];
    int n = 0;
    for (int j = from; j < l->n; j++) {
        IrStmt *C = l->v[j];
        IrStmt *test = reader(C, B, f);
        if (test) {
            take_bounds(F->a, C, bounds);
            test->u.text.guard_to_bounds = 1;
            pv_push(F->a, &F->tests, test);
            k->bounds = 1;
            n++;
        }
        if (writes(C, vars)) break;
    }
    if (!n) return;
    Flag *x = ar_alloc(F->a, sizeof *x);
    *x = (Flag){ f, seqA, A, B };
    pv_push(F->a, &F->flags, x);
}

/* seq's list[b] as B */
static void flag_from(IrKernel *k, Flags *F, IrStmt *seq, int b)
{
    PtrVec *l = &seq->u.seq.list;
    IrStmt *B = l->v[b];
    IrVar *f = setter(B);
    if (!f || !resetter(l->v[b - 1], f)) return;
    PtrVec vars = { 0 };
    if (!bound_vars(F->a, B, f, &vars)) return;
    take_readers(k, F, l, b + 1, seq, b, B, f, &vars);
}

/* ---- after a counted loop: the reader past `if (i == N - 1) break;` ---- */

/* a signed int at least as wide as int (long arithmetic gives its values) */
static int signed_int(const IrVar *v)
{
    return (v->tflags & (IRT_INT | IRT_UNSIGNED | IRT_BOOL)) == IRT_INT && v->size >= (long)sizeof(int);
}

static const IrVar *bare_var(const IrExpr *e)
{
    e = e ? ir_expr_bare(e) : NULL;
    return e && e->kind == EX_VAR ? e->var : NULL;
}

/* N of `i < N`: a constant or a signed int variable */
static int simple_bound(const IrIdx *n)
{
    return n && (n->kind == IX_CONST || (n->kind == IX_VAR && signed_int(n->var)));
}

static int same_idx(const IrIdx *x, const IrIdx *y)
{
    if (x->kind != y->kind) return 0;
    return x->kind == IX_CONST ? x->c == y->c : x->kind == IX_VAR && x->var == y->var;
}

/* L is `for (...; i < N; i++)` (or ++i, i += 1), i a signed int */
static IrVar *counted(Arena *a, const IrStmt *L, IrIdx **n)
{
    if (L->kind != IR_FOR || !L->u.loop.uniform || !L->u.loop.has_cond || !L->u.loop.has_inc || L->u.loop.step ||
        L->u.loop.active || !L->u.loop.cond.expr || !L->u.loop.inc.expr)
        return NULL;
    const IrExpr *c = ir_expr_bare(L->u.loop.cond.expr), *inc = ir_expr_bare(L->u.loop.inc.expr);
    if (c->kind != EX_BINARY || c->op != OP_LT) return NULL;
    IrVar *i = (IrVar *)bare_var(c->kids[0]);
    if (!i || !signed_int(i)) return NULL;
    *n = ir_expr_idx(a, c->kids[1]);
    if (!simple_bound(*n)) return NULL;
    if (inc->kind == EX_UNARY && (inc->op == OP_POST_INC || inc->op == OP_PRE_INC) && bare_var(inc->kids[0]) == i)
        return i;
    if (inc->kind == EX_ASSIGN && inc->op == OP_ADD_ASSIGN && bare_var(inc->kids[0]) == i &&
        ir_expr_is_int(inc->kids[1], 1))
        return i;
    return NULL;
}

/* s is `if (i == N - 1) break;` out of L; the value of i it leaves with */
static IrIdx *last_break(Arena *a, const IrStmt *s, const IrStmt *L, const IrVar *i, const IrIdx *n)
{
    if (s->kind != IR_IF || s->u.ifs.els || !s->u.ifs.cond.expr || ir_range_made(&s->u.ifs.cond)) return NULL;
    const IrStmt *t = s->u.ifs.then;
    if (t && t->kind == IR_SEQ && t->u.seq.list.n == 1) t = t->u.seq.list.v[0];
    if (!t || t->kind != IR_BREAK || t->u.jump.loop != L->u.loop.id) return NULL;
    const IrExpr *c = ir_expr_bare(s->u.ifs.cond.expr);
    if (c->kind != EX_BINARY || c->op != OP_EQ) return NULL;
    const IrExpr *other = bare_var(c->kids[0]) == i ? c->kids[1] : bare_var(c->kids[1]) == i ? c->kids[0] : NULL;
    IrIdx *v = other ? ir_expr_idx(a, other) : NULL;
    if (!v || v->kind != IX_SUB || !same_idx(v->l, n) || v->r->kind != IX_CONST || v->r->c != 1) return NULL;
    return v;
}

typedef struct Exits { const IrStmt *L, *ours; int other; } Exits;

static int range_exits(IrRange *r, void *ctx)
{
    const Exits *e = ctx;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind == REF_RETURN) return 1;
        if ((f->kind == REF_BREAK || f->kind == REF_CONTINUE) && f->loop == e->L->u.loop.id) return 1;
    }
    return 0;
}

static IrWalk stmt_exits(IrStmt *s, void *ctx)
{
    Exits *e = ctx;
    if (s == e->ours) return IR_WALK_SKIP;
    if (s->kind == IR_RETURN) e->other = 1;
    if ((s->kind == IR_BREAK || s->kind == IR_CONTINUE) && s->u.jump.loop == e->L->u.loop.id) e->other = 1;
    if (s->kind == IR_TEXT && s->u.text.any_active) e->other = 1;
    return IR_WALK_GO;
}

/* L's body leaves L only through `ours` (no return, no other break or
 * continue of L, per thread or for the block) */
static int only_exit(IrStmt *L, const IrStmt *ours)
{
    Exits e = { L, ours, 0 };
    ir_walk(L->u.loop.body, stmt_exits, NULL, &e);
    return !e.other && !ir_each_range(L->u.loop.body, range_exits, &e);
}

static IrIdx *subst(Arena *a, const IrIdx *x, const IrVar *v, IrIdx *by)
{
    if (!x) return NULL;
    if (x->kind == IX_VAR && x->var == v) return by;
    IrIdx *y = ar_alloc(a, sizeof *y);
    *y = *x;
    if (x->kind == IX_ADD || x->kind == IX_SUB || x->kind == IX_MUL) {
        y->l = subst(a, x->l, v, by);
        y->r = subst(a, x->r, v, by);
    }
    return y;
}

/* B's bounds with i at its last value */
static IrStmt *bounds_at(Arena *a, const IrStmt *B, const IrVar *i, IrIdx *last)
{
    IrStmt *h = ir_stmt(a, IR_BLOCK_FOR, B->loc);
    for (int j = 0; j < B->u.par.limits.n; j++) pv_push(a, &h->u.par.limits, subst(a, B->u.par.limits.v[j], i, last));
    for (int j = 0; j < B->u.par.lows.n; j++) pv_push(a, &h->u.par.lows, subst(a, B->u.par.lows.v[j], i, last));
    for (int j = 0; j < B->u.par.conds.n; j++) {
        const IrCompare *c = B->u.par.conds.v[j];
        IrCompare *d = ar_alloc(a, sizeof *d);
        *d = (IrCompare){ c->op, subst(a, c->l, i, last), subst(a, c->r, i, last) };
        pv_push(a, &h->u.par.conds, d);
    }
    h->u.par.stride = subst(a, B->u.par.stride, i, last);
    h->u.par.offset = subst(a, B->u.par.offset, i, last);
    return h;
}

typedef struct FlagWrites { const IrVar *f; int n, init; } FlagWrites;

static void flag_writes(IrStmt *s, void *ctx)
{
    FlagWrites *w = ctx;
    if (s->kind == IR_DECL && s->u.decl.var == w->f && s->u.decl.has_init) w->init = 1;
}

static int count_range(IrRange *r, void *ctx)
{
    FlagWrites *w = ctx;
    w->n += count_writes(r, w->f);
    if (ir_range_made(r) && r->made != MADE_CLEAR) {
        PtrVec one = { (void **)&w->f, 1, 1 };
        if (r->lit || tree_writes(r->expr, &one, 0)) w->init = 1;
    }
    return 0;
}

/*
 * A counted loop L = `for (...; i < N; i++) { ... A; B; if (i == N - 1)
 * break; ... }` whose body leaves it only through that break: when it ran
 * at all, it left through the break, right after B, with i == N - 1 (each
 * iteration starts with i < N and changes neither, so i != N - 1 gives
 * i + 1 < N). F is then what B's bounds with N - 1 for i give, and the
 * readers after L take those bounds. When L ran not at all, F was never
 * written (its only stores are A's and B's, its declaration has no
 * initializer): reading it is reading an indeterminate value, in CUDA too.
 * Nothing in L but its increment writes i, nothing writes N or the other
 * variables of B's bounds, which are all declared outside L.
 */
static void flag_after(IrKernel *k, Flags *F, IrStmt *seq, int li)
{
    Arena *a = F->a;
    PtrVec *l = &seq->u.seq.list;
    IrStmt *L = l->v[li];
    IrIdx *n = NULL;
    IrVar *i = counted(a, L, &n);
    if (!i || k->has_goto || L->u.loop.body->kind != IR_SEQ) return;
    PtrVec *body = &L->u.loop.body->u.seq.list;
    for (int b = 1; b + 1 < body->n; b++) {
        IrStmt *B = body->v[b];
        IrVar *f = setter(B);
        if (!f || !resetter(body->v[b - 1], f)) continue;
        IrIdx *last = last_break(a, body->v[b + 1], L, i, n);
        if (!last || !only_exit(L, body->v[b + 1])) return;
        FlagWrites w = { f, 0, 0 };
        ir_each_stmt(k->body, flag_writes, &w);
        ir_each_range(k->body, count_range, &w);
        if (w.init || w.n != 2) return;
        PtrVec vars = { 0 }, loopvars = { 0 }, iv = { 0 };
        if (!bound_vars(a, B, f, &vars)) return;
        for (int j = 1; j < vars.n; j++)
            if (vars.v[j] != i) pv_push(a, &loopvars, vars.v[j]);
        if (n->kind == IX_VAR) pv_push(a, &loopvars, n->var);
        /* N and B's other variables: the same all through L, and in scope after it */
        if (writes(L, &loopvars)) return;
        pv_push(a, &iv, i);
        if (writes(L->u.loop.body, &iv)) return;
        take_readers(k, F, l, li + 1, L->u.loop.body, b, bounds_at(a, B, i, last), f, &vars);
        return;
    }
}

static void collect_seq(IrStmt *s, void *ctx)
{
    Flags *F = ctx;
    if (s->kind == IR_SEQ) pv_push(F->a, &F->seqs, s);
}

/* ---- F's stores, when no test of it is left ---- */

typedef struct Reads { const IrVar *f; const PtrVec *tests; int live; } Reads;

/* r is the range of a test that became bounds (its condition no longer prints) */
static const IrStmt *test_of(const Reads *d, const IrRange *r)
{
    for (int i = 0; i < d->tests->n; i++) {
        const IrStmt *t = d->tests->v[i];
        if (&t->u.text.r == r) return t;
    }
    return NULL;
}

static int range_reads(IrRange *r, void *ctx)
{
    Reads *d = ctx;
    if (ir_range_made(r) && r->made != MADE_CLEAR) {
        d->live = 1;        /* (a made tree may name it without a ref) */
        return 1;
    }
    const IrStmt *t = test_of(d, r);
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *x = r->refs.v[i];
        if (x->kind != REF_VAR || x->var != d->f || x->is_write) continue;
        const IrGuard *g = t ? t->u.text.guard : NULL;
        if (g && (x->end <= g->then_begin || x->begin >= g->then_end)) continue;
        d->live = 1;
        return 1;
    }
    return 0;
}

/* the declaration of F names F but reads nothing (its initializer would) */
static void stmt_reads(IrStmt *s, void *ctx)
{
    Reads *d = ctx;
    if (s->kind == IR_DECL && s->u.decl.var == d->f) {
        if (s->u.decl.has_init) range_reads(&s->u.decl.init, d);
        return;
    }
    IrRange *r[IR_MAX_RANGES];
    int n = ir_own_ranges(s, r);
    for (int i = 0; i < n && !d->live; i++) range_reads(r[i], d);
}

static int flag_read(IrKernel *k, const IrVar *f, const PtrVec *tests)
{
    Reads d = { f, tests, 0 };
    ir_each_stmt(k->body, stmt_reads, &d);
    if (k->prologue) ir_each_stmt(k->prologue, stmt_reads, &d);
    return d.live;
}

static int list_index(const PtrVec *l, const void *p)
{
    for (int i = 0; i < l->n; i++)
        if (l->v[i] == p) return i;
    return -1;
}

/* B's `F = 1;` prints as nothing: a delete over it (the ref of F inside is
 * then skipped); 0 when its text holds more than that ref there. */
static int delete_set(Arena *a, IrStmt *t)
{
    IrGuard *g = t->u.text.guard;
    IrRange *r = &t->u.text.r;
    unsigned b = g->sets->begin, e = g->sets_end;
    if (b < g->then_begin || e > g->then_end || e <= b) return 0;
    int at = -1;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *x = r->refs.v[i];
        if (x->end <= b || x->begin >= e) continue;
        if (x->kind != REF_VAR || x->in_macro || x->begin != b || at >= 0) return 0;
        at = i;
    }
    for (int i = 0; i < r->accesses.n; i++) {
        const IrAccess *x = r->accesses.v[i];
        if (x->end > b && x->begin < e) return 0;
    }
    if (at < 0) return 0;
    IrRef *del = ar_alloc(a, sizeof *del);
    *del = (IrRef){ .kind = REF_DELETE, .begin = b, .end = e };
    /* before the ref of F: same start, enclosing refs first (cmp_ref) */
    pv_push(a, &r->refs, NULL);
    memmove(&r->refs.v[at + 1], &r->refs.v[at], sizeof r->refs.v[0] * (size_t)(r->refs.n - 1 - at));
    r->refs.v[at] = del;
    return 1;
}

/* A's `F = 0;` goes, and A with it when that was all it did (B gets back
 * the barrier A took from it, for --check) */
static void delete_reset(IrStmt *seq, IrStmt *A, IrStmt *B, const IrVar *f)
{
    PtrVec *body = &A->u.par.body->u.seq.list;
    for (int i = 0; i < body->n; i++) {
        const IrStmt *s = body->v[i];
        if (s->u.text.set_var != f) continue;
        memmove(&body->v[i], &body->v[i + 1], sizeof body->v[0] * (size_t)(body->n - 1 - i));
        body->n--;
        break;
    }
    if (body->n) return;
    PtrVec *l = &seq->u.seq.list;
    int i = list_index(l, A);
    if (i < 0) return;
    memmove(&l->v[i], &l->v[i + 1], sizeof l->v[0] * (size_t)(l->n - 1 - i));
    l->n--;
    B->u.par.after_barrier |= A->u.par.after_barrier;
}

static void dead_flags(IrKernel *k, Flags *F)
{
    for (int i = 0; i < F->flags.n; i++) {
        Flag *x = F->flags.v[i];
        if (flag_read(k, x->f, &F->tests)) continue;
        IrStmt *t = last_stmt(x->B);
        if (!delete_set(F->a, t)) continue;
        delete_reset(x->seq, x->A, x->B, x->f);
        k->ndead_stores++;
    }
}

void pass_flags(IrKernel *k, Arena *a)
{
    if (k->flat) return;
    Flags F = { .a = a };
    ir_each_stmt(k->body, collect_seq, &F);
    for (int s = 0; s < F.seqs.n; s++) {
        IrStmt *seq = F.seqs.v[s];
        for (int i = 0; i < seq->u.seq.list.n; i++) {
            if (i) flag_from(k, &F, seq, i);
            flag_after(k, &F, seq, i);
        }
    }
    dead_flags(k, &F);
}
