/*
 * uses.c: what a range uses (variables, the CUDA builtins, calls), read
 * from its typed tree.
 *
 * The analyses ask the same few questions of every range: does it read
 * threadIdx, a varying variable, blockIdx; which variables does it write;
 * which functions does it call. They ask them through an_each_use, which
 * walks the range's tree when the front end settled it (expr_ok,
 * frontend/lower_settle.c). An EX_OPAQUE node (a lambda, `new`, a
 * dependent construct) is known to the tree only by its source range:
 * there the refs the front end recorded inside that range stand for it.
 * A range without a settled tree (block-level text the translator wrote,
 * a declaration's declarator, an inlined member's object) is read from its
 * refs.
 */
#include <string.h>
#include "an.h"
#include "ir/expr.h"

static IrBuiltin builtin_of(const char *name)
{
    return !strcmp(name, "blockIdx") ? IRB_BLOCK_IDX : !strcmp(name, "blockDim") ? IRB_BLOCK_DIM : IRB_GRID_DIM;
}

/* The use ref f stands for; 0 when it is no use (a rewrite of the text). */
static int use_of_ref(const IrRef *f, AnUse *u)
{
    *u = (AnUse){ .dim = -1 };
    switch (f->kind) {
    case REF_VAR: u->kind = USE_VAR; u->var = f->var; u->write = f->is_write; return 1;
    case REF_BUILTIN:
        u->kind = USE_BUILTIN;
        u->tid = !strcmp(f->text, "threadIdx");
        u->builtin = u->tid ? IRB_BLOCK_IDX : builtin_of(f->text);
        u->dim = f->dim;
        return 1;
    case REF_CALL: u->kind = USE_CALL; u->name = f->text; return 1;
    case REF_CALLCTX: u->kind = USE_CALLCTX; return 1;
    default: return 0;
    }
}

static int each_ref(const IrRange *r, unsigned b, unsigned e, AnUseFn *fn, void *ctx)
{
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        AnUse u;
        if (f->begin < b || f->end > e || !use_of_ref(f, &u)) continue;
        int stop = fn(&u, ctx);
        if (stop) return stop;
    }
    return 0;
}

/* Trees are at most IR_EXPR_MAX_DEPTH deep (the front end cuts them). */
static int each_node(const IrRange *r, const IrExpr *x, AnUseFn *fn, void *ctx)
{
    AnUse u = { .dim = -1 };
    int stop = 0;
    switch (x->kind) {
    case EX_OPAQUE: return each_ref(r, x->pbegin, x->pend, fn, ctx);
    case EX_VAR:
        u.kind = USE_VAR;
        u.var = x->var;
        u.write = x->write;
        stop = fn(&u, ctx);
        break;
    case EX_BUILTIN:
        u.kind = USE_BUILTIN;
        u.tid = x->tid;
        u.builtin = x->tid ? IRB_BLOCK_IDX : x->builtin;
        u.dim = x->dim;
        stop = fn(&u, ctx);
        break;
    case EX_CALL:
        u.kind = USE_CALL;
        u.name = x->name;
        stop = fn(&u, ctx);
        if (!stop && x->ctx) {
            AnUse c = { .kind = USE_CALLCTX, .dim = -1 };
            stop = fn(&c, ctx);
        }
        break;
    default: break;
    }
    for (int i = 0; i < x->nkids && !stop; i++) stop = each_node(r, x->kids[i], fn, ctx);
    return stop;
}

int an_each_use(const IrRange *r, AnUseFn *fn, void *ctx)
{
    if (r->expr && r->expr_ok) return each_node(r, r->expr, fn, ctx);
    return each_ref(r, 0, ~0u, fn, ctx);
}

