/*
 * collapse.c: a kernel without shared memory, barriers or per-thread arrays
 * needs no block structure: its grid and block loops become one
 * `omp parallel for collapse(6)` over every thread of the launch
 * (IrKernel.flat; codegen prints it).
 * Requires: split and privatize. Invalidates: nothing.
 */
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
