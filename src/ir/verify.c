/*
 * verify.c: structural checks of the IR, run after every pass in debug
 * builds. A failure is our bug: cucpu_bug names the pass that broke it.
 *  - SEQ children are non-null; loops have bodies.
 *  - After split: BARRIERs are gone, BLOCK_FORs are not nested, and the
 *    program is one GRID_FOR.
 */
#include "ir.h"

typedef struct V { const char *after; int split; int in_block; } V;

static void check(V *v, const IrStmt *s)
{
    if (!s) cucpu_bug(v->after, "null statement");
    switch (s->kind) {
    case IR_SEQ:
        for (int i = 0; i < s->u.seq.list.n; i++) check(v, s->u.seq.list.v[i]);
        break;
    case IR_BARRIER:
        if (v->split) cucpu_bug(v->after, "barrier left after split");
        break;
    case IR_IF:
        check(v, s->u.ifs.then);
        if (s->u.ifs.els) check(v, s->u.ifs.els);
        break;
    case IR_FOR: case IR_WHILE: case IR_DO:
        if (!s->u.loop.body) cucpu_bug(v->after, "loop%d without a body", s->u.loop.id);
        if (s->u.loop.init) check(v, s->u.loop.init);
        check(v, s->u.loop.body);
        if (s->u.loop.step) check(v, s->u.loop.step);
        break;
    case IR_BLOCK_FOR:
        if (v->in_block) cucpu_bug(v->after, "nested block_for");
        v->in_block = 1;
        check(v, s->u.par.body);
        v->in_block = 0;
        break;
    case IR_GRID_FOR: check(v, s->u.par.body); break;
    default: break;
    }
}

void ir_verify_kernel(const IrKernel *k, const char *after)
{
    V v = { after, k->body && k->body->kind == IR_GRID_FOR, 0 };
    check(&v, k->body);
}
