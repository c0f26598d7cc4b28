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
 *
 * Warp barriers may sit under control flow that differs between threads
 * (`if (lane < 16) v = __shfl_down_sync(...)`): an if or loop whose
 * barriers are all warp barriers is predicated instead when its condition
 * varies. Each thread keeps its own flag, and every thread loop inside runs
 * only the threads whose flag is set:
 *   if (c) A else B   ->  BLOCK_FOR{ p = c }  A' (each thread loop: if (p))
 *                                             B' (each thread loop: if (!p))
 *   while (c) A       ->  [act = 0 for all]  BLOCK_FOR{ act = 1 }
 *                         for (;;) { BLOCK_FOR{ if (act) act = c }
 *                                    leave when no thread has act == 1
 *                                    A' (each thread loop: if (act == 1)) }
 * A thread's break sets act = 0 and its continue act = 2 (codegen).
 */
#include "analysis/an.h"
#include "ir/expr.h"
#include <string.h>
#include "passes.h"
#include "ir/names.h"

/* pred: inside a predicated region, where thread 0 may not run: control
 * flow there is predicated too, never evaluated for thread 0 at block level. */
/* barrier: a barrier was met since the last thread loop opened (the next
 * one starts a new barrier interval: --check's race detection needs it) */
/* loop: the innermost barrier loop being split (-1: none) */
typedef struct Split { IrKernel *k; Arena *a; int pred; int barrier; int loop; } Split;

static IrStmt *split_seq(Split *S, IrStmt *seq);
static IrStmt *block_for(Split *S, SrcLoc loc);
static void append_thread(Split *S, IrStmt *out, IrStmt **cur, IrStmt *s);
static int decl_init_uniform(IrStmt *init, IrStmt *body);
static int inc_writes_only_loop_vars(const IrRange *inc, const IrStmt *init);

/* ---- predication of warp-level control flow ------------------------------------- */

/* 1 when every barrier under s orders only a warp. */
static IrWalk block_level_stmt(IrStmt *s, void *ctx)
{
    (void)ctx;
    /* a sweep barrier orders nothing (sweep.c): predicated like a warp one */
    if (s->kind == IR_BARRIER && !s->u.barrier.warp && !s->u.barrier.sweep) return IR_WALK_STOP;
    if (s->kind == IR_TEXT && s->u.text.block_level && !s->u.text.warp_level) return IR_WALK_STOP;
    return IR_WALK_GO;
}

/* s holds no block barrier and no block-level statement (only warp ones). */
static int warp_only(const IrStmt *s)
{
    return !ir_walk((IrStmt *)s, block_level_stmt, NULL, NULL);
}

typedef struct JumpQuery { int loop; const IrStmt *skip; } JumpQuery;

static int range_jumps_to(const IrRange *r, int loop)
{
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if ((f->kind == REF_BREAK || f->kind == REF_CONTINUE) && f->loop == loop) return 1;
    }
    return 0;
}

static IrWalk jump_stmt(IrStmt *s, void *ctx)
{
    const JumpQuery *q = ctx;
    if (s == q->skip) return IR_WALK_SKIP;
    if ((s->kind == IR_BREAK || s->kind == IR_CONTINUE) && s->u.jump.loop == q->loop) return IR_WALK_STOP;
    IrRange *r[IR_MAX_RANGES];
    for (int i = 0, n = ir_own_ranges(s, r); i < n; i++)
        if (range_jumps_to(r[i], q->loop)) return IR_WALK_STOP;
    return IR_WALK_GO;
}

/* 1 when a break or continue under s, other than `skip`, leaves or
 * restarts loop `loop`. */
static int jumps_to(const IrStmt *s, int loop, const IrStmt *skip)
{
    return ir_walk((IrStmt *)s, jump_stmt, NULL, &(JumpQuery){ loop, skip });
}

/* A per-thread int flag made by the translator. */
static IrVar *flag_var(Split *S, const char *prefix, SrcLoc loc)
{
    IrVar *v = ar_alloc(S->a, sizeof *v);
    v->name = ar_printf(S->a, "%s%d", prefix, S->k->npredicated++);
    v->type = "int";
    v->dims = "";
    v->loc = loc;
    v->flags = IRV_LOCAL | IRV_VARYING | IRV_PRIVATE | IRV_SYNTH;
    v->size = sizeof(int);
    v->id = S->k->vars.n;
    pv_push(S->a, &S->k->vars, v);
    return v;
}

static IrStmt *set_flag(Split *S, IrVar *v, int value, SrcLoc loc)
{
    IrStmt *d = ir_stmt(S->a, IR_DECL, loc);
    d->u.decl.var = v;
    d->u.decl.has_init = 1;
    d->u.decl.assign_only = 1;
    d->u.decl.init = ir_made_range(ir_expr_int(S->a, value, loc), MADE_EXPR, loc);
    IrStmt *seq = ir_stmt(S->a, IR_SEQ, loc);
    ir_seq_push(S->a, seq, d);
    return seq;
}

static IrStmt *made_if(Split *S, IrExpr *cond, IrStmt *then, SrcLoc loc)
{
    IrStmt *i = ir_stmt(S->a, IR_IF, loc);
    i->u.ifs.cond = ir_made_range(cond, MADE_EXPR, loc);
    i->u.ifs.then = then;
    return i;
}

/* Runs every thread loop under s only for the threads where cond holds. */
static void guard(Split *S, IrStmt *s, IrExpr *cond)
{
    if (!s) return;
    switch (s->kind) {
    case IR_SEQ:
        for (int i = 0; i < s->u.seq.list.n; i++) guard(S, s->u.seq.list.v[i], cond);
        break;
    case IR_IF: guard(S, s->u.ifs.then, cond); guard(S, s->u.ifs.els, cond); break;
    case IR_FOR: case IR_WHILE: case IR_DO: guard(S, s->u.loop.body, cond); guard(S, s->u.loop.step, cond); break;
    case IR_BLOCK_FOR: {
        IrStmt *body = ir_stmt(S->a, IR_SEQ, s->loc);
        ir_seq_push(S->a, body, made_if(S, cond, s->u.par.body, s->loc));
        s->u.par.body = body;
        break;
    }
    default: break;
    }
}

/* A condition a thread may evaluate again in each thread loop of its
 * branch with the same value: it reads no memory and calls nothing, and
 * its variables are parameters and locals never assigned after their
 * declaration (thread and block ids, `int t = threadIdx.x`), or constants:
 * no __device__ variable, which another thread may change meanwhile. Then the
 * branch's thread loops test it in place of a stored flag, which the host
 * compiler can fold into the loop's bounds (`if (t < 32)`). */
static int stable_cond(const IrRange *r)
{
    if (ir_range_made(r) || r->accesses.n || r->unknown_read || r->unknown_write || r->irregular || r->tid_text ||
        r->block_state || r->nonlocal || !r->refs.n)
        return 0;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind == REF_BUILTIN) continue;
        if (f->kind != REF_VAR || f->is_write || f->in_macro || f->pre || f->post) return 0;
        unsigned fl = f->var->flags;
        if (!(fl & (IRV_LOCAL | IRV_PARAM)) ||
            (fl & (IRV_WRITTEN | IRV_ADDRTAKEN | IRV_SHARED | IRV_DYNSHARED | IRV_VOLATILE | IRV_REFERENCE |
                   IRV_ALIASED | IRV_LAMBDA)))
            return 0;
    }
    return 1;
}

/* Runs every thread loop under s only for the threads where r holds. */
static void guard_range(Split *S, IrStmt *s, const IrRange *r)
{
    if (!s) return;
    switch (s->kind) {
    case IR_SEQ:
        for (int i = 0; i < s->u.seq.list.n; i++) guard_range(S, s->u.seq.list.v[i], r);
        break;
    case IR_IF: guard_range(S, s->u.ifs.then, r); guard_range(S, s->u.ifs.els, r); break;
    case IR_FOR: case IR_WHILE: case IR_DO: guard_range(S, s->u.loop.body, r); guard_range(S, s->u.loop.step, r); break;
    case IR_BLOCK_FOR: {
        /* each guard its own refs: later passes annotate them per use */
        IrStmt *g = ir_stmt(S->a, IR_IF, s->loc), *body = ir_stmt(S->a, IR_SEQ, s->loc);
        g->u.ifs.cond = *r;
        g->u.ifs.cond.refs = (PtrVec){ 0 };
        for (int i = 0; i < r->refs.n; i++) {
            IrRef *f = ar_alloc(S->a, sizeof *f);
            *f = *(IrRef *)r->refs.v[i];
            pv_push(S->a, &g->u.ifs.cond.refs, f);
        }
        g->u.ifs.then = s->u.par.body;
        ir_seq_push(S->a, body, g);
        s->u.par.body = body;
        break;
    }
    default: break;
    }
}

static IrStmt *predicate_if(Split *S, IrStmt *s, IrStmt *out, IrStmt **cur)
{
    if (!s->u.ifs.els && stable_cond(&s->u.ifs.cond)) {
        S->pred++;
        IrStmt *then = split_seq(S, s->u.ifs.then);
        S->pred--;
        guard_range(S, then, &s->u.ifs.cond);
        then->has_barrier = 1;
        return then;
    }
    IrVar *p = flag_var(S, NM(IF_), s->loc);
    IrStmt *test = ir_stmt(S->a, IR_IF, s->loc);
    test->u.ifs.cond = s->u.ifs.cond;
    test->u.ifs.then = set_flag(S, p, 1, s->loc);
    test->u.ifs.els = set_flag(S, p, 0, s->loc);
    append_thread(S, out, cur, test);
    IrStmt *res = ir_stmt(S->a, IR_SEQ, s->loc);
    S->pred++;
    int barrier = S->barrier;
    IrStmt *then = split_seq(S, s->u.ifs.then);
    /* the flag is per thread (IRV_PRIVATE): codegen prints its slot */
    guard(S, then, ir_expr_var(S->a, p, s->loc));
    ir_seq_push(S->a, res, then);
    if (s->u.ifs.els) {
        S->barrier = barrier;
        IrStmt *els = split_seq(S, s->u.ifs.els);
        guard(S, els, ir_expr_unary(S->a, OP_LNOT, ir_expr_var(S->a, p, s->loc)));
        ir_seq_push(S->a, res, els);
    }
    S->pred--;
    res->has_barrier = 1;
    return res;
}

static IrStmt *predicate_loop(Split *S, IrStmt *s, IrStmt *out, IrStmt **cur)
{
    SrcLoc loc = s->loc;
    IrVar *act = flag_var(S, NM(ACT_), loc);
    IrExpr *mine = ir_expr_var(S->a, act, loc);
    /* every thread's flag 0 first: threads that skip the loop are not in it */
    *cur = NULL;
    ir_seq_push(S->a, out, ir_clear_per_thread(S->a, loc, act->name));
    if (s->u.loop.init) append_thread(S, out, cur, s->u.loop.init);
    append_thread(S, out, cur, set_flag(S, act, 1, loc));

    IrStmt *test = NULL;
    if (s->kind != IR_FOR || s->u.loop.has_cond) {
        IrStmt *t = ir_stmt(S->a, IR_IF, loc);
        t->u.ifs.cond = s->u.loop.cond;
        t->u.ifs.then = set_flag(S, act, 1, loc);
        t->u.ifs.els = set_flag(S, act, 0, loc);
        test = block_for(S, loc);
        ir_seq_push(S->a, test->u.par.body, made_if(S, mine, t, loc));
    }
    IrStmt *any = ir_stmt(S->a, IR_TEXT, loc);
    any->u.text.block_level = 1;
    any->u.text.warp_level = 1;
    any->u.text.any_active = act;
    any->has_barrier = 1;
    S->pred++;
    IrStmt *body = split_seq(S, s->u.loop.body);
    S->pred--;
    guard(S, body, ir_expr_binary(S->a, OP_EQ, mine, ir_expr_int(S->a, 1, loc)));
    IrStmt *step = NULL;
    if (s->kind == IR_FOR && s->u.loop.has_inc) {
        step = block_for(S, loc);
        IrStmt *t = ir_stmt(S->a, IR_TEXT, s->u.loop.inc.loc);
        t->u.text.r = s->u.loop.inc;
        IrStmt *inc = ir_stmt(S->a, IR_SEQ, loc);
        ir_seq_push(S->a, inc, t);
        ir_seq_push(S->a, step->u.par.body, made_if(S, mine, inc, loc));
    }
    IrStmt *nb = ir_stmt(S->a, IR_SEQ, loc);
    if (s->kind == IR_DO) {
        ir_seq_push(S->a, nb, body);
        if (test) ir_seq_push(S->a, nb, test);
        ir_seq_push(S->a, nb, any);
    } else {
        if (test) ir_seq_push(S->a, nb, test);
        ir_seq_push(S->a, nb, any);
        ir_seq_push(S->a, nb, body);
        if (step) ir_seq_push(S->a, nb, step);
    }
    nb->has_barrier = 1;
    /* the body's segments are numbered in the order they print */
    s->kind = IR_FOR;
    s->u.loop.init = NULL;
    s->u.loop.has_cond = s->u.loop.has_inc = 0;
    s->u.loop.uniform = 1;
    s->u.loop.step = NULL;
    s->u.loop.body = nb;
    s->u.loop.active = act;
    return s;
}

/* 1 when r reads no per-thread value but the variables init declares
 * (which become the block's own): parameters, shared memory. */
static int block_control(const IrRange *r, const IrStmt *init)
{
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind != REF_VAR || (f->var->flags & (IRV_PARAM | IRV_SHARED | IRV_DYNSHARED))) continue;
        int declared = 0;
        for (int j = 0; init && init->kind == IR_SEQ && j < init->u.seq.list.n; j++) {
            const IrStmt *d = init->u.seq.list.v[j];
            if (d->kind == IR_DECL && d->u.decl.var == f->var) declared = 1;
        }
        if (!declared) return 0;
    }
    return 1;
}

/* The break that ends a body (an inlined function's last `return`): every
 * thread that gets there takes it. */
static const IrStmt *trailing_break(const IrStmt *s, int loop)
{
    while (s && s->kind == IR_SEQ && s->u.seq.list.n) s = s->u.seq.list.v[s->u.seq.list.n - 1];
    return s && s->kind == IR_BREAK && s->u.jump.loop == loop ? s : NULL;
}

/* A warp-only loop whose threads may iterate differently, or leave it on
 * their own (break, continue), is predicated; so is every one in a
 * predicated region whose control is not the block's own (a for over
 * block-level variables). A loop that runs once (an inlined function's
 * `do { } while (0)`) and is left only at its end is not. */
static int loop_diverges(Split *S, IrStmt *s)
{
    if (!warp_only(s->u.loop.body)) return 0;
    const IrStmt *last = trailing_break(s->u.loop.body, s->u.loop.id);
    int once = s->kind == IR_DO && ir_expr_is_int(s->u.loop.cond.expr, 0);
    if (once && last && !jumps_to(s->u.loop.body, s->u.loop.id, last)) return 0;
    if (jumps_to(s->u.loop.body, s->u.loop.id, NULL)) return 1;
    if (an_range_uses_tid(&s->u.loop.cond) || an_range_varying(&s->u.loop.cond)) return 1;
    if (s->kind != IR_FOR) return S->pred > 0 && !once;
    if (S->pred > 0 && !(block_control(&s->u.loop.cond, s->u.loop.init) && block_control(&s->u.loop.inc, s->u.loop.init)))
        return 1;
    return !(decl_init_uniform(s->u.loop.init, s->u.loop.body) && !an_range_varying(&s->u.loop.inc) &&
             inc_writes_only_loop_vars(&s->u.loop.inc, s->u.loop.init));
}

static IrStmt *block_for(Split *S, SrcLoc loc)
{
    IrStmt *p = ir_stmt(S->a, IR_BLOCK_FOR, loc);
    p->u.par.body = ir_stmt(S->a, IR_SEQ, loc);
    p->u.par.seg = S->k->nsegs++;
    p->u.par.after_barrier = S->barrier;
    S->barrier = 0;
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
    if (loop_diverges(S, s)) return predicate_loop(S, s, out, cur);
    if (an_range_uses_tid(&s->u.loop.cond))
        diag_error(s->loc, "__syncthreads() under a condition that may differ between the threads of a block; "
                   "CUDA requires every thread of the block to reach the same barriers");
    else if (an_range_has_effects(&s->u.loop.cond))
        diag_error(s->u.loop.cond.loc, "a loop condition with side effects around __syncthreads() is not supported");
    else if (an_range_varying(&s->u.loop.cond))
        diag_warning(s->u.loop.cond.loc, "__syncthreads() in a loop whose condition may differ between the threads of a "
                     "block (a per-thread trip count); CUDA requires every thread to reach the same barriers, and cucpu "
                     "runs the loop for the whole block as long as thread 0 does (--check tests it at run time)");
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
    int outer = S->loop;
    S->loop = s->u.loop.id;
    s->u.loop.body = split_seq(S, s->u.loop.body);
    S->loop = outer;
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
        if ((an_range_varying(&s->u.ifs.cond) || S->pred > 0) && warp_only(s)) return predicate_if(S, s, out, cur);
        if (an_range_varying(&s->u.ifs.cond))
            diag_error(s->u.ifs.cond.loc, "__syncthreads() under a condition that may differ between the threads of a block; "
                       "CUDA requires every thread of the block to reach the same barriers");
        int barrier = S->barrier;
        s->u.ifs.then = split_seq(S, s->u.ifs.then);
        S->barrier = barrier;
        if (s->u.ifs.els) s->u.ifs.els = split_seq(S, s->u.ifs.els);
        return s;
    case IR_FOR: case IR_WHILE: case IR_DO: return split_loop(S, s, out, cur);
    default: cucpu_bug(__func__, "unexpected %s holding a barrier", ir_kind_name(s->kind));
    }
}

/* `if (c) break;` of the barrier loop being split, c the same for every
 * thread (hotspot's `if (i == iteration - 1) break;`): it runs once per
 * block, between thread loops, instead of setting a flag in each thread
 * and ending the thread loop that holds it with a jump. */
static int uniform_break(const Split *S, const IrStmt *s)
{
    if (S->pred || S->loop < 0 || s->kind != IR_IF || s->u.ifs.els || ir_range_made(&s->u.ifs.cond)) return 0;
    if (an_range_varying(&s->u.ifs.cond) || an_range_has_effects(&s->u.ifs.cond)) return 0;
    const IrStmt *t = s->u.ifs.then;
    if (t && t->kind == IR_SEQ && t->u.seq.list.n == 1) t = t->u.seq.list.v[0];
    return t && t->kind == IR_BREAK && t->u.jump.loop == S->loop;
}

static IrStmt *split_seq(Split *S, IrStmt *seq)
{
    IrStmt *out = ir_stmt(S->a, IR_SEQ, seq->loc), *cur = NULL;
    out->u.seq.scope = seq->u.seq.scope;
    for (int i = 0; i < seq->u.seq.list.n; i++) {
        IrStmt *s = seq->u.seq.list.v[i];
        if (s->kind == IR_BARRIER) {
            cur = NULL;
            S->barrier = 1;
            continue;
        }
        if (s->kind == IR_TEXT && s->u.text.block_level) {
            cur = NULL;
            ir_seq_push(S->a, out, s);
            continue;
        }
        if (!s->has_barrier && uniform_break(S, s)) {
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
        S->barrier = 1;   /* some path through s met a barrier: a new interval
                             (a race on a path that did not goes unreported) */
        t->has_barrier = 1;
        ir_seq_push(S->a, out, t);
    }
    return out;
}

void pass_split(IrKernel *k, Arena *a)
{
    Split S = { k, a, 0, 0, -1 };
    k->nsegs = 0;
    IrStmt *g = ir_stmt(a, IR_GRID_FOR, k->loc);
    g->u.par.body = split_seq(&S, k->body);
    g->has_barrier = k->body->has_barrier;
    k->body = g;
}
