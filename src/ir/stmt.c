/*
 * stmt.c: building IR statements and naming their kinds (from ops.def).
 */
#include "ir.h"

static const char *const kind_names[] = {
#define OP(name, payload, doc) #name,
#include "ops.def"
#undef OP
};

const char *ir_kind_name(IrStmtKind k)
{
    return (unsigned)k < IR_NKINDS ? kind_names[k] : "?";
}

IrStmt *ir_stmt(Arena *a, IrStmtKind k, SrcLoc loc)
{
    IrStmt *s = ar_alloc(a, sizeof *s);
    s->kind = k;
    s->loc = loc;
    return s;
}

/* Appends s to seq; a SEQ that opens no scope is spliced in, so passes see
 * the statements of one scope side by side. */
void ir_seq_push(Arena *a, IrStmt *seq, IrStmt *s)
{
    if (seq->kind != IR_SEQ) cucpu_bug(__func__, "push into %s", ir_kind_name(seq->kind));
    if (s->kind == IR_SEQ && !s->u.seq.scope) {
        for (int i = 0; i < s->u.seq.list.n; i++) ir_seq_push(a, seq, s->u.seq.list.v[i]);
        return;
    }
    pv_push(a, &seq->u.seq.list, s);
    if (s->has_barrier) seq->has_barrier = 1;
}

IrRange ir_sub_range(Arena *a, const IrRange *r, unsigned b, unsigned e)
{
    IrRange s = { .begin = b, .end = e, .src = r->src, .loc = r->loc, .unknown_read = r->unknown_read,
                  .unknown_write = r->unknown_write };
    for (int i = 0; i < r->refs.n; i++) {
        IrRef *f = r->refs.v[i];
        if (f->begin >= b && f->end <= e) pv_push(a, &s.refs, f);
    }
    for (int i = 0; i < r->accesses.n; i++) {
        IrAccess *x = r->accesses.v[i];
        if (x->begin >= b && x->end <= e) pv_push(a, &s.accesses, x);
    }
    return s;
}

int ir_own_ranges(IrStmt *s, IrRange **out)
{
    int n = 0;
    switch (s->kind) {
    case IR_TEXT: out[n++] = &s->u.text.r; break;
    case IR_DECL: case IR_SHARED: out[n++] = &s->u.decl.decl; out[n++] = &s->u.decl.init; break;
    case IR_IF: out[n++] = &s->u.ifs.cond; break;
    case IR_FOR: case IR_WHILE: case IR_DO: out[n++] = &s->u.loop.cond; out[n++] = &s->u.loop.inc; break;
    case IR_RETURN: case IR_BREAK: case IR_CONTINUE: out[n++] = &s->u.jump.r; break;
    default: break;
    }
    return n;
}

void ir_each_stmt(IrStmt *s, void (*fn)(IrStmt *s, void *ctx), void *ctx)
{
    if (!s) return;
    fn(s, ctx);
    switch (s->kind) {
    case IR_SEQ: for (int i = 0; i < s->u.seq.list.n; i++) ir_each_stmt(s->u.seq.list.v[i], fn, ctx); break;
    case IR_IF: ir_each_stmt(s->u.ifs.then, fn, ctx); ir_each_stmt(s->u.ifs.els, fn, ctx); break;
    case IR_FOR: case IR_WHILE: case IR_DO:
        ir_each_stmt(s->u.loop.init, fn, ctx);
        ir_each_stmt(s->u.loop.body, fn, ctx);
        ir_each_stmt(s->u.loop.step, fn, ctx);
        break;
    case IR_GRID_FOR: case IR_BLOCK_FOR: ir_each_stmt(s->u.par.body, fn, ctx); break;
    default: break;
    }
}

void ir_each_thread_loop(IrStmt *s, void (*fn)(IrStmt *loop, void *ctx), void *ctx)
{
    if (!s) return;
    switch (s->kind) {
    case IR_SEQ: for (int i = 0; i < s->u.seq.list.n; i++) ir_each_thread_loop(s->u.seq.list.v[i], fn, ctx); break;
    case IR_IF: ir_each_thread_loop(s->u.ifs.then, fn, ctx); ir_each_thread_loop(s->u.ifs.els, fn, ctx); break;
    case IR_FOR: case IR_WHILE: case IR_DO:
        ir_each_thread_loop(s->u.loop.body, fn, ctx);
        ir_each_thread_loop(s->u.loop.step, fn, ctx);
        break;
    case IR_GRID_FOR: ir_each_thread_loop(s->u.par.body, fn, ctx); break;
    case IR_BLOCK_FOR: fn(s, ctx); break;
    default: break;
    }
}
