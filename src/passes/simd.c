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
