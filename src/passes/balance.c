/*
 * balance.c: kernels whose threads do unequal work get a round-robin
 * schedule of small chunks (IrKernel.balance).
 * Requires: the front end's IrRange.irregular. Invalidates: nothing.
 */
#include "passes.h"

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
