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
 * Requires: split and privatize. Invalidates: nothing.
 */
#include <string.h>
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

static void mark(IrStmt *s)
{
    if (!s) return;
    switch (s->kind) {
    case IR_SEQ: for (int i = 0; i < s->u.seq.list.n; i++) mark(s->u.seq.list.v[i]); break;
    case IR_IF: mark(s->u.ifs.then); mark(s->u.ifs.els); break;
    case IR_FOR: case IR_WHILE: case IR_DO: mark(s->u.loop.body); mark(s->u.loop.step); break;
    case IR_GRID_FOR: mark(s->u.par.body); break;
    case IR_BLOCK_FOR: s->u.par.simd = stmt_simd_safe(s->u.par.body); break;
    default: break;
    }
}

void pass_simd(IrKernel *k, Arena *a)
{
    (void)a;
    mark(k->body);
}

/* recompute: lets privatize choose stored vs recomputed values by min cut
 * (the decision itself lives in privatize.c, which owns the storage). */
void pass_recompute(IrKernel *k, Arena *a)
{
    (void)a;
    k->recompute = 1;
}
