/*
 * lanes.c: a warp tree computes only the lanes whose results are read.
 *
 * A block reduction folds each warp with a tree of shuffles and keeps one
 * lane's result:
 *
 *   for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(~0u, v, o);
 *   if (t % 32 == 0) w[t / 32] = v;       (v is then assigned again, or dead)
 *
 * Lowered whole (frontend/lower_warp_tree.c), the tree is one block-level
 * statement whose steps compute every lane of every warp: 160 operations a
 * warp where lane 0 needs 31. This pass finds, for each tree, the lanes of
 * a warp whose results some later statement may read (the demanded lanes),
 * and works back through the steps: a step computes lane l only if l is
 * demanded after it; then l and the lane l reads (l + d for down, l ^ m
 * for xor, within l's segment) are needed before it. Demanding lane 0
 * after 16, 8, 4, 2, 1 gives lanes 0..15, 0..7, 0..3, 0..1, 0. Each
 * computed lane does the same operations on the same values as before, so
 * the result is the same to the bit; the others keep stale values that
 * nobody reads.
 *
 * Which lanes are read: the statements after the tree, in order, track
 * the per-thread variables that may hold a tree result (carriers) and, for
 * each, the set of threads whose element may (a bitmap over threadIdx.x,
 * which CUDA bounds by 1024):
 *   - the tree's exchange array, every thread; a readback
 *     `x = cucpu_wv_N[cucpu_tid]` or a copy `x = c` / `decl x = c` of a
 *     carrier c into a per-thread array x makes x one, for the threads of
 *     its thread loop;
 *   - `c = e` with e free of c, unconditional in a thread loop whose
 *     bounds are constants and which surely runs, removes that loop's
 *     threads from c's set;
 *   - any other use of a carrier demands the lanes (thread id % 32) of the
 *     threads of its loop that are in the carrier's set.
 * Every thread set is a superset of the threads that run (bounds that are
 * not constants are left out), except for removals, which use a subset.
 * The walk gives up (every lane) on what it cannot follow: the tree inside
 * a loop other than `do { } while (0)` (an inlined function), text the
 * translator made or that reads memory it cannot name while a carrier is
 * live, an address taken or a read-modify-write of a carrier, a thread
 * loop over threadIdx.y or .z, goto. Statements nested in loops or ifs
 * after the tree are read to a fixed point and remove nothing; so are
 * statements a break may skip.
 *
 * Lanes are thread ids modulo 32 only when blockDim.y and .z are 1: the
 * tree tests that at run time and computes every lane otherwise.
 *
 * Requires: bounds (thread loop bounds are final). Sets IrTree.lanes and
 * .demand (codegen prints the steps from them, ir_tree_c).
 */
#include <string.h>
#include "ir/expr.h"
#include "passes.h"

#define GIVE_UP(L) ((L)->all = 1)

enum { MAXT = 1024, WORDS = MAXT / 64, MAXC = 64 };
typedef struct Set { unsigned long long w[WORDS]; } Set;

typedef struct Carrier { IrVar *v; Set live; } Carrier;

typedef struct Lanes {
    IrStmt *tree;
    Carrier c[MAXC];
    int nc;
    Set demand;
    int all;              /* gave up: every lane */
    int changed;          /* a carrier's set grew (fixed points) */
} Lanes;

/* ---- thread sets ---- */

static void set_fill(Set *s, int v) { memset(s->w, v ? 0xff : 0, sizeof s->w); }
static void set_add(Set *s, int t) { s->w[t / 64] |= 1ull << (t % 64); }
static int set_empty(const Set *s)
{
    for (int i = 0; i < WORDS; i++)
        if (s->w[i]) return 0;
    return 1;
}

/* The lanes (thread id % 32) of the threads of s. */
static unsigned set_lanes(const Set *s)
{
    unsigned m = 0;
    for (int i = 0; i < WORDS; i++) m |= (unsigned)s->w[i] | (unsigned)(s->w[i] >> 32);
    return m;
}

static int idx_const(const IrIdx *x, long *c)
{
    long l, r;
    if (!x) return 0;
    switch (x->kind) {
    case IX_CONST: *c = x->c; return 1;
    case IX_ADD: case IX_SUB: case IX_MUL:
        if (!idx_const(x->l, &l) || !idx_const(x->r, &r)) return 0;
        if (l < -MAXT * 4 || l > MAXT * 4 || r < -MAXT * 4 || r > MAXT * 4) return 0;
        *c = x->kind == IX_ADD ? l + r : x->kind == IX_SUB ? l - r : l * r;
        return 1;
    default: return 0;
    }
}

/* The threads thread loop l may run (over) and those it surely runs when
 * reached, blockDim.x permitting (under; empty unless every bound is a
 * constant). Thread ids are threadIdx.x, the loop's inner one. */
static void loop_sets(const IrStmt *l, Set *over, Set *under)
{
    set_fill(over, 0);
    set_fill(under, 0);
    if (l->u.par.inner != 0) {
        set_fill(over, 1);
        return;
    }
    long lo = 0, hi = MAXT, s = 1, off = 0, c;
    int exact = !l->u.par.conds.n;
    for (int i = 0; i < l->u.par.lows.n; i++) {
        if (idx_const(l->u.par.lows.v[i], &c)) lo = c > lo ? c : lo;
        else exact = 0;
    }
    for (int i = 0; i < l->u.par.limits.n; i++) {
        if (idx_const(l->u.par.limits.v[i], &c)) hi = c < hi ? c : hi;
        else exact = 0;
    }
    if (l->u.par.stride) {
        long o = 0;
        if (idx_const(l->u.par.stride, &c) && c != 0 && (!l->u.par.offset || idx_const(l->u.par.offset, &o))) {
            s = c < 0 ? -c : c;
            off = o;
        } else
            exact = 0;
    }
    for (long t = lo < 0 ? 0 : lo; t < hi && t < MAXT; t++) {
        if (((t + off) % s + s) % s) continue;
        set_add(over, (int)t);
        if (exact) set_add(under, (int)t);
    }
}

/* ---- conditions on threadIdx.x ---- */

/* e's value in thread tx (blockDim.y and .z 1), when e is an integer
 * computed from constants, threadIdx.x and locals that hold only such an
 * initializer; 0 when unknown (then the thread counts as running). */
static int eval(const IrExpr *e, long tx, long *out, int depth)
{
    long a, b, c;
    if (!e || depth > 32 || !(e->tflags & IRT_INT)) return 0;
    switch (e->kind) {
    case EX_INT: *out = e->ival; break;
    case EX_DECL: if (!e->has_value) return 0; *out = e->ival; break;
    case EX_BUILTIN: if (!e->tid || e->dim != 0) return 0; *out = tx; break;
    case EX_VAR: {
        const IrVar *v = e->var;
        const IrStmt *d = v ? v->decl : NULL;
        if (!d || d->kind != IR_DECL || (v->flags & (IRV_WRITTEN | IRV_ADDRTAKEN | IRV_ALIASED | IRV_REFERENCE)) ||
            !d->u.decl.has_init || d->u.decl.assign_only || d->u.decl.direct_init || d->u.decl.list_init ||
            ir_range_made(&d->u.decl.init))
            return 0;
        if (!eval(d->u.decl.init.expr, tx, out, depth + 1)) return 0;
        break;
    }
    case EX_CAST:
        if (!eval(e->kids[0], tx, &a, depth + 1)) return 0;
        *out = (e->tflags & IRT_BOOL) ? a != 0 : a;
        break;
    case EX_COND:
        if (!eval(e->kids[0], tx, &c, depth + 1) || !eval(e->kids[c ? 1 : 2], tx, out, depth + 1)) return 0;
        break;
    case EX_UNARY:
        if (!eval(e->kids[0], tx, &a, depth + 1)) return 0;
        switch (e->op) {
        case OP_PLUS: *out = a; break;
        case OP_NEG: *out = -a; break;
        case OP_LNOT: *out = !a; break;
        default: return 0;
        }
        break;
    case EX_BINARY:
        if (!eval(e->kids[0], tx, &a, depth + 1) || !eval(e->kids[1], tx, &b, depth + 1)) return 0;
        switch (e->op) {
        case OP_MUL: *out = a * b; break;
        case OP_DIV: if (!b) return 0; *out = a / b; break;
        case OP_REM: if (!b) return 0; *out = a % b; break;
        case OP_ADD: *out = a + b; break;
        case OP_SUB: *out = a - b; break;
        case OP_SHL: if (b < 0 || b > 30 || a < 0) return 0; *out = a << b; break;
        case OP_SHR: if (b < 0 || b > 62 || a < 0) return 0; *out = a >> b; break;
        case OP_LT: *out = a < b; break;
        case OP_GT: *out = a > b; break;
        case OP_LE: *out = a <= b; break;
        case OP_GE: *out = a >= b; break;
        case OP_EQ: *out = a == b; break;
        case OP_NE: *out = a != b; break;
        case OP_AND: if (a < 0 || b < 0) return 0; *out = a & b; break;
        case OP_XOR: if (a < 0 || b < 0) return 0; *out = a ^ b; break;
        case OP_OR: if (a < 0 || b < 0) return 0; *out = a | b; break;
        case OP_LAND: *out = a && b; break;
        case OP_LOR: *out = a || b; break;
        default: return 0;
        }
        break;
    default: return 0;
    }
    /* small values only: no wrap-around of int or unsigned to model */
    return *out > -(1L << 30) && *out < (1L << 30) && !(*out < 0 && (e->tflags & IRT_UNSIGNED));
}

/* The threads of over for which cond may be `want` (true: nonzero). */
static void restrict_to(const IrExpr *cond, int want, const Set *over, Set *out)
{
    *out = *over;
    if (!cond) return;
    for (int t = 0; t < MAXT; t++) {
        long v;
        if (((out->w[t / 64] >> (t % 64)) & 1) && eval(cond, t, &v, 0) && (v != 0) != want)
            out->w[t / 64] &= ~(1ull << (t % 64));
    }
}

/* ---- carriers ---- */

static Carrier *carrier(Lanes *L, const IrVar *v)
{
    for (int i = 0; i < L->nc; i++)
        if (L->c[i].v == v) return &L->c[i];
    return NULL;
}

static int live(Lanes *L, const IrVar *v)
{
    Carrier *c = carrier(L, v);
    return c && !set_empty(&c->live);
}

/* The threads of src (a carrier's) in `threads` join x's (x a per-thread
 * array). */
static void flow(Lanes *L, IrVar *x, const Set *src, const Set *threads)
{
    Carrier *d = carrier(L, x);
    if (!d) {
        if (L->nc == MAXC) { GIVE_UP(L); return; }
        d = &L->c[L->nc++];
        d->v = x;
        set_fill(&d->live, 0);
    }
    for (int i = 0; i < WORDS; i++) {
        unsigned long long n = d->live.w[i] | (src->w[i] & threads->w[i]);
        if (n != d->live.w[i]) L->changed = 1;
        d->live.w[i] = n;
    }
}

static void kill(Lanes *L, IrVar *x, const Set *threads)
{
    Carrier *d = carrier(L, x);
    if (!d) return;
    for (int i = 0; i < WORDS; i++) d->live.w[i] &= ~threads->w[i];
}

static void demand(Lanes *L, const IrVar *v, const Set *threads)
{
    Carrier *c = carrier(L, v);
    if (!c) return;
    for (int i = 0; i < WORDS; i++) L->demand.w[i] |= c->live.w[i] & threads->w[i];
}

static int any_live(Lanes *L)
{
    for (int i = 0; i < L->nc; i++)
        if (!set_empty(&L->c[i].live)) return 1;
    return 0;
}

/* A per-thread array a copy may carry tree results into (not an exchange
 * array: shuffles read other lanes of those). */
static int copy_target(const IrVar *x)
{
    return (x->flags & IRV_PRIVATE) && !(x->flags & (IRV_EXCHANGE | IRV_SHARED | IRV_DYNSHARED | IRV_REFERENCE |
                                                        IRV_SCALAR | IRV_LAMBDA | IRV_ADDRTAKEN | IRV_ALIASED)) &&
           !(x->dims && *x->dims);
}

/* Translator text that names no variable: a literal number ("0"). */
static int number_lit(const char *t)
{
    if (!*t) return 0;
    for (; *t; t++)
        if ((*t < '0' || *t > '9') && *t != ' ') return 0;
    return 1;
}

/* A made tree's uses of carriers (it has no refs of its own): 1 when it
 * writes one. */
static int expr_reads(Lanes *L, const IrExpr *e, const Set *over)
{
    if (!e) return 0;
    if (e->kind == EX_VAR && e->var && live(L, e->var)) {
        if (e->write) return 1;
        demand(L, e->var, over);
    }
    for (int i = 0; i < e->nkids; i++)
        if (expr_reads(L, e->kids[i], over)) return 1;
    return 0;
}

/* The range's uses of carriers, read by the threads `over`, except the
 * one at `skip` (an assignment's target). Gives up on text it cannot
 * read, and on carriers written there (read-modify-write, address). */
static void range_reads_in(Lanes *L, const IrRange *r, const Set *over, const IrRef *skip, const IrGuard *g);

static void range_reads(Lanes *L, const IrRange *r, const Set *over, const IrRef *skip)
{
    range_reads_in(L, r, over, skip, NULL);
}

/* g: the statement is `if (C) S` (its guard): uses inside S are read by
 * the threads for which C may hold. */
static void range_reads_in(Lanes *L, const IrRange *r, const Set *over, const IrRef *skip, const IrGuard *g)
{
    Set in_then;
    if (g) restrict_to(g->cond, 1, over, &in_then);
    if (r->lit && number_lit(r->lit)) return;
    if ((r->made == MADE_EXPR || r->made == MADE_STMT) && !r->lit && !r->unknown_read && !r->tid_text) {
        if (expr_reads(L, r->expr, over)) GIVE_UP(L);
        return;
    }
    if ((r->lit || r->made || r->unknown_read || r->tid_text) && any_live(L)) {
        GIVE_UP(L);
        return;
    }
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f == skip || f->kind != REF_VAR || !live(L, f->var)) continue;
        if (f->is_write) { GIVE_UP(L); return; }
        demand(L, f->var, g && f->begin >= g->then_begin && f->end <= g->then_end ? &in_then : over);
    }
}

/* The carrier e names, when e is a bare use of one. */
static Carrier *copy_source(Lanes *L, const IrExpr *e)
{
    e = ir_expr_bare(e);
    return e && e->kind == EX_VAR && e->var ? carrier(L, e->var) : NULL;
}

/* The only write ref of r, to v. */
static const IrRef *target_ref(const IrRange *r, const IrVar *v)
{
    const IrRef *t = NULL;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind != REF_VAR || f->var != v) continue;
        if (!f->is_write || t) return NULL;
        t = f;
    }
    return t;
}

/* `x = src` of a thread loop: flow, or kill where it surely runs. */
static void assign(Lanes *L, IrVar *x, Carrier *src, const Set *over, const Set *under, int sure)
{
    if (src && copy_target(x)) {
        Set s = src->live;
        if (sure) kill(L, x, under);
        flow(L, x, &s, over);
        return;
    }
    if (src) demand(L, src->v, over);    /* into a scalar or shared: read here */
    if (sure) kill(L, x, under);
}

static int text_jumps(const IrRange *r)
{
    for (int i = 0; i < r->refs.n; i++) {
        IrRefKind k = ((const IrRef *)r->refs.v[i])->kind;
        if (k == REF_BREAK || k == REF_CONTINUE || k == REF_RETURN) return 1;
    }
    return 0;
}

/* One statement of a thread loop's body. sure: it runs for every thread
 * of `under` that is still alive, once. */
static void thread_stmt(Lanes *L, IrStmt *s, const Set *over, const Set *under, int sure)
{
    if (!s || L->all) return;
    switch (s->kind) {
    case IR_SEQ: {
        int sure_here = sure;
        for (int i = 0; i < s->u.seq.list.n && !L->all; i++) {
            IrStmt *t = s->u.seq.list.v[i];
            thread_stmt(L, t, over, under, sure_here);
            if (t->kind != IR_DECL && t->kind != IR_TEXT) sure_here = 0;   /* a jump may skip the rest */
            if (t->kind == IR_TEXT && text_jumps(&t->u.text.r)) sure_here = 0;
        }
        return;
    }
    case IR_DECL: {
        IrRange *r = &s->u.decl.init;
        IrVar *x = s->u.decl.var;
        if (live(L, x) && !copy_target(x)) { GIVE_UP(L); return; }
        if (!s->u.decl.has_init) return;
        Carrier *src = NULL;
        if (!s->u.decl.direct_init && !s->u.decl.list_init && !ir_range_made(r)) src = copy_source(L, r->expr);
        if (src) {
            assign(L, x, src, over, under, sure);
            return;
        }
        range_reads(L, r, over, NULL);
        assign(L, x, NULL, over, under, sure && !r->unknown_write);
        return;
    }
    case IR_TEXT: {
        IrRange *r = &s->u.text.r;
        if (s->u.text.block_level) { GIVE_UP(L); return; }
        if (s->u.text.tree_back) {
            /* x = cucpu_wv_N[cucpu_tid]: a tree's result read back */
            const IrRef *t = NULL;
            int nvars = 0;
            for (int i = 0; i < r->refs.n; i++) {
                const IrRef *f = r->refs.v[i];
                if (f->kind == REF_VAR) nvars++;
                if (f->kind == REF_VAR && f->is_write) t = f;
            }
            if (!t || nvars != 1) { GIVE_UP(L); return; }
            assign(L, t->var, carrier(L, s->u.text.tree_back), over, under, sure);
            return;
        }
        IrVar *x = s->u.text.set_var;
        const IrRef *t = x && !s->u.text.guard ? target_ref(r, x) : NULL;
        if (t) {
            Carrier *src = ir_range_made(r) ? NULL : copy_source(L, s->u.text.rhs);
            if (src) {
                assign(L, x, src, over, under, sure);
                return;
            }
            range_reads(L, r, over, t);
            if (!L->all) assign(L, x, NULL, over, under, sure && !r->unknown_write);
            return;
        }
        range_reads_in(L, r, over, NULL, s->u.text.when);
        return;
    }
    case IR_IF: {
        Set then, els;
        range_reads(L, &s->u.ifs.cond, over, NULL);
        restrict_to(s->u.ifs.cond.lit ? NULL : s->u.ifs.cond.expr, 1, over, &then);
        restrict_to(s->u.ifs.cond.lit ? NULL : s->u.ifs.cond.expr, 0, over, &els);
        thread_stmt(L, s->u.ifs.then, &then, under, 0);
        thread_stmt(L, s->u.ifs.els, &els, under, 0);
        return;
    }
    case IR_FOR: case IR_WHILE: case IR_DO:
        /* a per-thread loop: to a fixed point, carriers only grow */
        do {
            L->changed = 0;
            thread_stmt(L, s->u.loop.init, over, under, 0);
            range_reads(L, &s->u.loop.cond, over, NULL);
            range_reads(L, &s->u.loop.inc, over, NULL);
            thread_stmt(L, s->u.loop.body, over, under, 0);
            thread_stmt(L, s->u.loop.step, over, under, 0);
        } while (L->changed && !L->all);
        return;
    case IR_RETURN: case IR_BREAK: case IR_CONTINUE:
        range_reads(L, &s->u.jump.r, over, NULL);
        return;
    default:
        GIVE_UP(L);
        return;
    }
}

static void thread_loop(Lanes *L, IrStmt *l, int sure)
{
    Set over, under;
    loop_sets(l, &over, &under);
    for (int i = 0; i < l->u.par.recompute.n && !L->all; i++) {
        IrVar *v = l->u.par.recompute.v[i];
        if (live(L, v) || !v->decl) { GIVE_UP(L); return; }
        if (v->decl->kind == IR_DECL) range_reads(L, &v->decl->u.decl.init, &over, NULL);
    }
    thread_stmt(L, l->u.par.body, &over, &under, sure);
}

/* One block-level statement after the tree. sure: it runs once, and
 * every thread loop in it directly (not nested in a loop or if) too. */
static void block_stmt(Lanes *L, IrStmt *s, int sure)
{
    if (!s || L->all) return;
    Set all;
    set_fill(&all, 1);
    switch (s->kind) {
    case IR_SEQ:
        for (int i = 0; i < s->u.seq.list.n && !L->all; i++) block_stmt(L, s->u.seq.list.v[i], sure);
        return;
    case IR_BLOCK_FOR:
        thread_loop(L, s, sure);
        return;
    case IR_BARRIER:
        return;
    case IR_TEXT:
        if (s->u.text.clears || s->u.text.any_active) return;   /* flags, not values */
        if (s->u.text.tree && s->u.text.tree_var) {
            /* another tree reads every lane of its operand */
            if (live(L, s->u.text.tree_var)) demand(L, s->u.text.tree_var, &all);
            return;
        }
        if (any_live(L)) GIVE_UP(L);
        return;
    case IR_IF:
        range_reads(L, &s->u.ifs.cond, &all, NULL);
        block_stmt(L, s->u.ifs.then, 0);
        block_stmt(L, s->u.ifs.els, 0);
        return;
    case IR_FOR: case IR_WHILE: case IR_DO:
        do {
            L->changed = 0;
            block_stmt(L, s->u.loop.init, 0);
            range_reads(L, &s->u.loop.cond, &all, NULL);
            range_reads(L, &s->u.loop.inc, &all, NULL);
            block_stmt(L, s->u.loop.body, 0);
            block_stmt(L, s->u.loop.step, 0);
        } while (L->changed && !L->all);
        return;
    case IR_BREAK: case IR_CONTINUE: case IR_RETURN:
        range_reads(L, &s->u.jump.r, &all, NULL);
        return;
    default:
        if (any_live(L)) GIVE_UP(L);
        return;
    }
}

/* ---- the path to the tree, and what runs after it ---- */

typedef struct Path { IrStmt *v[64]; int n; IrStmt *target; } Path;

static int find_path(IrStmt *s, Path *p)
{
    if (!s || p->n == 64) return 0;
    p->v[p->n++] = s;
    if (s == p->target) return 1;
    for (int i = 0; i < ir_nkids(s); i++)
        if (find_path(ir_kid(s, i), p)) return 1;
    p->n--;
    return 0;
}

static int is_zero(const IrRange *r)
{
    return (r->lit && !strcmp(r->lit, "0")) || (r->expr && ir_expr_is_int(r->expr, 0));
}

/* The loops that jumps in a statement leave to (break, continue),
 * outside the statement. */
typedef struct Jumps { int loops[64], n, inner[64], ninner, overflow; } Jumps;

static IrWalk note_jump(IrStmt *s, void *ctx)
{
    Jumps *j = ctx;
    if ((s->kind == IR_BREAK || s->kind == IR_CONTINUE) && j->n < 64) j->loops[j->n++] = s->u.jump.loop;
    else if (s->kind == IR_BREAK || s->kind == IR_CONTINUE) j->overflow = 1;
    if ((s->kind == IR_FOR || s->kind == IR_WHILE || s->kind == IR_DO) && j->ninner < 64) j->inner[j->ninner++] = s->u.loop.id;
    else if (s->kind == IR_FOR || s->kind == IR_WHILE || s->kind == IR_DO) j->overflow = 1;
    return IR_WALK_GO;
}

static int range_jumps(IrRange *r, void *ctx)
{
    Jumps *j = ctx;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind != REF_BREAK && f->kind != REF_CONTINUE) continue;
        if (j->n < 64) j->loops[j->n++] = f->loop;
        else j->overflow = 1;
    }
    return 0;
}

/* Adds to pending the loops s may jump out to; 0 when too many. */
static int add_jumps(IrStmt *s, Jumps *pending)
{
    Jumps j = { .n = 0 };
    ir_walk(s, note_jump, NULL, &j);
    ir_each_range(s, range_jumps, &j);
    if (j.overflow) return 0;
    for (int i = 0; i < j.n; i++) {
        int inner = 0;
        for (int k = 0; k < j.ninner; k++) inner |= j.inner[k] == j.loops[i];
        if (inner) continue;
        if (pending->n == 64) return 0;
        pending->loops[pending->n++] = j.loops[i];
    }
    return 1;
}

/* The statements after the tree, innermost container first, to the end
 * of the block's program. A statement that a pending break or continue
 * may skip (its loop not left yet) removes nothing. */
static void after_tree(Lanes *L, const Path *p)
{
    Jumps pending = { .n = 0 };
    for (int d = p->n - 2; d >= 0 && !L->all; d--) {
        IrStmt *c = p->v[d], *kid = p->v[d + 1];
        switch (c->kind) {
        case IR_SEQ: {
            int i = 0;
            while (i < c->u.seq.list.n && c->u.seq.list.v[i] != kid) i++;
            for (i++; i < c->u.seq.list.n && !L->all; i++) {
                IrStmt *s = c->u.seq.list.v[i];
                block_stmt(L, s, pending.n == 0);
                if (!add_jumps(s, &pending)) { GIVE_UP(L); return; }
            }
            break;
        }
        case IR_DO: {
            /* an inlined function's do { } while (0): its breaks land after it */
            if (c->u.loop.body != kid || !is_zero(&c->u.loop.cond)) { GIVE_UP(L); return; }
            int n = 0;
            for (int i = 0; i < pending.n; i++)
                if (pending.loops[i] != c->u.loop.id) pending.loops[n++] = pending.loops[i];
            pending.n = n;
            break;
        }
        case IR_IF:
            break;
        case IR_GRID_FOR:
            return;
        default:
            GIVE_UP(L);
            return;
        }
    }
}

/* ---- the steps ---- */

/* The lanes each step computes, back from the demanded ones. */
static void step_lanes(IrTree *t, unsigned need)
{
    for (int i = t->n - 1; i >= 0; i--) {
        t->lanes[i] = need;
        unsigned before = need;
        for (int l = 0; l < 32; l++) {
            if (!((need >> l) & 1)) continue;
            int last = (l & ~(t->width - 1) & 31) | ((t->width - 1) & 31);
            int src = t->xor_ ? (l ^ t->offs[i]) : l + t->offs[i];
            if (src >= 0 && src <= last) before |= 1u << src;
        }
        need = before;
    }
}

static void narrow(IrKernel *k, Arena *a, IrStmt *tree)
{
    Lanes *L = ar_alloc(a, sizeof *L);
    Path *p = ar_alloc(a, sizeof *p);
    p->target = tree;
    if (!find_path(k->body, p)) return;
    L->tree = tree;
    L->nc = 1;
    L->c[0].v = tree->u.text.tree_var;
    set_fill(&L->c[0].live, 1);
    after_tree(L, p);
    if (L->all) return;
    unsigned need = set_lanes(&L->demand);
    if (need == 0xffffffffu) return;
    IrTree *t = tree->u.text.tree;
    step_lanes(t, need);
    t->demand = 1;
}

typedef struct Trees { Arena *a; PtrVec v; } Trees;

static void collect_tree(IrStmt *s, void *ctx)
{
    Trees *t = ctx;
    if (s->kind == IR_TEXT && s->u.text.tree && s->u.text.tree_var && !s->u.text.tree->demand) pv_push(t->a, &t->v, s);
}

void pass_lanes(IrKernel *k, Arena *a)
{
    if (k->flat || k->has_goto || !k->nwarp_ops) return;
    Trees t = { .a = a };
    ir_each_stmt(k->body, collect_tree, &t);
    for (int i = 0; i < t.v.n; i++) narrow(k, a, t.v.v[i]);
}
