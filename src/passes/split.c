/*
 * split.c: thread-loop fission at barriers and interchange with uniform
 * control flow (MCUDA / Polygeist "parallel loop splitting").
 *
 * Requires: the per-thread program and the uniformity analysis.
 * Produces: GRID_FOR { block-level program }, where the block-level program
 * is a SEQ of BLOCK_FOR thread loops and the control flow that contained
 * barriers, now run once per block:
 *
 *   a; __syncthreads(); b;        ->  BLOCK_FOR{a}  BLOCK_FOR{b}
 *   for (int s = n; s; s >>= 1) {  ->  for (int s = n; s; s >>= 1) {
 *       a; __syncthreads(); }             BLOCK_FOR{a} }
 *   for (int i = tid; i < n; ...)  ->  BLOCK_FOR{i = tid}
 *     (loop variable varying)          for (; cond of thread 0;) { ... BLOCK_FOR{inc} }
 *   if (c) { a; __syncthreads(); } ->  if (c) { BLOCK_FOR{a} }   c must be uniform
 *
 * A condition at block level is evaluated for thread 0 (CUDA requires it to
 * be the same for every thread that reaches the barrier).
 */
#include "analysis/an.h"
#include "passes.h"

typedef struct Split { IrKernel *k; Arena *a; } Split;

static IrStmt *split_seq(Split *S, IrStmt *seq);

static IrStmt *block_for(Split *S, SrcLoc loc)
{
    IrStmt *p = ir_stmt(S->a, IR_BLOCK_FOR, loc);
    p->u.par.body = ir_stmt(S->a, IR_SEQ, loc);
    p->u.par.seg = S->k->nsegs++;
    return p;
}

/* Appends s to the open thread loop of out, opening one if needed. */
static void append_thread(Split *S, IrStmt *out, IrStmt **cur, IrStmt *s)
{
    if (!*cur) {
        *cur = block_for(S, s->loc);
        ir_seq_push(S->a, out, *cur);
    }
    ir_seq_push(S->a, (*cur)->u.par.body, s);
}

static int decl_init_uniform(IrStmt *init, IrStmt *body)
{
    if (!init) return 1;
    if (init->kind != IR_SEQ) return 0;
    for (int i = 0; i < init->u.seq.list.n; i++) {
        IrStmt *d = init->u.seq.list.v[i];
        if (d->kind != IR_DECL || (d->u.decl.var->flags & IRV_VARYING) || an_stmt_writes(body, d->u.decl.var))
            return 0;
    }
    return 1;
}

/* 1 when the increment writes only variables the init declares (they become
 * the block's loop variables) or shared memory. A per-thread local that the
 * increment advances (`nxt = nxt + 1`) must advance in every thread, so such
 * a loop steps in a thread loop. */
static int inc_writes_only_loop_vars(const IrRange *inc, const IrStmt *init)
{
    for (int i = 0; i < inc->refs.n; i++) {
        const IrRef *f = inc->refs.v[i];
        if (f->kind != REF_VAR || !f->is_write || (f->var->flags & (IRV_SHARED | IRV_DYNSHARED))) continue;
        int declared = 0;
        for (int j = 0; init && j < init->u.seq.list.n; j++) {
            const IrStmt *d = init->u.seq.list.v[j];
            if (d->kind == IR_DECL && d->u.decl.var == f->var) declared = 1;
        }
        if (!declared) return 0;
    }
    return 1;
}

static void mark_blockvars(IrStmt *init)
{
    for (int i = 0; init && i < init->u.seq.list.n; i++) {
        IrStmt *d = init->u.seq.list.v[i];
        d->u.decl.var->flags |= IRV_BLOCKVAR;
    }
}

static IrStmt *split_loop(Split *S, IrStmt *s, IrStmt *out, IrStmt **cur)
{
    if (an_range_uses_tid(&s->u.loop.cond))
        diag_error(s->loc, "__syncthreads() under a condition that may differ between the threads of a block; "
                   "CUDA requires every thread of the block to reach the same barriers");
    else if (an_range_has_effects(&s->u.loop.cond))
        diag_error(s->u.loop.cond.loc, "a loop condition with side effects around __syncthreads() is not supported");
    if (s->kind == IR_FOR && !s->u.loop.uniform) {
        int uni = decl_init_uniform(s->u.loop.init, s->u.loop.body) &&
                  !an_range_varying(&s->u.loop.cond) && !an_range_varying(&s->u.loop.inc) &&
                  inc_writes_only_loop_vars(&s->u.loop.inc, s->u.loop.init);
        s->u.loop.uniform = uni;
        if (uni) mark_blockvars(s->u.loop.init);
        else {
            if (s->u.loop.init) {
                append_thread(S, out, cur, s->u.loop.init);
                s->u.loop.init = NULL;
            }
            if (s->u.loop.has_inc) {
                IrStmt *step = block_for(S, s->loc);
                IrStmt *t = ir_stmt(S->a, IR_TEXT, s->u.loop.inc.loc);
                t->u.text.r = s->u.loop.inc;
                ir_seq_push(S->a, step->u.par.body, t);
                s->u.loop.step = step;
                s->u.loop.has_inc = 0;
            }
        }
    }
    s->u.loop.body = split_seq(S, s->u.loop.body);
    if (s->u.loop.step) {
        /* the step runs after the body: number its segment after the body's */
        s->u.loop.step->u.par.seg = S->k->nsegs++;
    }
    return s;
}

static IrStmt *split_stmt(Split *S, IrStmt *s, IrStmt *out, IrStmt **cur)
{
    switch (s->kind) {
    case IR_SEQ: return split_seq(S, s);
    case IR_IF:
        if (an_range_varying(&s->u.ifs.cond))
            diag_error(s->u.ifs.cond.loc, "__syncthreads() under a condition that may differ between the threads of a block; "
                       "CUDA requires every thread of the block to reach the same barriers");
        s->u.ifs.then = split_seq(S, s->u.ifs.then);
        if (s->u.ifs.els) s->u.ifs.els = split_seq(S, s->u.ifs.els);
        return s;
    case IR_FOR: case IR_WHILE: case IR_DO: return split_loop(S, s, out, cur);
    default: cucpu_bug(__func__, "unexpected %s holding a barrier", ir_kind_name(s->kind));
    }
}

static IrStmt *split_seq(Split *S, IrStmt *seq)
{
    IrStmt *out = ir_stmt(S->a, IR_SEQ, seq->loc), *cur = NULL;
    out->u.seq.scope = seq->u.seq.scope;
    for (int i = 0; i < seq->u.seq.list.n; i++) {
        IrStmt *s = seq->u.seq.list.v[i];
        if (s->kind == IR_BARRIER) {
            cur = NULL;
            continue;
        }
        if (s->kind == IR_TEXT && s->u.text.block_level) {
            cur = NULL;
            ir_seq_push(S->a, out, s);
            continue;
        }
        if (!s->has_barrier) {
            append_thread(S, out, &cur, s);
            continue;
        }
        IrStmt *t = split_stmt(S, s, out, &cur);
        cur = NULL;
        t->has_barrier = 1;
        ir_seq_push(S->a, out, t);
    }
    return out;
}

void pass_split(IrKernel *k, Arena *a)
{
    Split S = { k, a };
    k->nsegs = 0;
    IrStmt *g = ir_stmt(a, IR_GRID_FOR, k->loc);
    g->u.par.body = split_seq(&S, k->body);
    g->has_barrier = k->body->has_barrier;
    k->body = g;
}
