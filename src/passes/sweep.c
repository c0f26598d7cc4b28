/*
 * sweep.c: run a thread's strided serial loop for the whole block at once.
 *
 * Requires: the per-thread program; first in the pipeline (before
 * barrier-elim and split). Invalidates: the kernel's body, when it applies.
 *
 * A kernel without barriers whose threads each run a loop like
 *
 *   for (int i = 0; i < dim; i++) r += (a[i*num + tid] - c[i])^2;
 *
 * (Rodinia streamcluster's d_dist) walks, thread by thread, elements
 * `num` apart: on a GPU the warp's loads are coalesced, on a CPU each
 * thread loop iteration misses the cache. The front end lowers such a
 * kernel twice when the loop is a __device__ function's (IrKernel.alt,
 * loopfns.c). This pass takes the alternative when its one loop moves
 * its accesses by one element per thread, and puts a *sweep barrier* at
 * the end of the loop body. Split then makes the loop a block-level loop
 * around a thread loop, and privatize keeps `r` per thread:
 *
 *   for (i < dim) { BLOCK_FOR{ r[t] += ... } }
 *
 * Why a barrier may be added: the kernel has none, so its threads are
 * unordered, and any interleaving of them is a schedule a GPU may run.
 * The barrier sits under the kernel's thread-varying `if`s (the
 * `tid < num` guard), so it orders nothing: split predicates it like a
 * warp barrier (each thread loop runs the threads whose flag is set). A
 * kernel with `return` or `goto` gets no alternative (loopfns.c). The
 * barrier is `keep`, as it exists for speed, not for memory order.
 */
#include "analysis/an.h"
#include "ir/expr.h"
#include <string.h>
#include "passes.h"

typedef struct Find { IrStmt *loop; int nloops; } Find;

static IrWalk find_loop(IrStmt *s, void *ctx)
{
    Find *f = ctx;
    if (s->kind == IR_BARRIER) f->nloops = 2;   /* never: the kernel has none */
    /* an inlined function's `do { } while (0)` is no loop */
    int once = s->kind == IR_DO && ir_expr_is_int(s->u.loop.cond.expr, 0);
    if ((s->kind == IR_FOR || s->kind == IR_WHILE || (s->kind == IR_DO && !once)) && s->has_barrier) {
        f->loop = s;
        f->nloops++;
    }
    return IR_WALK_GO;
}

typedef struct Uses { const IrStmt *loop; int loop_var, varying; } Uses;

static int is_loop_var(const IrStmt *loop, const IrVar *v)
{
    const IrStmt *init = loop->u.loop.init;
    for (int i = 0; init && init->kind == IR_SEQ && i < init->u.seq.list.n; i++) {
        const IrStmt *d = init->u.seq.list.v[i];
        if (d->kind == IR_DECL && d->u.decl.var == v) return 1;
    }
    return 0;
}

static int note_uses(IrRange *r, void *ctx)
{
    Uses *u = ctx;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind != REF_VAR) continue;
        if (is_loop_var(u->loop, f->var)) u->loop_var = 1;
        else if (f->var->flags & IRV_VARYING) u->varying = 1;
    }
    return 0;
}

typedef struct Decls { const IrVar *v; const IrStmt *decl; int n; } Decls;

static IrWalk find_decl(IrStmt *s, void *ctx)
{
    Decls *d = ctx;
    if (s->kind == IR_DECL && s->u.decl.var == d->v) {
        d->decl = s;
        d->n++;
    }
    return IR_WALK_GO;
}

/* The parameter that v copies: v is declared once as `T v = param;`, and
 * the loop does not write it; NULL otherwise. */
static IrVar *param_copy(IrStmt *body, const IrStmt *loop, const IrVar *v)
{
    Decls d = { v, NULL, 0 };
    ir_walk(body, find_decl, NULL, &d);
    if (d.n != 1 || !d.decl->u.decl.has_init || an_stmt_writes(loop, v)) return NULL;
    const IrRange *r = &d.decl->u.decl.init;
    if (ir_range_made(r) || r->refs.n != 1) return NULL;
    const IrRef *f = r->refs.v[0];
    if (f->kind != REF_VAR || f->in_macro || f->pre || f->post || f->begin != r->begin || f->end != r->end ||
        !an_fixed_param(f->var))
        return NULL;
    /* `short n_2 = n` is not n: the type must be the same */
    if (!v->type || !f->var->type || strcmp(v->type, f->var->type) || (v->dims && *v->dims) ||
        (f->var->dims && *f->var->dims))
        return NULL;
    return f->var;
}

/* 1 when every variable r reads is a loop variable, a parameter, or a
 * local copied from one (an inlined function's `int dim_2 = dim`): the
 * trip count is the block's. With `rewrite`, such a copy's uses in r read
 * the parameter itself, so that the header reads no per-thread value
 * (split evaluates it once per block, where thread 0 may not have run
 * the copy: the loop sits under the kernel's `tid < num`). */
static int header_uniform(IrStmt *body, IrRange *r, const IrStmt *loop, int rewrite)
{
    if (ir_range_made(r) || an_range_uses_tid(r)) return 0;
    for (int i = 0; i < r->refs.n; i++) {
        IrRef *f = r->refs.v[i];
        if (f->kind != REF_VAR) return 0;
        if (is_loop_var(loop, f->var) || an_fixed_param(f->var)) continue;
        IrVar *p = f->in_macro || f->pre || f->post || f->is_write ? NULL : param_copy(body, loop, f->var);
        if (!p) return 0;
        if (rewrite) {
            ir_expr_retarget(r->expr, f->var, p);   /* the tree reads what the refs read */
            f->var = p;
        }
    }
    return 1;
}

/* The loop's init declares its variables from parameters and constants. */
static int init_uniform(const IrStmt *loop)
{
    const IrStmt *init = loop->u.loop.init;
    if (!init) return 1;
    if (init->kind != IR_SEQ) return 0;
    for (int i = 0; i < init->u.seq.list.n; i++) {
        const IrStmt *d = init->u.seq.list.v[i];
        if (d->kind != IR_DECL || ir_range_made(&d->u.decl.init) || an_range_uses_tid(&d->u.decl.init)) return 0;
        for (int j = 0; j < d->u.decl.init.refs.n; j++) {
            const IrRef *f = d->u.decl.init.refs.v[j];
            if (f->kind != REF_VAR || !an_fixed_param(f->var)) return 0;
        }
    }
    return 1;
}

/* 1 when the loop is worth running for the whole block: its header reads
 * no threadIdx, and its body uses both the loop's own variable and a
 * thread-varying value (an element of a per-thread column, as in
 * `a[i*num + tid]`). The index trees that the effect analysis keeps are
 * those of parameters and __shared__ arrays, and an inlined function's
 * pointer is a local, so the test is on the variables' uses. */
static int worth_sweeping(IrKernel *alt, IrStmt *loop)
{
    if (loop->kind != IR_FOR || !init_uniform(loop)) return 0;
    for (int rewrite = 0; rewrite < 2; rewrite++)
        if (!header_uniform(alt->body, &loop->u.loop.cond, loop, rewrite) ||
            !header_uniform(alt->body, &loop->u.loop.inc, loop, rewrite))
            return 0;
    /* the loop's variables are now the block's (uniform.c) */
    an_uniformity(alt);
    Uses u = { loop, 0, 0 };
    ir_each_range(loop->u.loop.body, note_uses, &u);
    return u.loop_var && u.varying;
}

static void add_barrier(IrKernel *k, IrStmt *loop, Arena *a)
{
    IrStmt *b = ir_stmt(a, IR_BARRIER, loop->loc);
    b->u.barrier.id = k->nbarriers++;
    b->u.barrier.keep = 1;
    b->u.barrier.sweep = 1;
    b->has_barrier = 1;
    IrStmt *body = loop->u.loop.body;
    if (body->kind != IR_SEQ) {
        IrStmt *seq = ir_stmt(a, IR_SEQ, body->loc);
        ir_seq_push(a, seq, body);
        loop->u.loop.body = body = seq;
    }
    ir_seq_push(a, body, b);
    body->has_barrier = 1;
}

/* An inlined function's parameters are declarations like any other: name
 * them as such (IrVar.decl), so that privatize may recompute one (`p1 =
 * tid`) in each thread loop instead of keeping it per thread, which would
 * make `a[i*num + p1]` a gather. The front end names the declaration of
 * its locals and of reference parameters only. */
static void name_decl(IrStmt *s, void *ctx)
{
    (void)ctx;
    if (s->kind == IR_DECL && !s->u.decl.assign_only && !s->u.decl.var->decl && (s->u.decl.var->flags & IRV_LOCAL))
        s->u.decl.var->decl = s;
}

void pass_sweep(IrKernel *k, Arena *a)
{
    IrKernel *alt = k->alt;
    k->alt = NULL;
    if (!alt) return;
    Find f = { 0 };
    ir_walk(alt->body, find_loop, NULL, &f);
    if (f.nloops != 1 || !worth_sweeping(alt, f.loop)) return;
    add_barrier(alt, f.loop, a);
    ir_each_stmt(alt->body, name_decl, NULL);
    alt->params = k->params;
    alt->unnamed_param = k->unnamed_param;
    alt->nsweeps = 1;
    *k = *alt;
}
