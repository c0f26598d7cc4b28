/*
 * simd.c: a thread loop whose body has no atomics or other calls with side
 * effects runs its iterations as SIMD lanes (`omp simd`): CUDA threads of a
 * block between two barriers are unordered, so lockstep execution is one of
 * the orders CUDA allows. Sets IrPar.simd.
 * Requires: split. Invalidates: nothing.
 */
#include <string.h>
#include "passes.h"

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

/* A statement a SIMD lane may run: straight-line text and declarations
 * without calls that order side effects, branches and jumps; a loop that
 * kept its structure inside the thread loop keeps it scalar. */
static IrWalk simd_stmt(IrStmt *s, void *ctx)
{
    const IrKernel *k = ctx;
    /* the per-thread flag of a swept kernel's `tid < num` (sweep.c): lanes
     * mask it (other predicated kernels keep their output as it was) */
    if (s->kind == IR_IF && k->nsweeps && ir_range_made(&s->u.ifs.cond) && !s->u.ifs.els) return IR_WALK_GO;
    switch (s->kind) {
    case IR_SEQ: case IR_RETURN: case IR_BREAK: case IR_CONTINUE: return IR_WALK_GO;
    case IR_TEXT: case IR_DECL: break;
    /* a branch (an interchanged if's guard, `if (cucpu_if_0[cucpu_tid])`):
     * its condition is checked as its own statement below */
    case IR_IF: break;
    default: return IR_WALK_STOP;
    }
    if (s->kind == IR_TEXT && ir_range_made(&s->u.text.r)) return IR_WALK_STOP;
    IrRange *r[IR_MAX_RANGES];
    for (int i = 0, n = ir_own_ranges(s, r); i < n; i++)
        if (!range_simd_safe(r[i])) return IR_WALK_STOP;
    return IR_WALK_GO;
}

static int stmt_simd_safe(const IrStmt *s, const IrKernel *k)
{
    return !ir_walk((IrStmt *)s, simd_stmt, NULL, (void *)k);
}

static void mark_simd(IrStmt *loop, void *ctx)
{
    loop->u.par.simd = stmt_simd_safe(loop->u.par.body, ctx);
}

void pass_simd(IrKernel *k, Arena *a)
{
    (void)a;
    ir_each_thread_loop(k->body, mark_simd, k);
}
