/*
 * schedule.c: how thread loops map onto OpenMP.
 *
 * collapse: a kernel without shared memory, barriers or per-thread arrays
 * needs no block structure: its grid and block loops become one
 * `omp parallel for collapse(6)` over every thread of the launch.
 * simd: a thread loop whose body has no atomics or other calls with side
 * effects runs its iterations as SIMD lanes (`omp simd`): CUDA threads of a
 * block between two barriers are unordered, so lockstep execution is one of
 * the orders CUDA allows.
 * interchange: the thread loop along which memory is contiguous goes
 * innermost. balance: kernels whose threads do unequal work get a
 * round-robin schedule.
 * Requires: split and privatize. Invalidates: nothing.
 */
#include <string.h>
#include "analysis/an.h"
#include "passes.h"

void pass_collapse(IrKernel *k, Arena *a)
{
    (void)a;
    IrStmt *body = k->body->u.par.body;
    if (k->shared.n || k->uses_dynshared || body->u.seq.list.n != 1) return;
    if (((IrStmt *)body->u.seq.list.v[0])->kind != IR_BLOCK_FOR) return;
    for (int i = 0; i < k->vars.n; i++)
        if (((IrVar *)k->vars.v[i])->flags & IRV_PRIVATE) return;
    k->flat = 1;
}

static int range_simd_safe(const IrRange *r)
{
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind == REF_CALL && (!strncmp(f->text, "atomic", 6) || !strcmp(f->text, "printf") ||
                                    !strncmp(f->text, "clock", 5)))
            return 0;
    }
    return 1;
}

static int stmt_simd_safe(const IrStmt *s)
{
    if (!s) return 1;
    switch (s->kind) {
    case IR_SEQ:
        for (int i = 0; i < s->u.seq.list.n; i++)
            if (!stmt_simd_safe(s->u.seq.list.v[i])) return 0;
        return 1;
    case IR_TEXT: return !s->u.text.r.lit && range_simd_safe(&s->u.text.r);
    case IR_DECL: return range_simd_safe(&s->u.decl.decl) && range_simd_safe(&s->u.decl.init);
    case IR_RETURN: case IR_BREAK: case IR_CONTINUE: return 1;
    default: return 0;
    }
}

static void mark_simd(IrStmt *loop, void *ctx)
{
    (void)ctx;
    loop->u.par.simd = stmt_simd_safe(loop->u.par.body);
}

void pass_simd(IrKernel *k, Arena *a)
{
    (void)a;
    ir_each_thread_loop(k->body, mark_simd, NULL);
}

/* ---- interchange: which thread loop is innermost ---------------------------------- */

/* The component of threadIdx whose loop should be innermost: the one along
 * which most accesses move by one element, fewest by a row. x unless
 * another component is strictly better. */
static int best_inner(IrStmt *body, Arena *a)
{
    Effects e = {0};
    an_effects_stmt(a, body, &e);
    int dims[3] = {0};
    an_tid_dims(body, dims);
    int score[3] = {0}, best = 0;
    for (int d = 0; d < 3; d++)
        for (int i = 0; i < e.acc.n; i++) {
            Stride st = an_access_stride(e.acc.v[i], d);
            if (st.kind == STRIDE_CONST && (st.c == 1 || st.c == -1)) score[d]++;
            else if (st.kind == STRIDE_CONST || st.kind == STRIDE_SYMBOLIC) score[d]--;
        }
    for (int d = 1; d < 3; d++)
        if (dims[d] && score[d] > score[best]) best = d;
    return best;
}

static void pick_inner(IrStmt *loop, void *arena)
{
    loop->u.par.inner = best_inner(loop->u.par.body, arena);
}

/* CUDA threads between two barriers are unordered, so any nesting of the
 * thread loops is a legal schedule; the one that walks memory in order is
 * the fast one. */
void pass_interchange(IrKernel *k, Arena *a)
{
    ir_each_thread_loop(k->body, pick_inner, a);
}

/* ---- balance: unequal work per thread ---------------------------------------------- */

static int range_irregular(const IrRange *r) { return r->irregular; }

static int stmt_irregular(const IrStmt *s)
{
    if (!s) return 0;
    switch (s->kind) {
    case IR_SEQ:
        for (int i = 0; i < s->u.seq.list.n; i++)
            if (stmt_irregular(s->u.seq.list.v[i])) return 1;
        return 0;
    case IR_TEXT: return range_irregular(&s->u.text.r);
    case IR_DECL: return range_irregular(&s->u.decl.init);
    case IR_IF: return range_irregular(&s->u.ifs.cond) || stmt_irregular(s->u.ifs.then) || stmt_irregular(s->u.ifs.els);
    case IR_FOR: case IR_WHILE: case IR_DO:
        return stmt_irregular(s->u.loop.init) || range_irregular(&s->u.loop.cond) || stmt_irregular(s->u.loop.body);
    case IR_GRID_FOR: case IR_BLOCK_FOR: return stmt_irregular(s->u.par.body);
    default: return 0;
    }
}

/* A static schedule gives each OpenMP thread one contiguous range of
 * blocks; when the work per CUDA thread follows the data (a search that
 * stops early, an edge list) neighbouring threads tend to cost alike, and
 * the thread with the dear range finishes last. Dealing the iterations out
 * in small chunks, round robin, evens that out and keeps the assignment the
 * same from launch to launch (the data stays in the same core's cache). */
void pass_balance(IrKernel *k, Arena *a)
{
    (void)a;
    k->balance = stmt_irregular(k->body);
}

/* recompute: lets privatize choose stored vs recomputed values by min cut
 * (the decision itself lives in privatize.c, which owns the storage). */
void pass_recompute(IrKernel *k, Arena *a)
{
    (void)a;
    k->recompute = 1;
}
