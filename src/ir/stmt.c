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

void ir_seq_push(Arena *a, IrStmt *seq, IrStmt *s)
{
    if (seq->kind != IR_SEQ) cucpu_bug(__func__, "push into %s", ir_kind_name(seq->kind));
    pv_push(a, &seq->u.seq.list, s);
    if (s->has_barrier) seq->has_barrier = 1;
}
