/*
 * effects.c: memory effects and the cross-thread conflict test.
 *
 * An access is base[idx...]. Indices are evaluated to affine forms:
 * constant coefficients of threadIdx.x/y/z plus a thread-invariant rest
 * made of constants, blockIdx/blockDim/gridDim and parameters the kernel
 * never assigns (a local that is assigned once, outside loops, is replaced
 * by its initializer). Two accesses of different threads conflict unless
 *  - both only read, or
 *  - their bases cannot alias: distinct __shared__ arrays, shared memory vs
 *    a pointer parameter, or two pointer parameters one of which is
 *    __restrict__ or which every launch site passes distinct allocations
 *    (IrVar.distinct, from frontend/launches.c), or
 *  - they have the same affine indices and those are injective in the
 *    thread id: then equal addresses mean the same thread.
 * Anything the analysis cannot name is an unknown read or write, which
 * conflicts with every write (or every access, for a write).
 */
#include <stdlib.h>
#include <string.h>
#include "an.h"

enum { MAXTERMS = 8 };
typedef struct Affine {
    int ok;
    long tid[3];
    long c;
    int nterms;
    const char *term[MAXTERMS];   /* thread-invariant symbols */
    long coef[MAXTERMS];
} Affine;

static void add_term(Affine *a, const char *t, long k)
{
    for (int i = 0; i < a->nterms; i++)
        if (!strcmp(a->term[i], t)) { a->coef[i] += k; return; }
    if (a->nterms == MAXTERMS) { a->ok = 0; return; }
    a->term[a->nterms] = t;
    a->coef[a->nterms++] = k;
}

static int is_const(const Affine *a)
{
    if (!a->ok || a->tid[0] || a->tid[1] || a->tid[2]) return 0;
    for (int i = 0; i < a->nterms; i++)
        if (a->coef[i]) return 0;
    return 1;
}

static int is_single_term(const Affine *a)
{
    int n = 0;
    for (int i = 0; i < a->nterms; i++) n += a->coef[i] != 0;
    return a->ok && !a->tid[0] && !a->tid[1] && !a->tid[2] && n == 1 && a->c == 0;
}

static void scale(Affine *a, long k)
{
    for (int i = 0; i < 3; i++) a->tid[i] *= k;
    for (int i = 0; i < a->nterms; i++) a->coef[i] *= k;
    a->c *= k;
}

static void merge(Affine *a, const Affine *b, long sign)
{
    if (!b->ok) { a->ok = 0; return; }
    for (int i = 0; i < 3; i++) a->tid[i] += sign * b->tid[i];
    a->c += sign * b->c;
    for (int i = 0; i < b->nterms; i++) add_term(a, b->term[i], sign * b->coef[i]);
}

static Affine affine(const IrIdx *x, int depth);

/* The names of product symbols (`a*b`) made during one comparison: they
 * live until the next comparison starts (products_reset), so that what
 * one comparison decides never depends on the ones before it (the fuzz
 * target translates many files in one process). */
enum { MAXPRODUCTS = 64, PRODUCTLEN = 128 };
static char products[MAXPRODUCTS][PRODUCTLEN];
static int nproducts;

static void products_reset(void) { nproducts = 0; }

/* "t1*t2" for the current comparison; NULL (the index is then unknown,
 * which is conservative) when the table is full or the name too long:
 * never a reused or truncated name, which could make two different
 * products look the same. */
static const char *product_name(const char *t1, const char *t2)
{
    if (nproducts == MAXPRODUCTS) return NULL;
    char *t = products[nproducts];
    int n = snprintf(t, PRODUCTLEN, "%s*%s", t1, t2);
    if (n < 0 || n >= PRODUCTLEN) return NULL;
    nproducts++;
    return t;
}

int an_fixed_param(const IrVar *v) { return (v->flags & IRV_PARAM) && !(v->flags & IRV_WRITTEN); }

const IrIdx *an_local_def(const IrVar *v)
{
    if ((v->flags & IRV_LOCAL) && !(v->flags & (IRV_WRITTEN | IRV_ADDRTAKEN)) && !v->in_loop && !*v->dims) return v->def;
    return NULL;
}

/* A variable is a thread-invariant symbol when nothing assigns it. */
static Affine affine_var(const IrVar *v, int depth)
{
    Affine a = { .ok = 1 };
    if (an_fixed_param(v)) {
        add_term(&a, v->name, 1);
        return a;
    }
    if (an_local_def(v)) return affine(an_local_def(v), depth + 1);
    a.ok = 0;
    return a;
}

static Affine affine(const IrIdx *x, int depth)
{
    Affine a = { .ok = 1 };
    if (!x || depth > 16) { a.ok = 0; return a; }
    switch (x->kind) {
    case IX_CONST: a.c = x->c; return a;
    case IX_TID: a.tid[x->dim] = 1; return a;
    case IX_SYM: add_term(&a, x->text, 1); return a;
    case IX_VAR: return affine_var(x->var, depth);
    case IX_ADD: case IX_SUB:
        a = affine(x->l, depth + 1);
        if (a.ok) { Affine b = affine(x->r, depth + 1); merge(&a, &b, x->kind == IX_ADD ? 1 : -1); }
        return a;
    case IX_MUL: {
        Affine l = affine(x->l, depth + 1), r = affine(x->r, depth + 1);
        if (!l.ok || !r.ok) { a.ok = 0; return a; }
        if (is_const(&r)) { scale(&l, r.c); return l; }
        if (is_const(&l)) { scale(&r, l.c); return r; }
        /* a product of two invariant symbols is a new symbol */
        if (is_single_term(&l) && is_single_term(&r)) {
            const char *t1 = NULL, *t2 = NULL;
            long k = 1;
            for (int i = 0; i < l.nterms; i++) if (l.coef[i]) { t1 = l.term[i]; k *= l.coef[i]; }
            for (int i = 0; i < r.nterms; i++) if (r.coef[i]) { t2 = r.term[i]; k *= r.coef[i]; }
            const char *t = strcmp(t1, t2) < 0 ? product_name(t1, t2) : product_name(t2, t1);
            if (!t) { a.ok = 0; return a; }
            add_term(&a, t, k);
            return a;
        }
        a.ok = 0;
        return a;
    }
    default: a.ok = 0; return a;
    }
}

static int same_affine(const Affine *a, const Affine *b)
{
    if (!a->ok || !b->ok || a->c != b->c) return 0;
    for (int i = 0; i < 3; i++)
        if (a->tid[i] != b->tid[i]) return 0;
    Affine d = *a;
    merge(&d, b, -1);
    for (int i = 0; i < d.nterms; i++)
        if (d.coef[i]) return 0;
    return d.ok;
}

/* The index tuple determines the thread: every thread dimension the kernel
 * uses is the only thread dimension of some index. */
static int injective(const Affine *idx, int n, const int dims[3])
{
    for (int d = 0; d < 3; d++) {
        if (!dims[d]) continue;
        int found = 0;
        for (int i = 0; i < n && !found; i++) {
            if (!idx[i].tid[d]) continue;
            int alone = 1;
            for (int e = 0; e < 3; e++)
                if (e != d && dims[e] && idx[i].tid[e]) alone = 0;
            found = alone;
        }
        if (!found) return 0;
    }
    return 1;
}

/* The launch sites proved a and b distinct allocations (launches.c), and
 * the kernel never changes either pointer. */
static int distinct_params(const IrVar *a, const IrVar *b)
{
    unsigned keep = IRV_PARAM, lost = IRV_WRITTEN | IRV_ADDRTAKEN;
    if ((a->flags & (keep | lost)) != keep || (b->flags & (keep | lost)) != keep) return 0;
    return b->id >= 0 && b->id < 64 && ((a->distinct >> b->id) & 1);
}

static int may_alias(const IrVar *a, const IrVar *b)
{
    if (a == b) return 1;
    int sa = (a->flags & IRV_SHARED) != 0, sb = (b->flags & IRV_SHARED) != 0;
    if (sa || sb) return (a->flags & IRV_DYNSHARED) && (b->flags & IRV_DYNSHARED);
    if (a->is_restrict || b->is_restrict) return 0;
    return !distinct_params(a, b);
}

static int access_conflict(const IrAccess *x, const IrAccess *y, const int dims[3])
{
    if (!x->write && !y->write) return 0;
    if (!may_alias(x->base, y->base)) return 0;
    if (x->base != y->base || x->nidx != y->nidx) return 1;
    products_reset();
    Affine ax[4], ay[4];
    for (int i = 0; i < x->nidx; i++) {
        ax[i] = affine(x->idx[i], 0);
        ay[i] = affine(y->idx[i], 0);
        if (!same_affine(&ax[i], &ay[i])) {
            /* two different constant indices never meet */
            if (is_const(&ax[i]) && is_const(&ay[i]) && ax[i].c != ay[i].c) return 0;
            return 1;
        }
    }
    return !injective(ax, x->nidx, dims);
}

int an_may_alias(const IrVar *a, const IrVar *b) { return may_alias(a, b); }

/* x and y name the same element in the same thread, and that element
 * belongs to this thread only: same base, the same affine indices, and
 * those injective in the thread id. */
int an_same_cell(const IrAccess *x, const IrAccess *y, const int dims[3])
{
    if (x->base != y->base || x->nidx != y->nidx || x->nidx < 1) return 0;
    products_reset();
    Affine ax[4];
    for (int i = 0; i < x->nidx; i++) {
        ax[i] = affine(x->idx[i], 0);
        Affine ay = affine(y->idx[i], 0);
        if (!same_affine(&ax[i], &ay)) return 0;
    }
    return injective(ax, x->nidx, dims);
}

static int has_write(const Effects *e)
{
    if (e->unknown_write) return 1;
    for (int i = 0; i < e->acc.n; i++)
        if (((IrAccess *)e->acc.v[i])->write) return 1;
    return 0;
}

static int has_any(const Effects *e) { return e->unknown_read || e->unknown_write || e->acc.n; }

int an_conflict(const Effects *b, const Effects *a, const int dims[3])
{
    if ((b->unknown_write && has_any(a)) || (a->unknown_write && has_any(b))) return 1;
    if ((b->unknown_read && has_write(a)) || (a->unknown_read && has_write(b))) return 1;
    for (int i = 0; i < b->acc.n; i++)
        for (int j = 0; j < a->acc.n; j++)
            if (access_conflict(b->acc.v[i], a->acc.v[j], dims)) return 1;
    return 0;
}

void an_effects_range(Arena *a, const IrRange *r, Effects *e)
{
    for (int i = 0; i < r->accesses.n; i++) pv_push(a, &e->acc, r->accesses.v[i]);
    e->unknown_read |= r->unknown_read;
    e->unknown_write |= r->unknown_write;
}

void an_effects_stmt(Arena *a, const IrStmt *s, Effects *e)
{
    if (!s) return;
    switch (s->kind) {
    case IR_SEQ:
        for (int i = 0; i < s->u.seq.list.n; i++) an_effects_stmt(a, s->u.seq.list.v[i], e);
        break;
    case IR_TEXT: an_effects_range(a, &s->u.text.r, e); break;
    case IR_DECL: an_effects_range(a, &s->u.decl.decl, e); an_effects_range(a, &s->u.decl.init, e); break;
    case IR_IF:
        an_effects_range(a, &s->u.ifs.cond, e);
        an_effects_stmt(a, s->u.ifs.then, e);
        an_effects_stmt(a, s->u.ifs.els, e);
        break;
    case IR_FOR: case IR_WHILE: case IR_DO:
        an_effects_stmt(a, s->u.loop.init, e);
        an_effects_range(a, &s->u.loop.cond, e);
        an_effects_range(a, &s->u.loop.inc, e);
        an_effects_stmt(a, s->u.loop.body, e);
        an_effects_stmt(a, s->u.loop.step, e);
        break;
    case IR_GRID_FOR: case IR_BLOCK_FOR: an_effects_stmt(a, s->u.par.body, e); break;
    default: break;
    }
}

static int tid_use(const AnUse *u, void *ctx)
{
    int *dims = ctx;
    if (u->kind == USE_BUILTIN && u->tid) {
        if (u->dim >= 0) dims[u->dim] = 1;
        else dims[0] = dims[1] = dims[2] = 1;
    }
    if (u->kind == USE_CALLCTX) dims[0] = dims[1] = dims[2] = 1;
    return 0;
}

static int tid_range(IrRange *r, void *ctx)
{
    an_each_use(r, tid_use, ctx);
    return 0;
}

/* Which threadIdx components the kernel reads. */
void an_tid_dims(const IrStmt *s, int dims[3])
{
    ir_each_range((IrStmt *)s, tid_range, dims);
}
