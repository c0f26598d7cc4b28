/*
 * lower_access.c: memory accesses for the effect analysis (their index
 * expressions come from typed trees: idx_of, lower_expr.c).
 * Part of the lowering of a kernel body (lower.h).
 */
#include <stdlib.h>
#include <string.h>
#include "lower.h"

/* ---- memory accesses ------------------------------------------------------------- */

/* The same expression node: libclang cursors reached by different walks
 * may differ in their parent declaration, so compare kind and extent. */
int same_node(CXCursor a, CXCursor b)
{
    return clang_getCursorKind(a) == clang_getCursorKind(b) &&
           clang_equalRanges(clang_getCursorExtent(a), clang_getCursorExtent(b));
}

int is_store(Scan *s, CXCursor c)
{
    for (int i = 0; i < s->stores.n; i++)
        if (same_node(s->stores.v[i], c)) return 1;
    return 0;
}

/* Where the access is written inside the statement, if it is. */
void spelled_access(Scan *s, CXCursor c, IrAccess *a)
{
    unsigned b, e;
    if (fe_written_range(s->L->fe, c, &b, &e) && b >= s->r->begin && e <= s->r->end) {
        a->spelled = 1;
        a->sbegin = b;
        a->send = e;
        a->loc = fe_loc_at(s->L->fe, b);   /* in a macro's argument: there */
    }
}

/* base[i][j]: records the access, or an unknown one when base is not a
 * variable the analysis knows. */
void record_access(Scan *s, CXCursor c, CXCursor parent)
{
    for (int i = 0; i < s->rows.n; i++)
        if (same_node(s->rows.v[i], c)) return;   /* the row of a multi-dimensional access */
    Lower *L = s->L;
    IrIdx *idx[4];
    int n = 0;
    CXCursor e = c;
    while (clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr) {
        if (n < 4) idx[n] = idx_of(L, fe_child(e, 1));
        n++;
        e = fe_child(e, 0);
        e = fe_strip(e);
        if (clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr) cv_push(L->fe->a, &s->rows, e);
    }
    /* &s[i] lets a callee (an atomic) or a pointer write the element */
    int addr = clang_getCursorKind(parent) == CXCursor_UnaryOperator &&
               clang_getCursorUnaryOperatorKind(parent) == CXUnaryOperator_AddrOf;
    int write = is_store(s, c) || addr;
    IrVar *v = clang_getCursorKind(e) == CXCursor_DeclRefExpr ? lookup(L, clang_getCursorReferenced(e)) : NULL;
    if (v) cv_push(L->fe->a, &s->bases, e);
    if (!v || n > 4 || !(v->flags & (IRV_SHARED | IRV_PARAM))) {
        if (v && (v->flags & IRV_LOCAL) && *v->dims) return;   /* a local array: not shared memory */
        if (write) s->r->unknown_write = 1;
        else s->r->unknown_read = 1;
        return;
    }
    IrAccess *a = ar_alloc(L->fe->a, sizeof *a);
    a->base = v;
    a->write = write;
    a->addr_only = addr && !is_store(s, c);
    a->nidx = n;
    for (int i = 0; i < n; i++) a->idx[i] = idx[n - 1 - i];   /* outermost subscript last */
    fe_range(L->fe, c, &a->begin, &a->end);
    a->loc = fe_loc(L->fe, c);
    a->ident = fe_tok_identifier(L->fe, a->begin, a->end);
    spelled_access(s, c, a);
    pv_push(L->fe->a, &s->r->accesses, a);
}

int is_write_use(Scan *s, CXCursor use, CXCursor parent)
{
    for (int i = 0; i < s->writes.n; i++)
        if (same_node(s->writes.v[i], use)) return 1;
    /* passed straight to a call: possibly bound to a reference parameter */
    return clang_getCursorKind(parent) == CXCursor_CallExpr && clang_getCursorType(use).kind != CXType_Pointer &&
           !clang_equalCursors(fe_child(parent, 0), use);
}
