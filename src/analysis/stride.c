/*
 * stride.c: how an index moves when one threadIdx component grows by one.
 *
 * Used to pick the innermost thread loop: a loop whose consecutive
 * iterations touch consecutive elements streams through cache lines and
 * vectorizes; one that jumps a row at a time does neither. The answer is
 * a class, not a number: a row length `n` is unknown but certainly not 1.
 * Values the same in every thread of a block (parameters, blockIdx, locals
 * the uniformity analysis found uniform) have stride zero.
 */
#include <string.h>
#include "an.h"

static Stride mk(int kind, long c) { Stride s = { kind, c }; return s; }

/* v when x is a compile-time constant. */
static int const_value(const IrIdx *x, long *v, int depth)
{
    long l, r;
    if (!x || depth > 16) return 0;
    switch (x->kind) {
    case IX_CONST: *v = x->c; return 1;
    case IX_ADD: case IX_SUB: case IX_MUL:
        if (!const_value(x->l, &l, depth + 1) || !const_value(x->r, &r, depth + 1)) return 0;
        *v = x->kind == IX_ADD ? l + r : x->kind == IX_SUB ? l - r : l * r;
        return 1;
    default: return 0;
    }
}

static Stride stride(const IrIdx *x, int dim, int depth);

static Stride stride_var(const IrVar *v, int dim, int depth)
{
    if (an_fixed_param(v)) return mk(STRIDE_ZERO, 0);
    if (an_local_def(v)) return stride(an_local_def(v), dim, depth + 1);
    if ((v->flags & IRV_LOCAL) && !(v->flags & IRV_VARYING)) return mk(STRIDE_ZERO, 0);
    return mk(STRIDE_UNKNOWN, 0);
}

static Stride add(Stride a, Stride b, long sign)
{
    if (a.kind == STRIDE_UNKNOWN || b.kind == STRIDE_UNKNOWN) return mk(STRIDE_UNKNOWN, 0);
    if (b.kind == STRIDE_ZERO) return a;
    if (a.kind == STRIDE_ZERO) return b.kind == STRIDE_CONST ? mk(STRIDE_CONST, sign * b.c) : b;
    if (a.kind == STRIDE_CONST && b.kind == STRIDE_CONST) {
        long c = a.c + sign * b.c;
        return c ? mk(STRIDE_CONST, c) : mk(STRIDE_ZERO, 0);
    }
    return mk(STRIDE_UNKNOWN, 0);   /* a symbolic stride plus another may cancel */
}

static Stride mul(const IrIdx *l, const IrIdx *r, int dim, int depth)
{
    Stride a = stride(l, dim, depth + 1), b = stride(r, dim, depth + 1);
    if (a.kind == STRIDE_UNKNOWN || b.kind == STRIDE_UNKNOWN) return mk(STRIDE_UNKNOWN, 0);
    if (a.kind == STRIDE_ZERO && b.kind == STRIDE_ZERO) return a;
    if (a.kind != STRIDE_ZERO && b.kind != STRIDE_ZERO) return mk(STRIDE_UNKNOWN, 0);   /* not affine */
    Stride s = a.kind == STRIDE_ZERO ? b : a;
    const IrIdx *factor = a.kind == STRIDE_ZERO ? l : r;
    long k;
    if (const_value(factor, &k, depth + 1)) {
        if (!k) return mk(STRIDE_ZERO, 0);
        return s.kind == STRIDE_CONST ? mk(STRIDE_CONST, s.c * k) : s;
    }
    return mk(STRIDE_SYMBOLIC, 0);   /* times a row length: a big jump */
}

static Stride stride(const IrIdx *x, int dim, int depth)
{
    if (!x || depth > 16) return mk(STRIDE_UNKNOWN, 0);
    switch (x->kind) {
    case IX_CONST: case IX_SYM: return mk(STRIDE_ZERO, 0);
    case IX_TID: return x->dim == dim ? mk(STRIDE_CONST, 1) : mk(STRIDE_ZERO, 0);
    case IX_VAR: return stride_var(x->var, dim, depth);
    case IX_ADD: case IX_SUB:
        return add(stride(x->l, dim, depth + 1), stride(x->r, dim, depth + 1), x->kind == IX_ADD ? 1 : -1);
    case IX_MUL: return mul(x->l, x->r, dim, depth);
    default: return mk(STRIDE_UNKNOWN, 0);
    }
}

Stride an_tid_stride(const IrIdx *x, int dim) { return stride(x, dim, 0); }

/* The element stride of access a along threadIdx component dim: the last
 * subscript moves elements, an earlier one moves whole rows. */
Stride an_access_stride(const IrAccess *a, int dim)
{
    Stride s = mk(STRIDE_ZERO, 0);
    for (int i = 0; i < a->nidx; i++) {
        Stride t = stride(a->idx[i], dim, 0);
        if (t.kind == STRIDE_UNKNOWN) return t;
        if (t.kind == STRIDE_ZERO) continue;
        s = i == a->nidx - 1 && s.kind == STRIDE_ZERO ? t : mk(STRIDE_SYMBOLIC, 0);
    }
    return s;
}
