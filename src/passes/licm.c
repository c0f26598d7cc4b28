/*
 * licm.c: parallel loop-invariant code motion.
 *
 * The iterations of a parallel loop may run in lockstep, so a statement may
 * leave the thread loop when its operands are the same in every thread and
 * no EARLIER statement of the loop writes anything it reads (later
 * statements do not matter: in lockstep they run after it in every
 * thread). Here the statements considered are declarations at the top of a
 * thread loop `T v = e;` where e reads no thread index, no varying local
 * and writes nothing; v itself is never assigned. Such a declaration moves
 * before its thread loop (once per block), and when e does not read the
 * block index either, out of the grid loop (once per launch):
 *
 *   __global__ void normalize(float *out, const float *in, int n) {
 *       int tid = ...;
 *       float s = sum(in, n);         // O(n) in every thread: O(n^2)
 *       if (tid < n) out[tid] = in[tid] / s;
 *   }
 *   ->  float s = sum(in, n);          // once per launch: O(n)
 *       #pragma omp parallel for ... { ... out[tid] = in[tid] / s; }
 *
 * Requires: split (thread loops exist) and uniformity. Runs before
 * privatize, so a hoisted value is never kept per thread.
 */
#include "analysis/an.h"
#include "passes.h"

static int block_use(const AnUse *u, void *ctx)
{
    (void)ctx;
    if (u->kind == USE_BUILTIN && !u->tid && u->builtin == IRB_BLOCK_IDX) return 1;
    if (u->kind == USE_VAR && (u->var->flags & IRV_LOCAL)) return 1;   /* a block-level local */
    return u->kind == USE_CALLCTX;
}

static int reads_block_index(const IrRange *r)
{
    return r->block_state || an_each_use(r, block_use, NULL);
}

/* A use that differs between threads or between iterations of the thread
 * loop: shared memory, a local not hoisted, a parameter the kernel assigns. */
static int thread_use(const AnUse *u, void *ctx)
{
    (void)ctx;
    if (u->kind != USE_VAR) return 0;
    unsigned f = u->var->flags;
    return (f & IRV_SHARED) || ((f & IRV_LOCAL) && !(f & IRV_BLOCKVAR)) || ((f & IRV_PARAM) && (f & IRV_WRITTEN));
}

/* e can be evaluated once for all threads: no thread-dependent operand, no
 * local except ones already hoisted, no writes. */
static int invariant(const IrRange *r)
{
    if (ir_range_made(r) || an_range_varying(r) || an_range_has_effects(r) || r->unknown_write) return 0;
    for (int i = 0; i < r->accesses.n; i++)
        if (((IrAccess *)r->accesses.v[i])->write) return 0;
    return !an_each_use(r, thread_use, NULL);
}

static int writes_anything(const IrStmt *s)
{
    Effects e = { 0 };
    Arena *a = ar_new();
    an_effects_stmt(a, s, &e);
    int w = e.unknown_write;
    for (int i = 0; i < e.acc.n && !w; i++) w = ((IrAccess *)e.acc.v[i])->write;
    ar_free(a);
    return w;
}

/* Moves hoistable declarations from the top of thread loop `bf` (element
 * `at` of block-level `seq`) in front of it, or into the prologue. */
static int hoist_from(IrKernel *k, Arena *a, IrStmt *seq, int at, IrStmt *bf)
{
    IrStmt *body = bf->u.par.body;
    int moved = 0, k2 = 0, blocked = 0;
    PtrVec keep = { 0 };
    for (int i = 0; i < body->u.seq.list.n; i++) {
        IrStmt *s = body->u.seq.list.v[i];
        IrVar *v = s->kind == IR_DECL ? s->u.decl.var : NULL;
        int ok = !blocked && v && s->u.decl.has_init && !s->u.decl.assign_only && !*v->dims &&
                 !(v->flags & (IRV_WRITTEN | IRV_ADDRTAKEN | IRV_VARYING | IRV_SYNTH)) &&
                 (s->u.decl.decl.end > s->u.decl.decl.begin || v->decl == s) && invariant(&s->u.decl.init);
        if (!ok) {
            pv_push(a, &keep, s);
            if (writes_anything(s)) blocked = 1;     /* later statements may read what it wrote */
            continue;
        }
        v->flags |= IRV_BLOCKVAR;
        if (!reads_block_index(&s->u.decl.init) && k->prologue) {
            ir_seq_push(a, k->prologue, s);
        } else {
            /* insert before the thread loop, after what is already there */
            pv_push(a, &seq->u.seq.list, NULL);
            for (int j = seq->u.seq.list.n - 1; j > at + k2; j--) seq->u.seq.list.v[j] = seq->u.seq.list.v[j - 1];
            seq->u.seq.list.v[at + k2] = s;
            k2++;
        }
        moved++;
    }
    body->u.seq.list = keep;
    k->nhoisted += moved;
    return k2;
}

static void visit(IrKernel *k, Arena *a, IrStmt *s)
{
    if (!s) return;
    switch (s->kind) {
    case IR_SEQ:
        for (int i = 0; i < s->u.seq.list.n; i++) {
            IrStmt *c = s->u.seq.list.v[i];
            if (c->kind == IR_BLOCK_FOR) i += hoist_from(k, a, s, i, c);
            else visit(k, a, c);
        }
        break;
    case IR_IF: visit(k, a, s->u.ifs.then); visit(k, a, s->u.ifs.els); break;
    case IR_FOR: case IR_WHILE: case IR_DO: visit(k, a, s->u.loop.body); break;
    case IR_GRID_FOR: visit(k, a, s->u.par.body); break;
    default: break;
    }
}

void pass_licm(IrKernel *k, Arena *a)
{
    if (!k->prologue) k->prologue = ir_stmt(a, IR_SEQ, k->loc);
    IrStmt *top = k->body->u.par.body;
    /* only thread loops at the top of the grid body can give to the prologue */
    for (int i = 0; i < top->u.seq.list.n; i++) {
        IrStmt *c = top->u.seq.list.v[i];
        if (c->kind == IR_BLOCK_FOR) i += hoist_from(k, a, top, i, c);
        else {
            IrStmt *saved = k->prologue;
            k->prologue = NULL;      /* inside block-level control: block level only */
            visit(k, a, c);
            k->prologue = saved;
        }
    }
}
