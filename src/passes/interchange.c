/*
 * interchange.c: the thread loop along which memory is contiguous goes
 * innermost (IrPar.inner).
 * Requires: split. Invalidates: nothing.
 */
#include "analysis/an.h"
#include "passes.h"

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
