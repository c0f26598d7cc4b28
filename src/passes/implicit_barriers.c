/*
 * implicit_barriers.c: --implicit-barriers, for CUDA programs that miss a
 * __syncthreads().
 *
 * A GPU runs a block's warps side by side, so a kernel that writes memory
 * in one loop and reads what other threads wrote in the next loop, with no
 * barrier between them (Rodinia heartwall, kernel.cu:757-789), usually
 * reads the new values there: each warp finishes its share of the first
 * loop at about the time the others do. cucpu runs each thread's whole
 * barrier interval before the next thread's, so the first thread reads
 * values no other thread has written yet. Such a program races; both
 * results are executions CUDA allows.
 *
 * With the option, every statement list that calls __syncthreads() itself
 * (a block-level barrier among its statements, or in a plain block among
 * them, as an inlined barrier function's) gets a barrier between each
 * two of its statements. All threads that reach one statement of such a
 * list reach the others (CUDA requires it of the barrier already there), so
 * the added barriers are legal wherever that one is, and they only narrow
 * the interleavings to one that CUDA allows anyway: a race-free kernel
 * computes what it computed without them. barrier-elim, which runs later,
 * removes those that order no conflicting memory accesses.
 * Declarations without an initializer, jumps, block-level statements and
 * statements beside a barrier get none. Warp barriers (warp operations) and lists without a
 * barrier of their own are left alone: their threads need not be the whole
 * block.
 * Requires: the per-thread IR (runs before every pass of passes.def).
 */
#include "ir/expr.h"
#include "passes.h"

/* A barrier that the whole block meets (not a warp operation's, not one the
 * sweep pass added). */
static int block_barrier(const IrStmt *s)
{
    return s->kind == IR_BARRIER && !s->u.barrier.warp && !s->u.barrier.sweep;
}

/* Whether an added barrier next to s could order anything. */
static int orders(const IrStmt *s)
{
    switch (s->kind) {
    case IR_BARRIER: case IR_RETURN: case IR_BREAK: case IR_CONTINUE: return 0;
    case IR_DECL: return s->u.decl.has_init;
    case IR_TEXT: return !s->u.text.block_level;   /* a grid sync's, a sync reduction's: barriers of their own */
    default: return 1;
    }
}

/* Whether every thread that runs the list s meets a block barrier in it:
 * one among its statements, or in a plain block among them (a barrier
 * function called inside an expression is normalized into such a block:
 * `{ <its body> ; T t = ...; }`), or in an inlined function that returns
 * (`do { ...; break; } while (0)`), met before that body's first jump or
 * statement that may jump (strict). Not under a loop or a branch. */
static int own_barrier(const IrStmt *s, int strict)
{
    for (int i = 0; i < s->u.seq.list.n; i++) {
        const IrStmt *t = s->u.seq.list.v[i];
        if (block_barrier(t) || (t->kind == IR_SEQ && own_barrier(t, strict))) return 1;
        if (t->kind == IR_DO && ir_expr_is_int(t->u.loop.cond.expr, 0) && t->u.loop.body &&
            t->u.loop.body->kind == IR_SEQ && own_barrier(t->u.loop.body, 1))
            return 1;
        if (t->kind == IR_RETURN || t->kind == IR_BREAK || t->kind == IR_CONTINUE) return 0;
        if (strict && t->kind != IR_SEQ && t->kind != IR_DECL && t->kind != IR_TEXT) return 0;
    }
    return 0;
}

static void collect(IrStmt *s, void *ctx)
{
    if (s->kind != IR_SEQ) return;
    PtrVec *seqs = ((void **)ctx)[0];
    Arena *a = ((void **)ctx)[1];
    if (own_barrier(s, 0)) pv_push(a, seqs, s);
}

static void add_barriers(IrKernel *k, IrStmt *seq, Arena *a)
{
    PtrVec old = seq->u.seq.list, list = { 0 };
    for (int i = 0; i < old.n; i++) {
        IrStmt *s = old.v[i];
        if (i > 0 && orders(old.v[i - 1]) && orders(s)) {
            IrStmt *b = ir_stmt(a, IR_BARRIER, s->loc);
            b->u.barrier.id = k->nbarriers++;
            b->has_barrier = 1;
            pv_push(a, &list, b);
        }
        pv_push(a, &list, s);
    }
    seq->u.seq.list = list;
}

void pass_implicit_barriers(IrKernel *k, Arena *a)
{
    PtrVec seqs = { 0 };
    void *ctx[2] = { &seqs, a };
    ir_each_stmt(k->body, collect, ctx);
    for (int i = 0; i < seqs.n; i++) add_barriers(k, seqs.v[i], a);
}
