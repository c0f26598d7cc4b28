/*
 * lower_inline.c: functions with barriers inlined at their calls, templates.
 * Part of the lowering of a kernel body (lower.h).
 */
#include <stdlib.h>
#include <string.h>
#include "lower.h"
#include "ir/expr.h"

/* The type an argument of type `arg` gives a parameter declared `parm`
 * (both as clang spells them) for template parameter `name`: `T` from
 * `float`, `T *` and `const T *` from `float *` or `float [32]`. */
static const char *deduce(Lower *L, const char *name, const char *parm, const char *arg)
{
    Fe *fe = L->fe;
    /* a top-level const of the parameter (`T *const p`, `const T v`) or of
     * the argument does not take part in deduction */
    size_t pn = strlen(parm), an = strlen(arg);
    /* a reference parameter deduces as its referee: `T &`, `T *&` */
    if (pn > 1 && parm[pn - 1] == '&' && parm[pn - 2] != '&') {
        while (pn > 1 && (parm[pn - 2] == ' ' || parm[pn - 2] == '&')) pn--;
        parm = ar_strndup(fe->a, parm, --pn);
    }
    if (pn > 6 && !strcmp(parm + pn - 5, "const") && (parm[pn - 6] == ' ' || parm[pn - 6] == '*'))
        parm = ar_strndup(fe->a, parm, parm[pn - 6] == '*' ? pn - 5 : pn - 6);   /* `T *const` -> `T *` */
    else if (!strncmp(parm, "const ", 6) && !strcmp(parm + 6, name)) parm += 6;
    if (an > 6 && !strcmp(arg + an - 5, "const") && (arg[an - 6] == ' ' || arg[an - 6] == '*'))
        arg = ar_strndup(fe->a, arg, arg[an - 6] == '*' ? an - 5 : an - 6);
    if (!strcmp(parm, name) || !strcmp(parm, ar_printf(fe->a, "%s &", name)) ||
        !strcmp(parm, ar_printf(fe->a, "const %s &", name)))
        return arg;
    if (strcmp(parm, ar_printf(fe->a, "%s *", name)) && strcmp(parm, ar_printf(fe->a, "const %s *", name)))
        return NULL;
    size_t n = strlen(arg);
    const char *elem = NULL;
    if (n > 2 && !strcmp(arg + n - 2, " *")) elem = ar_strndup(fe->a, arg, n - 2);
    else if (n > 1 && arg[n - 1] == ']' && strchr(arg, '[')) {
        /* `float [32]`, or `LIMIT[256]` where the element type is a template's */
        size_t m = (size_t)(strchr(arg, '[') - arg);
        while (m && arg[m - 1] == ' ') m--;
        if (m) elem = ar_strndup(fe->a, arg, m);
    }
    if (elem && !strncmp(elem, "const ", 6)) elem += 6;
    return elem;
}

/* The default of non-type template parameter p when it is a constant
 * (`int PARTITION_SIZE = 0`), for a call that leaves it out; NULL
 * otherwise (a default that depends on other parameters). */
static const char *default_arg(Lower *L, CXCursor p)
{
    const char *text = NULL;
    for (int i = 0; i < fe_nchildren(p) && !text; i++) {
        CXCursor d = fe_child(p, i);
        if (!clang_isExpression(clang_getCursorKind(d))) continue;
        CXEvalResult ev = clang_Cursor_Evaluate(d);
        if (!ev) continue;
        if (clang_EvalResult_getKind(ev) == CXEval_Int) {
            const char *ty = fe_cxstr(L->fe, clang_getTypeSpelling(clang_getCursorType(p)));
            if (clang_EvalResult_isUnsignedInt(ev))
                text = ar_printf(L->fe->a, "(%s)%lluULL", ty, clang_EvalResult_getAsUnsigned(ev));
            else
                text = ar_printf(L->fe->a, "(%s)%lldLL", ty, clang_EvalResult_getAsLongLong(ev));
        }
        clang_EvalResult_dispose(ev);
    }
    return text;
}

/* Inlining function template f at call: binds each template parameter to
 * this call's argument (from the specialization clang resolved, or deduced
 * from the argument types when the call depends on the caller's template
 * parameters). 0 after an error. */
static int template_args(Lower *L, CXCursor call, FeFunc *f, const Kids *k, const Kids *parms)
{
    Fe *fe = L->fe;
    CXCursor spec = clang_getCursorReferenced(call);
    int nspec = clang_Cursor_isNull(spec) ? -1 : clang_Cursor_getNumTemplateArguments(spec);
    PtrVec subst = L->tsubst;
    PtrVec mine = { 0 };
    /* arguments written out, `f<storeSum>(...)`: needed where the call
     * depends on the caller's parameters and clang has no specialization */
    const char *written[16];
    int nwritten = -1;
    unsigned nb, ne;
    CXCursor callee = fe_child(call, 0);
    while (!clang_Cursor_isNull(callee) && clang_getCursorKind(callee) == CXCursor_UnexposedExpr) callee = fe_child(callee, 0);
    /* `obj.f<...>(...)` on a dependent object: the name is f's overload set */
    for (int i = 0; !clang_Cursor_isNull(callee) && clang_getCursorKind(callee) == CXCursor_MemberRefExpr &&
                    i < fe_nchildren(callee); i++)
        if (clang_getCursorKind(fe_child(callee, i)) == CXCursor_OverloadedDeclRef) {
            callee = fe_child(callee, i);
            break;
        }
    if (!clang_Cursor_isNull(callee) && fe_spelled_range(fe, callee, &nb, &ne))
        nwritten = fe_template_args(fe, nb, written, 16);
    for (int i = 0, t = 0; i < k->n; i++) {
        enum CXCursorKind kind = clang_getCursorKind(k->v[i]);
        if (kind != CXCursor_TemplateTypeParameter && kind != CXCursor_NonTypeTemplateParameter) continue;
        TSubst *ts = ar_alloc(fe->a, sizeof *ts);
        ts->param = k->v[i];
        ts->name = fe_name(fe, k->v[i]);
        if (t < nspec) {
            if (clang_Cursor_getTemplateArgumentKind(spec, (unsigned)t) == CXTemplateArgumentKind_Integral)
                ts->text = ar_printf(fe->a, "%lld", clang_Cursor_getTemplateArgumentValue(spec, (unsigned)t));
            else
                ts->text = fe_cxstr(fe, clang_getTypeSpelling(clang_Cursor_getTemplateArgumentType(spec, (unsigned)t)));
        } else if (t < nwritten) {
            ts->text = written[t];
        } else if (kind == CXCursor_TemplateTypeParameter) {
            for (int j = 0; j < parms->n && j < clang_Cursor_getNumArguments(call) && !ts->text; j++) {
                CXCursor arg = fe_strip(clang_Cursor_getArgument(call, (unsigned)j));
                CXType at = clang_getCursorType(arg);
                at = clang_getUnqualifiedType(clang_getNonReferenceType(at));
                /* `&x` where x's type is the caller's template parameter:
                 * clang gives the expression no type, x has one */
                if (at.kind == CXType_Dependent && clang_getCursorKind(arg) == CXCursor_UnaryOperator &&
                    clang_getCursorUnaryOperatorKind(arg) == CXUnaryOperator_AddrOf) {
                    CXType xt = clang_getNonReferenceType(clang_getCursorType(fe_strip(fe_child(arg, 0))));
                    if (xt.kind != CXType_Dependent && xt.kind != CXType_Invalid) {
                        const char *ps = fe_cxstr(fe, clang_getTypeSpelling(xt));
                        ts->text = deduce(L, ts->name, fe_cxstr(fe, clang_getTypeSpelling(clang_getCursorType(parms->v[j]))),
                                          ar_printf(fe->a, "%s *", ps));
                        continue;
                    }
                }
                /* a group by its full name (`cg::thread_block_tile<8>` leans
                 * on a namespace alias), which tells the lowering what it is */
                const char *as = fe_cxstr(fe, clang_getTypeSpelling(clang_getCanonicalType(at)));
                if (strncmp(as, "cooperative_groups::", 20)) as = fe_cxstr(fe, clang_getTypeSpelling(at));
                ts->text = deduce(L, ts->name, fe_cxstr(fe, clang_getTypeSpelling(clang_getCursorType(parms->v[j]))), as);
            }
        }
        if (!ts->text && kind == CXCursor_NonTypeTemplateParameter)
            ts->text = default_arg(L, k->v[i]);
        t++;
        if (!ts->text) {
            diag_error(fe_loc(fe, call), "cannot inline template '%s' (it contains __syncthreads()): the argument for '%s' is not known here; name it explicitly (%s<...>(...))",
                       f->name, ts->name, f->name);
            return 0;
        }
        pv_push(fe->a, &mine, ts);
    }
    /* the caller's own substitutions apply to the arguments' spelling */
    for (int i = 0; i < mine.n; i++) {
        TSubst *ts = mine.v[i];
        ts->text = subst_type(L, ts->text);
    }
    for (int i = 0; i < mine.n; i++) pv_push(fe->a, &subst, mine.v[i]);
    L->tsubst = subst;
    return 1;
}

/* f(args); where f contains a barrier: the body of f, its parameters bound
 * to the arguments. A `return` in f breaks out of a do { } while (0). */
IrStmt *lower_inline(Lower *L, CXCursor call, FeFunc *f, IrVar *ret)
{
    Fe *fe = L->fe;
    IrStmt *seq = ir_stmt(fe->a, IR_SEQ, fe_loc(fe, call));
    seq->u.seq.scope = 1;
    if (clang_Cursor_isNull(f->def) || L->depth > 16) {
        diag_error(fe_loc(fe, call), "cannot inline '%s' (it contains __syncthreads()): %s", f->name,
                   L->depth > 16 ? "recursion" : "no definition in this file");
        return seq;
    }
    int nargs = clang_Cursor_getNumArguments(call);
    int saved_nmap = L->nmap, first_var = L->k->vars.n;
    PtrVec saved_tsubst = L->tsubst;
    CXCursor body = clang_getNullCursor();
    Kids k = kids_of(L, f->def);
    Kids parms = { 0 };
    FeSrc *caller_file = fe->cur;
    for (int i = 0; i < k.n; i++) {
        if (clang_getCursorKind(k.v[i]) == CXCursor_CompoundStmt) body = k.v[i];
        if (clang_getCursorKind(k.v[i]) == CXCursor_ParmDecl) cv_push(fe->a, &parms, k.v[i]);
    }
    IrVar *saved_this = L->this_var;
    CXCursor saved_class = L->this_class;
    const char *saved_class_text = L->this_class_text;
    int saved_dependent = L->this_dependent, saved_is_ptr = L->this_is_ptr;
    if (!member_context(L, call, f, seq)) return seq;
    if (clang_getCursorKind(f->def) == CXCursor_FunctionTemplate && !template_args(L, call, f, &k, &parms)) return seq;
    if (ret && !ret->type) {
        CXType rt = clang_getUnqualifiedType(clang_getNonReferenceType(clang_getCursorResultType(f->def)));
        ret->type = subst_type(L, fe_cxstr(fe, clang_getTypeSpelling(rt)));
    }
    for (int i = 0; i < parms.n && i < nargs; i++) {
        CXCursor p = parms.v[i], a = clang_Cursor_getArgument(call, (unsigned)i);
        IrStmt *d = ir_stmt(fe->a, IR_DECL, fe_loc(fe, a));
        d->u.decl.var = new_var(L, p, IRV_LOCAL);
        /* a reference parameter kept across a barrier keeps its argument
         * alive (privatize.c, keep_referents), which finds it by its decl */
        CXType pt = clang_getCursorType(p);
        if (pt.kind == CXType_LValueReference) {
            d->u.decl.var->decl = d;
            if (!clang_isConstQualifiedType(clang_getPointeeType(pt))) note_reference_bind(L, a);
        }
        d->u.decl.has_init = 1;
        expr_range(L, a, &d->u.decl.init);
        ir_seq_push(fe->a, seq, d);
    }
    int saved_ret = L->ret_loop, saved_loops = L->nloops;
    IrVar *saved_ret_var = L->ret_var;
    L->ret_var = ret;
    IrStmt *wrap = ir_stmt(fe->a, IR_DO, fe_loc(fe, call));
    wrap->u.loop.id = new_loop(L);
    wrap->u.loop.cond.lit = "0";
    wrap->u.loop.cond.expr = ir_expr_int(fe->a, 0, wrap->loc);   /* what the passes read: it runs once */
    wrap->u.loop.has_cond = 1;
    wrap->u.loop.uniform = 1;
    L->ret_loop = wrap->u.loop.id;
    /* on top of the caller's loops, which stay as they are: the inlined
     * body's break and continue reach no further than its own loops */
    push_loop(L, wrap->u.loop.id, 1, 0);
    L->depth++;
    /* the body's offsets are in the file that defines f */
    if (fe_enter(fe, f->def)) wrap->u.loop.body = lower_compound(L, body, 1);
    else {
        diag_error(fe_loc(fe, call), "cannot inline '%s' (it contains __syncthreads()): its definition is not in a user file", f->name);
        wrap->u.loop.body = ir_stmt(fe->a, IR_SEQ, wrap->loc);
    }
    fe_enter_src(fe, caller_file);
    L->depth--;
    L->nloops = saved_loops;
    L->ret_loop = saved_ret;
    L->ret_var = saved_ret_var;
    wrap->has_barrier = 1;
    ir_seq_push(fe->a, seq, wrap);
    L->nmap = saved_nmap;
    L->tsubst = saved_tsubst;
    L->this_var = saved_this;
    L->this_class = saved_class;
    L->this_class_text = saved_class_text;
    L->this_dependent = saved_dependent;
    L->this_is_ptr = saved_is_ptr;
    for (int i = first_var; i < L->k->vars.n; i++) pv_push(fe->a, &L->inlined, L->k->vars.v[i]);
    return seq;
}

/* x = __syncthreads_count(pred):
 *   DECL p = (pred) != 0   (p kept per thread)
 *   block level: r = 0 (1 for _and); for each thread t: r op= p[t]
 *   DECL x = r             (every thread reads the block's result) */
IrStmt *lower_sync_reduction(Lower *L, CXCursor call, IrVar *x)
{
    Fe *fe = L->fe;
    const char *n = fe_call_name(fe, call), *op = sync_reduction(n);
    int id = L->k->nbarriers++;
    IrStmt *seq = ir_stmt(fe->a, IR_SEQ, fe_loc(fe, call));
    IrVar *p = synth_var(L, ar_printf(fe->a, "%s%d", NM(PRED_), id), "int", fe_loc(fe, call),
                         IRV_LOCAL | IRV_VARYING | IRV_PRIVATE | IRV_SYNTH);
    IrStmt *d = ir_stmt(fe->a, IR_DECL, p->loc);
    d->u.decl.var = p;
    d->u.decl.has_init = 1;
    d->u.decl.assign_only = 1;
    expr_range(L, clang_Cursor_getArgument(call, 0), &d->u.decl.init);
    ir_seq_push(fe->a, seq, d);
    IrStmt *red = ir_stmt(fe->a, IR_TEXT, p->loc);
    red->u.text.block_level = 1;
    red->u.text.r.lit = ar_printf(fe->a, "int %s%s_%d = %d; for (int %s = 0; %s < %s; %s++) %s%s_%d %s (%s[%s] != 0);", NM(PREFIX), n + 2, id, !strcmp(op, "&="), NM(T), NM(T), NM(NT), NM(T), NM(PREFIX), n + 2, id, op, p->name, NM(T));
    red->has_barrier = 1;
    ir_seq_push(fe->a, seq, red);
    IrStmt *r = ir_stmt(fe->a, IR_DECL, p->loc);
    r->u.decl.var = x;
    x->flags |= IRV_WRITTEN;     /* `c = __syncthreads_count(p)`: c's own initializer is stale */
    r->u.decl.has_init = 1;
    r->u.decl.assign_only = 1;
    r->u.decl.init.lit = ar_printf(fe->a, "%s%s_%d", NM(PREFIX), n + 2, id);
    ir_seq_push(fe->a, seq, r);
    return seq;
}

int is_sync_reduction(Lower *L, CXCursor e)
{
    e = fe_strip(e);
    return clang_getCursorKind(e) == CXCursor_CallExpr && sync_reduction(fe_call_name(L->fe, e));
}

/* The function with a barrier that expression e calls, or NULL. */
FeFunc *barrier_callee(Lower *L, CXCursor e)
{
    e = fe_strip(e);
    if (clang_getCursorKind(e) != CXCursor_CallExpr) return NULL;
    FeFunc *f = fe_callee(L->fe, e);
    return inlines(L, f) ? f : NULL;
}

/* `A[i] = rhs;` (a store the forward pass may use) or `v = rhs;` for a
 * local v (a new value the versions pass may give its own variable), read
 * from the statement's typed tree. rhs is kept with its parentheses. */
void note_assignment(IrStmt *s)
{
    const IrRange *r = &s->u.text.r;
    const IrExpr *e = ir_expr_bare(r->expr);
    if (!e || e->kind != EX_ASSIGN || e->op != OP_ASSIGN) return;
    const IrExpr *lhs = ir_expr_bare(e->kids[0]), *rhs = e->kids[1];
    unsigned rb = rhs->pbegin, re = rhs->pend;
    if (rb < r->begin || re > r->end || rb >= re) return;
    if (lhs->kind == EX_VAR || lhs->kind == EX_DECL) {
        IrVar *v = lhs->var;
        if (v && (v->flags & IRV_LOCAL)) {
            s->u.text.set_var = v;
            s->u.text.rhs_begin = rb;
            s->u.text.rhs_end = re;
            s->u.text.rhs = (IrExpr *)rhs;
        }
        return;
    }
    if (lhs->kind != EX_SUBSCRIPT) return;
    for (int i = 0; i < r->accesses.n; i++) {
        IrAccess *a = r->accesses.v[i];
        if (a->write && a->begin == lhs->begin && a->end == lhs->end) {
            s->u.text.store = a;
            s->u.text.rhs = (IrExpr *)rhs;
            s->u.text.rhs_begin = rb;
            s->u.text.rhs_end = re;
        }
    }
}
