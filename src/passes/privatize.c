/*
 * privatize.c: values that live across a barrier.
 *
 * Requires: the block-level program (split). A local used in more than one
 * thread loop, or by block-level control flow, must survive the end of the
 * thread loop that computed it: it becomes an array with one element per
 * thread of the block (IRV_PRIVATE), declared once per OpenMP thread, and
 * every use becomes `x[tid]`. Locals used in one thread loop stay locals.
 * Hoisted names (private arrays, shared arrays) are made unique.
 */
#include <string.h>
#include "passes.h"

static void use(IrVar *v, int seg)
{
    if (!(v->flags & IRV_LOCAL) || (v->flags & IRV_BLOCKVAR)) return;
    if (v->nsegs == 0 || v->last_seg != seg) {
        v->nsegs++;
        v->last_seg = seg;
    }
}

static void use_range(const IrRange *r, int seg)
{
    for (int i = 0; i < r->refs.n; i++) {
        IrRef *f = r->refs.v[i];
        if (f->kind == REF_VAR) use(f->var, seg);
    }
}

/* A private variable must be rewritten at every use. */
static void check_macro_uses(const IrRange *r)
{
    for (int i = 0; i < r->refs.n; i++) {
        IrRef *f = r->refs.v[i];
        if (f->kind == REF_VAR && f->in_macro && (f->var->flags & IRV_PRIVATE) && !(f->var->flags & IRV_ADDRTAKEN)) {
            diag_error(r->loc, "'%s' lives across __syncthreads() but is used inside a macro's expansion, where cucpu cannot rewrite it", f->var->name);
            f->var->flags |= IRV_ADDRTAKEN;   /* report once */
        }
    }
}

static void check_stmt(IrStmt *s)
{
    if (!s) return;
    switch (s->kind) {
    case IR_SEQ: for (int i = 0; i < s->u.seq.list.n; i++) check_stmt(s->u.seq.list.v[i]); break;
    case IR_TEXT: check_macro_uses(&s->u.text.r); break;
    case IR_DECL: check_macro_uses(&s->u.decl.init); break;
    case IR_IF: check_macro_uses(&s->u.ifs.cond); check_stmt(s->u.ifs.then); check_stmt(s->u.ifs.els); break;
    case IR_FOR: case IR_WHILE: case IR_DO:
        check_stmt(s->u.loop.init); check_macro_uses(&s->u.loop.cond); check_macro_uses(&s->u.loop.inc);
        check_stmt(s->u.loop.body); check_stmt(s->u.loop.step);
        break;
    case IR_GRID_FOR: case IR_BLOCK_FOR: check_stmt(s->u.par.body); break;
    default: break;
    }
}

static void walk(IrStmt *s, int seg)
{
    if (!s) return;
    switch (s->kind) {
    case IR_SEQ:
        for (int i = 0; i < s->u.seq.list.n; i++) walk(s->u.seq.list.v[i], seg);
        break;
    case IR_TEXT: use_range(&s->u.text.r, seg); break;
    case IR_DECL:
        use(s->u.decl.var, seg);
        use_range(&s->u.decl.init, seg);
        break;
    case IR_IF:
        use_range(&s->u.ifs.cond, seg);
        walk(s->u.ifs.then, seg);
        walk(s->u.ifs.els, seg);
        break;
    case IR_FOR: case IR_WHILE: case IR_DO:
        walk(s->u.loop.init, seg);
        use_range(&s->u.loop.cond, seg);
        use_range(&s->u.loop.inc, seg);
        walk(s->u.loop.body, seg);
        walk(s->u.loop.step, seg);
        break;
    case IR_GRID_FOR: walk(s->u.par.body, -1); break;
    case IR_BLOCK_FOR: walk(s->u.par.body, s->u.par.seg); break;
    default: break;
    }
}

static int name_taken(IrKernel *k, IrVar *self, const char *name)
{
    for (int i = 0; i < k->vars.n; i++) {
        IrVar *v = k->vars.v[i];
        if (v != self && (v->flags & (IRV_PRIVATE | IRV_SHARED | IRV_PARAM)) && !strcmp(v->name, name)) return 1;
    }
    return 0;
}

void pass_privatize(IrKernel *k, Arena *a)
{
    walk(k->body, -1);
    for (int i = 0; i < k->vars.n; i++) {
        IrVar *v = k->vars.v[i];
        if (v->nsegs > 1) v->flags |= IRV_PRIVATE;
    }
    check_stmt(k->body);
    /* hoisted names must be unique in the launcher */
    for (int i = 0; i < k->vars.n; i++) {
        IrVar *v = k->vars.v[i];
        if (!(v->flags & (IRV_PRIVATE | IRV_SHARED))) continue;
        const char *base = v->name;
        for (int n = 2; name_taken(k, v, v->name); n++) v->name = ar_printf(a, "%s_%d", base, n);
    }
}
