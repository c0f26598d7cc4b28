/*
 * lower_settle.c: the typed tree of a leaf made to say what its refs say.
 * Part of the lowering of a kernel body (lower.h).
 *
 * A leaf's tree (lower_expr.c) is built from the cursors alone; the scan
 * of the same leaf (lower_scan.c) then decides what the translation does
 * with each use: which uses of a variable store into it (is_write_use), a
 * call hoisted out of the expression (now a use of its temporary), a call
 * that gets the thread context. Once a kernel is lowered, this file moves
 * those facts onto the tree, so the analyses (analysis/uses.c) read the
 * tree:
 *  - a REF_VAR marks its EX_VAR node `write`, or turns the node it spells
 *    (a hoisted call, a __shared__ variable met first here) into a use of
 *    its variable;
 *  - a REF_CALLCTX marks its EX_CALL node `ctx`;
 *  - a REF_BUILTIN and a REF_CALL must find their node.
 * A ref inside an EX_OPAQUE node needs no node: the analyses read the refs
 * of opaque nodes. When every ref found its node and every use node of the
 * tree its ref, the range is marked expr_ok; otherwise (text the
 * translator inserted, an inlined member's object, ...) the analyses keep
 * reading its refs, which is what they did before trees existed.
 */
#include <string.h>
#include "lower.h"
#include "ir/expr.h"

static int spells(const IrExpr *x, unsigned b, unsigned e)
{
    return (x->begin == b && x->end == e) || (x->pbegin == b && x->pend == e);
}

static int holds(const IrExpr *x, unsigned b, unsigned e) { return x->pbegin <= b && e <= x->pend; }

/* Where [b, e) lies in the tree: the innermost node spelled [b, e) (hit),
 * the innermost call spelled so (hitcall: an implicit conversion's call
 * has its operand's range), the innermost node holding it (deepest), the
 * innermost call whose argument list starts at or before b (call), and
 * whether an opaque node holds it. */
typedef struct Place { IrExpr *hit, *hitcall, *deepest, *call; int opaque; } Place;

static Place place(IrExpr *root, unsigned b, unsigned e)
{
    Place p = { 0 };
    if (!root || !holds(root, b, e)) return p;
    for (IrExpr *x = root; x;) {
        p.deepest = x;
        if (spells(x, b, e)) p.hit = x;
        if (spells(x, b, e) && x->kind == EX_CALL) p.hitcall = x;
        if (x->kind == EX_OPAQUE) p.opaque = 1;
        if (x->kind == EX_CALL && x->begin < b && (x->nkids == 0 || x->kids[0]->pbegin >= b)) p.call = x;
        IrExpr *next = NULL;
        for (int i = 0; i < x->nkids && !next; i++)
            if (holds(x->kids[i], b, e) && x->kids[i]->pbegin < x->kids[i]->pend) next = x->kids[i];
        x = next;
    }
    return p;
}

static int builtin_is(const IrExpr *x, const char *name)
{
    if (x->tid) return !strcmp(name, "threadIdx");
    static const char *const names[] = { "blockIdx", "blockDim", "gridDim" };
    return !strcmp(name, names[x->builtin]);
}

/* Moves ref f onto the tree; 0 when it finds no node for it. */
static int settle_ref(IrExpr *root, const IrRef *f)
{
    if (f->kind != REF_VAR && f->kind != REF_BUILTIN && f->kind != REF_CALL && f->kind != REF_CALLCTX) return 1;
    Place p = place(root, f->begin, f->end);
    if (p.opaque) return 1;
    switch (f->kind) {
    case REF_VAR: {
        if (f->pre || f->post || !p.hit || p.hit->settled) return 0;
        IrExpr *x = p.hit;
        if (x->kind == EX_DECL || x->kind == EX_CALL)
            *x = (IrExpr){ .kind = EX_VAR, .type = x->type, .tflags = x->tflags, .begin = x->begin, .end = x->end,
                           .pbegin = x->pbegin, .pend = x->pend, .loc = x->loc, .var = f->var };
        if (x->kind != EX_VAR || x->var != f->var) return 0;
        x->write = f->is_write;
        x->settled = 1;
        return 1;
    }
    case REF_BUILTIN: {
        /* the ref is the builtin's name: `threadIdx` of `threadIdx.x` */
        IrExpr *x = p.deepest;
        if (!x || x->kind != EX_BUILTIN || x->begin != f->begin || x->settled || !builtin_is(x, f->text)) return 0;
        if (x->dim != f->dim) return 0;
        x->settled = 1;
        return 1;
    }
    case REF_CALL:
        if (!p.hitcall || p.hitcall->settled || strcmp(p.hitcall->name, f->text)) return 0;
        p.hitcall->settled = 1;
        return 1;
    default:   /* REF_CALLCTX, at the call's `(` + 1 */
        if (!p.call) return 0;
        p.call->ctx = 1;
        return 1;
    }
}

/* Every use node outside opaque nodes found its ref. */
static int all_settled(const IrExpr *x)
{
    switch (x->kind) {
    case EX_VAR: case EX_BUILTIN: case EX_CALL:
        if (!x->settled) return 0;
        break;
    case EX_OPAQUE: return 1;
    default: break;
    }
    for (int i = 0; i < x->nkids; i++)
        if (!all_settled(x->kids[i])) return 0;
    return 1;
}

static int settle_range(IrRange *r, void *ctx)
{
    (void)ctx;
    if (!r->expr || r->lit) return 0;
    int ok = 1;
    for (int i = 0; i < r->refs.n && ok; i++) ok = settle_ref(r->expr, r->refs.v[i]);
    r->expr_ok = ok && all_settled(r->expr);
    return 0;
}

void settle_trees(IrKernel *k)
{
    ir_each_range(k->body, settle_range, NULL);
    for (int i = 0; i < k->shared.n; i++) ir_each_range(k->shared.v[i], settle_range, NULL);
}
