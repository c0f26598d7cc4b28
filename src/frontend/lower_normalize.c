/*
 * lower_normalize.c: barrier and warp calls hoisted out of expressions.
 * Part of the lowering of a kernel body (lower.h).
 */
#include <stdlib.h>
#include <string.h>
#include "lower.h"

/* ---- normalization: barrier calls out of expressions ------------------------- */

typedef struct HoistQuery { Lower *L; PtrVec calls; int conditional, depth; } HoistQuery;

static void find_hoists(HoistQuery *q, CXCursor c);

static enum CXChildVisitResult hoist_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    find_hoists(d, c);
    return CXChildVisit_Continue;
}

/* Collects the barrier calls under c in evaluation order (arguments before
 * the call), and whether one is evaluated only conditionally. */
static void find_hoists(HoistQuery *q, CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_LambdaExpr || !has_barrier(q->L, c)) return;
    if (++q->depth > 256) {
        diag_error(fe_loc(q->L->fe, c), "expression nested too deeply around a call to a function that contains __syncthreads()");
        return;
    }
    int cond = 0;
    if (k == CXCursor_BinaryOperator) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        /* `a, f(x)` runs a first: f may not move before it (a comma
         * statement is split into statements instead, lower_expr_stmt) */
        cond = op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr || op == CXBinaryOperator_Comma;
    }
    if (k == CXCursor_ConditionalOperator) cond = 1;
    if (cond) {
        /* the first operand always runs; the others maybe */
        Kids kids = kids_of(q->L, c);
        for (int i = 0; i < kids.n; i++) {
            q->conditional += i > 0;
            find_hoists(q, kids.v[i]);
            q->conditional -= i > 0;
        }
        q->depth--;
        return;
    }
    clang_visitChildren(c, hoist_visit, q);
    q->depth--;
    if (k != CXCursor_CallExpr) return;
    FeFunc *f = fe_callee(q->L->fe, c);
    int warp = is_warp_call(q->L, c);
    if (!warp && !inlines(q->L, f)) return;
    if (q->conditional && warp)
        diag_error(fe_loc(q->L->fe, c), "warp primitive '%s' after '&&', '||', '?' or ',' is not supported", fe_call_name(q->L->fe, c));
    else if (q->conditional)
        diag_error(fe_loc(q->L->fe, c), "call to '%s', which contains __syncthreads(), after '&&', '||', '?' or ',' is not supported", f->name);
    CXCursor *p = ar_alloc(q->L->fe->a, sizeof *p);
    *p = c;
    pv_push(q->L->fe->a, &q->calls, p);
}

/* Runs the barrier calls inside expression e first, each as a statement
 * that stores its value into a new temporary, and returns those statements
 * (NULL when there are none). The expression's scan then reads the
 * temporaries (scan_call). */
IrStmt *hoist_calls(Lower *L, CXCursor e)
{
    Fe *fe = L->fe;
    HoistQuery q = { .L = L };
    find_hoists(&q, e);
    if (!q.calls.n) return NULL;
    IrStmt *seq = ir_stmt(fe->a, IR_SEQ, fe_loc(fe, e));
    for (int i = 0; i < q.calls.n; i++) {
        CXCursor call = *(CXCursor *)q.calls.v[i];
        FeFunc *f = fe_callee(fe, call);
        WarpCall wc;
        const WarpOp *op = warp_call(L, call, &wc) ? wc.op : NULL;
        Hoisted *h = ar_alloc(fe->a, sizeof *h);
        h->call = call;
        CXType t = clang_getCursorType(call);
        /* in a template the call's type may depend on the arguments: then
         * the callee's result type, as inlining binds it (lower_inline) */
        int dependent = t.kind == CXType_Unexposed || t.kind == CXType_Dependent;
        if (dependent && !op) t = clang_getCursorResultType(f->def);
        if (t.kind != CXType_Void) {
            const char *type = op ? warp_result_type(L, call, &wc)
                             : dependent ? NULL
                             : fe_cxstr(fe, clang_getTypeSpelling(clang_getUnqualifiedType(clang_getNonReferenceType(t))));
            IrVar *v = synth_var(L, ar_printf(fe->a, "%s%d", NM(RET_), L->ntemps++), type, fe_loc(fe, call),
                                 IRV_LOCAL | IRV_VARYING | IRV_SYNTH);
            /* a warp operation declares its result where it computes it
             * (lower_warp), after its barrier: one thread loop uses it */
            if (!op) {
                IrStmt *d = ir_stmt(fe->a, IR_DECL, v->loc);
                d->u.decl.var = v;
                v->decl = d;
                ir_seq_push(fe->a, seq, d);
            }
            h->var = v;
        }
        ir_seq_push(fe->a, seq, op ? lower_warp(L, call, &wc, h->var) : lower_inline(L, call, f, h->var));
        pv_push(fe->a, &L->hoisted, h);
    }
    seq->has_barrier = 1;
    return seq;
}

/* `pre` then s, in one SEQ without a scope of its own (s may declare). */
IrStmt *then_stmt(Lower *L, IrStmt *pre, IrStmt *s)
{
    if (!pre) return s;
    if (s) ir_seq_push(L->fe->a, pre, s);
    return pre;
}
