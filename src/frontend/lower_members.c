/*
 * lower_members.c: classes: member uses, and member functions inlined on an object.
 * Part of the lowering of a kernel body (lower.h).
 */
#include <stdlib.h>
#include <string.h>
#include "lower.h"

int is_class_kind(enum CXCursorKind k)
{
    return k == CXCursor_ClassDecl || k == CXCursor_StructDecl || k == CXCursor_UnionDecl ||
           k == CXCursor_ClassTemplate || k == CXCursor_ClassTemplatePartialSpecialization;
}

/* The class template a class specialization comes from; c itself otherwise. */
CXCursor class_pattern(CXCursor c)
{
    if (clang_getCursorKind(c) == CXCursor_ClassTemplate) return c;
    CXCursor t = clang_getSpecializedCursorTemplate(c);
    return clang_Cursor_isNull(t) ? c : t;
}

/* Whether decl is a member (a type, enumerator, static) of class cls. */
int member_of(CXCursor decl, CXCursor cls)
{
    CXCursor p = clang_getCursorSemanticParent(decl);
    if (clang_getCursorKind(p) == CXCursor_EnumDecl) p = clang_getCursorSemanticParent(p);
    return !clang_Cursor_isNull(p) && is_class_kind(clang_getCursorKind(p)) &&
           clang_equalCursors(class_pattern(p), cls);
}

/* The spelling of the token just before the one at offset b ("" if none):
 * whether a name is qualified (`::`, `.`, `->`) or follows `typename`. */
static const char *token_before(Fe *fe, unsigned b)
{
    int i = fe_tok_at(fe, b);
    if (i <= 0 || i >= fe->ntoks || fe->toks[i].b != b) return "";
    static const char *const kinds[] = { "::", ".", "->", "typename" };
    for (int k = 0; k < 4; k++)
        if (fe_tok_is(fe, i - 1, kinds[k])) return kinds[k];
    return "";
}

/* A use of the inlined member function's object at c: before c
 * (`obj.` / `p->`, zero width) or, for `this`, in its place (`(&obj)`). */
void object_use(Scan *s, CXCursor c, int is_this)
{
    Lower *L = s->L;
    unsigned b, e;
    fe_range(L->fe, c, &b, &e);
    IrRef *r = add_ref(s, REF_VAR, b, is_this ? e : b);
    r->var = L->this_var;
    if (is_this) {
        r->pre = L->this_is_ptr ? "(" : "(&";
        r->post = ")";
    } else {
        r->post = L->this_is_ptr ? "->" : ".";
    }
}

/* In an inlined member function, a name of its class used unqualified
 * (a nested type or template, an enumerator, a static member) must be
 * qualified in the kernel: `Class<args>::name`, with `typename` and
 * `template` where the class depends on the kernel's template
 * parameters. what: 0 a value (DeclRefExpr), 1 a type, 2 a template. */
void class_name_ref(Scan *s, CXCursor c, int what)
{
    Lower *L = s->L;
    Fe *fe = L->fe;
    if (!L->this_class_text) return;
    CXCursor d = clang_getCursorReferenced(c);
    enum CXCursorKind dk = clang_getCursorKind(d);
    if (clang_Cursor_isNull(d) || !member_of(d, L->this_class)) return;
    if (what == 0 && dk != CXCursor_EnumConstantDecl && dk != CXCursor_VarDecl) return;
    unsigned b, e;
    if (!fe_spelled_range(fe, c, &b, &e)) return;
    const char *prev = token_before(fe, b);
    if (!strcmp(prev, "::") || !strcmp(prev, ".") || !strcmp(prev, "->"))
        return;                                       /* already qualified, or a member access */
    const char *name = fe_name(fe, d), *q = L->this_class_text;
    /* `typename` unless the user wrote one before the name */
    const char *tn = L->this_dependent && strcmp(prev, "typename") ? "typename " : "";
    const char *t = what == 0 ? ar_printf(fe->a, "%s::%s", q, name)
                  : what == 1 ? ar_printf(fe->a, "%s%s::%s", tn, q, name)
                  : ar_printf(fe->a, "%s%s::%s%s", tn, q, L->this_dependent ? "template " : "", name);
    add_ref(s, REF_REPLACE, b, e)->text = t;
}

/* `f(x)` in a member function's body, f an overload set of the class's
 * non-static member functions (a call that depends on template
 * parameters): the object's, `obj.f(x)`. */
int implicit_member_call(Lower *L, CXCursor c)
{
    Fe *fe = L->fe;
    unsigned b, e;
    if (!fe_spelled_range(fe, c, &b, &e)) return 0;
    const char *prev = token_before(fe, b);
    if (!strcmp(prev, "::") || !strcmp(prev, ".") || !strcmp(prev, "->")) return 0;
    for (unsigned k = 0; k < clang_getNumOverloadedDecls(c); k++) {
        CXCursor d = clang_getOverloadedDecl(c, k);
        enum CXCursorKind dk = clang_getCursorKind(d);
        if ((dk == CXCursor_CXXMethod || dk == CXCursor_FunctionTemplate) && member_of(d, L->this_class) &&
            !clang_CXXMethod_isStatic(d))
            return 1;
    }
    return 0;
}
/* Binds the template parameters of class template tmpl to args[0..n). */
static void bind_class_params(Lower *L, CXCursor tmpl, const char **args, int n)
{
    Kids k = kids_of(L, tmpl);
    for (int i = 0, t = 0; i < k.n && t < n; i++) {
        enum CXCursorKind kind = clang_getCursorKind(k.v[i]);
        if (kind != CXCursor_TemplateTypeParameter && kind != CXCursor_NonTypeTemplateParameter) continue;
        TSubst *ts = ar_alloc(L->fe->a, sizeof *ts);
        ts->param = k.v[i];
        ts->name = fe_name(L->fe, k.v[i]);
        ts->text = subst_type(L, args[t++]);
        pv_push(L->fe->a, &L->tsubst, ts);
    }
}

/* A kernel that inlines a member function reads the object's members
 * from outside the class: its members become public (in the translated
 * copy of the user's file; layout and meaning stay, only access changes). */
static void open_class(Lower *L, CXCursor cls)
{
    Fe *fe = L->fe;
    for (int i = 0; i < fe->opened.n; i++)
        if (clang_equalCursors(*(CXCursor *)fe->opened.v[i], cls)) return;
    CXCursor *keep = ar_alloc(fe->a, sizeof *keep);
    *keep = cls;
    pv_push(fe->a, &fe->opened, keep);
    FeSrc *caller_file = fe->cur;
    if (fe_enter(fe, cls)) {
        unsigned b, e;
        fe_range(fe, cls, &b, &e);
        unsigned brace = fe_find_tok(fe, b, e, "{");
        if (brace < e) {
            fe_fact(fe, IRF_CLASS_OPEN, brace + 1, brace + 1);
            Kids k = kids_of(L, cls);
            for (int i = 0; i < k.n; i++) {
                if (clang_getCursorKind(k.v[i]) != CXCursor_CXXAccessSpecifier) continue;
                unsigned ab, ae;
                fe_range(fe, k.v[i], &ab, &ae);
                int t = fe_tok_at(fe, ab);
                if (t < fe->ntoks && (fe_tok_is(fe, t, "private") || fe_tok_is(fe, t, "protected")))
                    fe_fact(fe, IRF_ACCESS, fe->toks[t].b, fe->toks[t].e);
            }
        }
    }
    fe_enter_src(fe, caller_file);
}

/* Inlining member function f at call: the class whose names its body
 * uses (with the class template's arguments bound), and the object, a
 * reference local `C &cucpu_this_N = obj;` pushed onto seq, that implicit
 * member accesses and `this` go through. 0 after an error. */
int member_context(Lower *L, CXCursor call, FeFunc *f, IrStmt *seq)
{
    Fe *fe = L->fe;
    CXCursor cls = clang_getCursorSemanticParent(f->def);
    if (!is_class_kind(clang_getCursorKind(cls))) {
        /* a free function: its body's names are not the class's */
        L->this_var = NULL;
        L->this_class = clang_getNullCursor();
        L->this_class_text = NULL;
        return 1;
    }
    CXCursor pattern = class_pattern(cls);
    CXCursor callee = fe_child(call, 0);
    while (!clang_Cursor_isNull(callee) && clang_getCursorKind(callee) == CXCursor_UnexposedExpr) callee = fe_child(callee, 0);
    CXCursor rp = clang_getCursorSemanticParent(clang_getCursorReferenced(call));
    const char *text = NULL;
    int dependent = 0;
    if (clang_getCursorKind(pattern) != CXCursor_ClassTemplate) {
        text = fe_cxstr(fe, clang_getTypeSpelling(clang_getCursorType(cls)));
    } else if (is_class_kind(clang_getCursorKind(rp)) && clang_getCursorKind(rp) != CXCursor_ClassTemplate &&
               clang_Cursor_getNumTemplateArguments(rp) > 0) {
        /* a specialization clang resolved: its arguments */
        const char *args[16];
        int n = clang_Cursor_getNumTemplateArguments(rp);
        if (n > 16) n = 16;
        for (int i = 0; i < n; i++)
            args[i] = clang_Cursor_getTemplateArgumentKind(rp, (unsigned)i) == CXTemplateArgumentKind_Integral
                          ? ar_printf(fe->a, "%lld", clang_Cursor_getTemplateArgumentValue(rp, (unsigned)i))
                          : fe_cxstr(fe, clang_getTypeSpelling(clang_Cursor_getTemplateArgumentType(rp, (unsigned)i)));
        bind_class_params(L, pattern, args, n);
        text = fe_cxstr(fe, clang_getTypeSpelling(clang_getCursorType(rp)));
    } else if (L->this_class_text && clang_equalCursors(L->this_class, pattern)) {
        text = L->this_class_text;                    /* the same object's class: bound already */
        dependent = L->this_dependent;
    } else {
        /* `C<a, b>::f(...)` in a template: the arguments as written */
        const char *args[16];
        int n = -1;
        Kids ck = kids_of(L, callee);
        for (int i = 0; i < ck.n && n < 0; i++) {
            unsigned b, e;
            if (clang_getCursorKind(ck.v[i]) == CXCursor_TemplateRef && fe_spelled_range(fe, ck.v[i], &b, &e))
                n = fe_template_args(fe, b, args, 16);
        }
        if (n < 0) {
            diag_error(fe_loc(fe, call), "cannot inline '%s' (it contains __syncthreads()): the template arguments of its class '%s' are not known here",
                       f->name, fe_name(fe, pattern));
            return 0;
        }
        bind_class_params(L, pattern, args, n);
        const char *joined = "";
        for (int i = 0; i < n; i++) joined = ar_printf(fe->a, "%s%s%s", joined, i ? ", " : "", subst_type(L, args[i]));
        text = ar_printf(fe->a, "%s<%s>", fe_name(fe, pattern), joined);
        dependent = L->k->is_template;
    }
    /* the object: `obj.f()` binds a new one; `f()` inside a member keeps it */
    if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr) {
        CXCursor base = fe_child(callee, 0);
        CXCursor b = base;
        while (!clang_Cursor_isNull(b) && clang_getCursorKind(b) == CXCursor_UnexposedExpr && fe_nchildren(b) == 1) b = fe_child(b, 0);
        if (!clang_Cursor_isNull(b) && (clang_getCursorKind(b) == CXCursor_CXXFunctionalCastExpr ||
                                        (clang_getCursorKind(b) == CXCursor_CallExpr &&
                                         clang_getCursorType(b).kind != CXType_LValueReference))) {
            /* `C(storage).f()` (CUB's idiom): the temporary would have to
             * live across the barriers, in every thread */
            diag_error(fe_loc(fe, call), "calling '%s', which contains __syncthreads(), on a temporary object is not supported; call it on a __shared__ object, or through a pointer or reference to one",
                       f->name);
            return 0;
        }
        /* the object must outlive the thread loops the barriers split the
         * body into: a __shared__ object, one behind a pointer or a
         * reference, not a thread's own local */
        CXCursor root = b;
        while (!clang_Cursor_isNull(root) && clang_getCursorKind(root) == CXCursor_MemberRefExpr &&
               !clang_Cursor_isNull(fe_child(root, 0)) && clang_getCursorType(fe_child(root, 0)).kind != CXType_Pointer)
            root = fe_child(root, 0);
        while (!clang_Cursor_isNull(root) && clang_getCursorKind(root) == CXCursor_UnexposedExpr && fe_nchildren(root) == 1)
            root = fe_child(root, 0);
        if (!clang_Cursor_isNull(root) && clang_getCursorKind(root) == CXCursor_DeclRefExpr) {
            IrVar *o = lookup(L, clang_getCursorReferenced(root));
            CXType ot = clang_getCursorType(clang_getCursorReferenced(root));
            if (o && (o->flags & IRV_LOCAL) && ot.kind != CXType_LValueReference && ot.kind != CXType_Pointer) {
                diag_error(fe_loc(fe, call), "calling '%s', which contains __syncthreads(), on '%s', a thread's own object, is not supported; call it on a __shared__ object, or through a pointer or reference to one",
                           f->name, o->name);
                return 0;
            }
        }
        int arrow = !clang_Cursor_isNull(base) && clang_getCursorType(base).kind == CXType_Pointer;
        if (!clang_Cursor_isNull(base)) {
            IrVar *v = synth_var(L, ar_printf(fe->a, "%s%d", NM(THIS_), ++L->nthis),
                                 ar_printf(fe->a, arrow ? "%s *" : "%s &", text), fe_loc(fe, base),
                                 IRV_LOCAL | IRV_VARYING | (arrow ? 0 : IRV_REFERENCE));
            IrStmt *d = ir_stmt(fe->a, IR_DECL, fe_loc(fe, base));
            d->u.decl.var = v;
            d->u.decl.has_init = 1;
            expr_range(L, base, &d->u.decl.init);
            v->decl = d;
            ir_seq_push(fe->a, seq, d);
            L->this_var = v;
            L->this_is_ptr = arrow;
        }
    } else {
        L->this_var = NULL;                            /* a static member */
    }
    L->this_class = pattern;
    L->this_class_text = text;
    L->this_dependent = dependent;
    open_class(L, pattern);
    return 1;
}
