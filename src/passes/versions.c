/*
 * versions.c: one variable per straight-line value of a local.
 *
 * Kernels often declare a local and give it its value later, or refine it
 * in place:
 *
 *   float step_div_Cap;                 float step_div_Cap = step/Cap;
 *   int N = ty-1;                  ->   int N = ty-1;
 *   step_div_Cap = step/Cap;            int N_2 = (N < lo) ? lo : N;
 *   N = (N < lo) ? lo : N;              ... temp[N_2][tx] ...
 *   ... temp[N][tx] ...
 *
 * A value that crosses a barrier can be recomputed, or kept once per block,
 * only when a declaration carries it (privatize); an assigned local is
 * otherwise stored per thread. So each plain assignment `v = rhs;` that
 * stands in the same statement list as v's declaration becomes a
 * declaration: of v itself when v had no value yet (the declaration moves
 * down to it), else of a new variable that later statements of the list
 * read instead. The first write of any other kind (`v += x`, `v++`, a write
 * inside a nested statement) ends this: later statements use the latest
 * version as it is.
 * Requires: the per-thread IR (before uniformity, which then sees the
 * declarations). Only scalar locals declared without const or volatile,
 * whose address is not taken and that no reference or lambda names (the
 * front end's IRV_ALIASED): those would go on reading the first version.
 */
#include <string.h>
#include "analysis/an.h"
#include "ir/expr.h"
#include "passes.h"

typedef struct Ver { IrKernel *k; Arena *a; PtrVec touched; } Ver;   /* touched: IrVar* whose writes moved */

static int touched(const Ver *V, const IrVar *v)
{
    for (int i = 0; i < V->touched.n; i++)
        if (V->touched.v[i] == v) return 1;
    return 0;
}

static void retarget_idx(IrIdx *x, const IrVar *from, IrVar *to)
{
    for (; x; x = x->r) {
        if (x->kind == IX_VAR && x->var == from) x->var = to;
        retarget_idx(x->l, from, to);
        if (x->kind != IX_ADD && x->kind != IX_SUB && x->kind != IX_MUL) break;
    }
}

static void retarget_range(IrRange *r, const IrVar *from, IrVar *to)
{
    for (int i = 0; i < r->refs.n; i++) {
        IrRef *f = r->refs.v[i];
        if (f->kind == REF_VAR && f->var == from) f->var = to;
    }
    for (int i = 0; i < r->accesses.n; i++) {
        IrAccess *x = r->accesses.v[i];
        for (int j = 0; j < x->nidx; j++) retarget_idx(x->idx[j], from, to);
    }
    ir_expr_retarget(r->expr, from, to);
}

typedef struct Retarget { const IrVar *from; IrVar *to; int hit; } Retarget;

static void retarget_one(IrStmt *s, void *ctx)
{
    Retarget *t = ctx;
    IrRange *r[2];
    for (int i = ir_own_ranges(s, r) - 1; i >= 0; i--) retarget_range(r[i], t->from, t->to);
    if (s->kind == IR_TEXT) {
        /* (rhs is part of the range's tree) */
        if (s->u.text.guard) ir_expr_retarget(s->u.text.guard->cond, t->from, t->to);
        for (int i = 0; s->u.text.guard && i < s->u.text.guard->cmps.n; i++) {
            IrCompare *c = s->u.text.guard->cmps.v[i];
            retarget_idx(c->l, t->from, t->to);
            retarget_idx(c->r, t->from, t->to);
        }
    }
    if (s->kind == IR_DECL && s->u.decl.var->def) retarget_idx(s->u.decl.var->def, t->from, t->to);
    /* an assign-only DECL (`x = __syncthreads_count(p)` lowers to one)
     * writes the current version, which later statements then read */
    if (s->kind == IR_DECL && s->u.decl.assign_only && s->u.decl.var == t->from) s->u.decl.var = t->to;
}

/* Every use of `from` in s (a later statement of its scope) reads `to`. */
static void retarget(IrStmt *s, const IrVar *from, IrVar *to)
{
    Retarget t = { from, to, 0 };
    ir_each_stmt(s, retarget_one, &t);
}

static int range_mentions(const IrRange *r, const IrVar *v)
{
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind == REF_VAR && f->var == v) return 1;
    }
    return 0;
}

static void mentions_one(IrStmt *s, void *ctx)
{
    Retarget *t = ctx;
    IrRange *r[2];
    for (int i = ir_own_ranges(s, r) - 1; i >= 0; i--) t->hit |= range_mentions(r[i], t->from);
}

static int mentions(IrStmt *s, const IrVar *v)
{
    Retarget t = { v, NULL, 0 };
    ir_each_stmt(s, mentions_one, &t);
    return t.hit;
}

static int eligible(const IrVar *v)
{
    const unsigned no = IRV_PARAM | IRV_SHARED | IRV_DYNSHARED | IRV_ADDRTAKEN | IRV_SYNTH | IRV_BLOCKVAR |
                        IRV_QUALIFIED | IRV_ALIASED | IRV_VARYING;
    return (v->flags & IRV_LOCAL) && !(v->flags & no) && !*v->dims && !(v->flags & IRV_REFERENCE);
}

/* t is `v = rhs;` with one write of v, nothing in a macro, no jump. */
static int plain_assignment(const IrStmt *t, const IrVar *v)
{
    if (t->kind != IR_TEXT || t->u.text.set_var != v || t->u.text.block_level || ir_range_made(&t->u.text.r)) return 0;
    int writes = 0;
    const IrRange *r = &t->u.text.r;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind == REF_RETURN || f->kind == REF_BREAK || f->kind == REF_CONTINUE) return 0;
        if (f->kind != REF_VAR || f->var != v) continue;
        if (f->in_macro) return 0;
        writes += f->is_write;
    }
    return writes == 1;
}

static int name_used(const IrKernel *k, const char *name)
{
    for (int i = 0; i < k->vars.n; i++)
        if (!strcmp(((IrVar *)k->vars.v[i])->name, name)) return 1;
    return 0;
}

static IrVar *new_version(Ver *V, const IrVar *v, SrcLoc loc)
{
    IrVar *n = ar_alloc(V->a, sizeof *n);
    *n = *v;
    n->name = NULL;
    for (int i = 2; !n->name || name_used(V->k, n->name); i++) n->name = ar_printf(V->a, "%s_%d", v->name, i);
    n->loc = loc;
    n->flags &= ~(unsigned)IRV_WRITTEN;
    n->id = V->k->vars.n;
    pv_push(V->a, &V->k->vars, n);
    return n;
}

/* `T x = rhs;` for the plain assignment t. */
static IrStmt *declaration(Ver *V, IrVar *x, const IrStmt *t)
{
    IrStmt *d = ir_stmt(V->a, IR_DECL, t->loc);
    d->u.decl.var = x;
    d->u.decl.has_init = 1;
    d->u.decl.init = ir_sub_range(V->a, &t->u.text.r, t->u.text.rhs_begin, t->u.text.rhs_end);
    d->u.decl.init.expr = t->u.text.rhs;
    d->u.decl.init.expr_ok = t->u.text.r.expr_ok;
    x->decl = d;
    x->def = ir_expr_idx(V->a, t->u.text.rhs);
    return d;
}

/* A type without a constructor: arithmetic or a pointer, as clang
 * classified it (a class has a class of 0: its constructor would run
 * later). */
static int scalar_type(const IrVar *v)
{
    return v->tflags != 0;
}

/* The value-less declaration list[i], whose first use is list[j], moves
 * down to just before list[j] when a barrier lies between them and none
 * is inside list[j]: a local like lud's `int i;`, declared at the top and
 * first written by a loop after the __syncthreads(), is then local to the
 * thread loop that uses it instead of crossing the barrier (privatize
 * would store it per thread). */
static int sink_decl(PtrVec *list, int i, int j)
{
    if (!scalar_type(((IrStmt *)list->v[i])->u.decl.var)) return 0;
    if (((IrStmt *)list->v[j])->has_barrier) return 0;   /* used across barriers anyway */
    int crosses = 0;
    for (int x = i + 1; x < j; x++) crosses |= ((IrStmt *)list->v[x])->has_barrier ||
                                               ((IrStmt *)list->v[x])->kind == IR_BARRIER;
    if (!crosses) return 0;
    void *d = list->v[i];
    memmove(&list->v[i], &list->v[i + 1], sizeof list->v[0] * (size_t)(j - 1 - i));
    list->v[j - 1] = d;
    return 1;
}

/* The versions of the local declared by list[i]; 1 when the declaration
 * moved down (sink_decl), so that list[i] is another statement now. */
static int version_decl(Ver *V, PtrVec *list, int i)
{
    IrStmt *d = list->v[i];
    IrVar *v = d->u.decl.var, *cur = v;
    int has_value = d->u.decl.has_init, frozen = 0;
    for (int j = i + 1; j < list->n; j++) {
        IrStmt *t = list->v[j];
        if (!frozen && plain_assignment(t, v)) {
            if (!has_value) {
                IrRange rhs = ir_sub_range(V->a, &t->u.text.r, t->u.text.rhs_begin, t->u.text.rhs_end);
                if (range_mentions(&rhs, v)) return 0;      /* reads itself uninitialized */
                list->v[j] = declaration(V, v, t);
                list->v[i] = ir_stmt(V->a, IR_SEQ, d->loc);   /* the declaration moved down */
                has_value = 1;
            } else {
                retarget(t, v, cur);                         /* the right side reads the current version */
                cur = new_version(V, v, t->loc);
                list->v[j] = declaration(V, cur, t);
                pv_push(V->a, &V->touched, cur);
            }
            if (!touched(V, v)) pv_push(V->a, &V->touched, v);
            continue;
        }
        if (cur != v) retarget(t, v, cur);
        if (frozen) continue;
        if (!has_value && mentions(t, v))            /* read or written before its first value */
            return sink_decl(list, i, j);
        if (an_stmt_writes(t, cur)) frozen = 1;
    }
    return 0;
}

static void visit(Ver *V, IrStmt *s)
{
    if (!s) return;
    switch (s->kind) {
    case IR_SEQ:
        for (int i = 0; i < s->u.seq.list.n; i++) {
            IrStmt *d = s->u.seq.list.v[i];
            if (d->kind == IR_DECL && !d->u.decl.assign_only && eligible(d->u.decl.var) &&
                version_decl(V, &s->u.seq.list, i))
                i--;                                 /* list[i] is the next statement now */
        }
        for (int i = 0; i < s->u.seq.list.n; i++) visit(V, s->u.seq.list.v[i]);
        break;
    case IR_IF: visit(V, s->u.ifs.then); visit(V, s->u.ifs.els); break;
    case IR_FOR: case IR_WHILE: case IR_DO: visit(V, s->u.loop.body); break;
    default: break;
    }
}

/* ---- loop counters: one variable per loop -------------------------------------
 *
 * A local reused as the counter of several loops (srad's reduce kernel:
 * `int i;` counts a uniform tree-reduction loop with barriers in one
 * branch and a per-thread loop under `if (tx == df - 1)` in another) is
 * one variable, varying because of its per-thread use: the uniform loop
 * then runs with `i[cucpu_tid]` as a per-thread trip count. A barrier loop
 * `for (v = e; ...)` whose value of v is dead once it exits (every path
 * from the exit writes v before reading it, or ends the kernel) gets its
 * own variable, declared by its init, so each loop's counter is judged on
 * its own. */

typedef struct Frame { IrStmt *s; int i; } Frame;   /* an ancestor; i: the kid on the path (SEQ) */

/* No use of v in r is spelled in a macro body (the printer cannot rename it). */
static int renamable_range(const IrRange *r, const IrVar *v)
{
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind == REF_VAR && f->var == v && (f->in_macro || f->pre)) return 0;
    }
    return 1;
}

static int renamable_any(IrRange *r, void *ctx) { return !renamable_range(r, ctx); }

/* t is `v = rhs;` with rhs not reading v: v's old value dies there. */
static int kills(IrStmt *t, const IrVar *v)
{
    if (!t || !plain_assignment(t, v)) return 0;
    const IrRange *r = &t->u.text.r;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind == REF_VAR && f->var == v && f->begin >= t->u.text.rhs_begin && f->end <= t->u.text.rhs_end)
            return 0;
    }
    return 1;
}

/* The loop's own text that runs again each iteration mentions v. */
static int loop_header_mentions(const IrStmt *l, const IrVar *v)
{
    return range_mentions(&l->u.loop.cond, v) || range_mentions(&l->u.loop.inc, v) ||
           (l->u.loop.step && mentions(l->u.loop.step, v));
}

/* v's value is dead when the statement at path[depth - 1] finishes. */
static int dead_after(const Frame *path, int depth, const IrVar *v)
{
    for (int d = depth - 1; d >= 0; d--) {
        IrStmt *p = path[d].s;
        switch (p->kind) {
        case IR_SEQ:
            for (int j = path[d].i + 1; j < p->u.seq.list.n; j++) {
                IrStmt *t = p->u.seq.list.v[j];
                if (kills(t, v) || (t->kind == IR_FOR && kills(t->u.loop.init, v))) return 1;
                if (mentions(t, v)) return 0;
            }
            break;
        case IR_IF: break;            /* on to what follows the if */
        case IR_FOR: case IR_WHILE: case IR_DO:
            /* another iteration runs the header, then the body from its
             * start: v must be written on the path before anything reads it */
            if (loop_header_mentions(p, v)) return 0;
            for (int e = d + 1; e < depth; e++) {
                const IrStmt *q = path[e].s;
                if (q->kind == IR_IF && range_mentions(&q->u.ifs.cond, v)) return 0;
                if (q->kind == IR_SEQ)
                    for (int j = 0; j < path[e].i; j++)
                        if (mentions(q->u.seq.list.v[j], v)) return 0;
                if (q->kind != IR_SEQ && q->kind != IR_IF) return 0;
            }
            break;
        default: return 0;
        }
    }
    return 1;                          /* the kernel ends */
}

/* The barrier loop l (path[depth - 1] is its SEQ) counts with its own v. */
static void own_counter(Ver *V, IrStmt *l, const Frame *path, int depth)
{
    IrStmt *init = l->u.loop.init;
    if (l->kind != IR_FOR || !l->has_barrier || !init || init->kind != IR_TEXT) return;
    IrVar *v = init->u.text.set_var;
    if (!v || !eligible(v) || !scalar_type(v) || !kills(init, v)) return;
    if (ir_each_range(l, renamable_any, v)) return;
    if (!dead_after(path, depth, v)) return;
    IrVar *n = new_version(V, v, init->loc);
    retarget(l, v, n);
    IrStmt *d = declaration(V, n, init);
    IrStmt *seq = ir_stmt(V->a, IR_SEQ, init->loc);
    ir_seq_push(V->a, seq, d);
    l->u.loop.init = seq;
    pv_push(V->a, &V->touched, n);
    if (!touched(V, v)) pv_push(V->a, &V->touched, v);
}

static void counters(Ver *V, IrStmt *s, Frame *path, int depth, int max)
{
    if (!s || depth >= max) return;
    path[depth].s = s;
    switch (s->kind) {
    case IR_SEQ:
        for (int i = 0; i < s->u.seq.list.n; i++) {
            path[depth].i = i;
            IrStmt *t = s->u.seq.list.v[i];
            if (t->kind == IR_FOR) own_counter(V, t, path, depth + 1);
            counters(V, t, path, depth + 1, max);
        }
        break;
    case IR_IF:
        counters(V, s->u.ifs.then, path, depth + 1, max);
        counters(V, s->u.ifs.els, path, depth + 1, max);
        break;
    case IR_FOR: case IR_WHILE: case IR_DO: counters(V, s->u.loop.body, path, depth + 1, max); break;
    default: break;
    }
}

/* IRV_WRITTEN again for the versioned locals: their writes moved. */
static void rewritten(IrStmt *s, void *ctx)
{
    Ver *V = ctx;
    IrRange *r[2];
    if (s->kind == IR_DECL && s->u.decl.assign_only && s->u.decl.var->decl != s && touched(V, s->u.decl.var))
        s->u.decl.var->flags |= IRV_WRITTEN;
    for (int i = ir_own_ranges(s, r) - 1; i >= 0; i--)
        for (int j = 0; j < r[i]->refs.n; j++) {
            IrRef *f = r[i]->refs.v[j];
            if (f->kind == REF_VAR && f->is_write && touched(V, f->var)) f->var->flags |= IRV_WRITTEN;
        }
}

void pass_versions(IrKernel *k, Arena *a)
{
    if (k->has_goto) return;     /* a moved declaration could be jumped over */
    Ver V = { k, a, { 0 } };
    visit(&V, k->body);
    Frame path[64];
    counters(&V, k->body, path, 0, 64);
    if (!V.touched.n) return;
    for (int i = 0; i < V.touched.n; i++) ((IrVar *)V.touched.v[i])->flags &= ~(unsigned)IRV_WRITTEN;
    ir_each_stmt(k->body, rewritten, &V);
}
