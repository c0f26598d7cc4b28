/*
 * lower_vars.c: variables: the cursor-to-IrVar map, types, __shared__ variables.
 * Part of the lowering of a kernel body (lower.h).
 */
#include <stdlib.h>
#include <string.h>
#include "lower.h"

/* ---- variables -------------------------------------------------------------- */

IrVar *lookup(Lower *L, CXCursor c)
{
    for (int i = L->nmap - 1; i >= 0; i--)
        if (clang_equalCursors(L->map[i].c, c)) return L->map[i].v;
    return NULL;
}

static void bind(Lower *L, CXCursor c, IrVar *v)
{
    if (L->nmap == L->capmap) {
        int cap = L->capmap ? 2 * L->capmap : 64;
        VarMap *m = ar_alloc(L->fe->a, sizeof *m * (size_t)cap);
        if (L->nmap) memcpy(m, L->map, sizeof *m * (size_t)L->nmap);
        L->map = m;
        L->capmap = cap;
    }
    L->map[L->nmap].c = c;
    L->map[L->nmap++].v = v;
}

static const char *src_text(Lower *L, unsigned b, unsigned e)
{
    return ar_strndup(L->fe->a, L->fe->src->text + b, e - b);
}

/* The index of the token after the `[..][..]` that follow the name of
 * declaration d (its first token when there are none), or -1 when the name
 * is not spelled in this file. */
int after_dims(Lower *L, CXCursor d, int *first)
{
    Fe *fe = L->fe;
    unsigned b, e;
    if (!fe_spelled_range(fe, d, &b, &e)) return -1;
    int i = fe_tok_at(fe, b) + 1;
    *first = i;
    while (fe_tok_is(fe, i, "[")) {
        int close = fe_tok_match(fe, i);
        if (close < 0) return -1;
        i = close + 1;
    }
    return i;
}

/* The `[..][..]` that follow the declared name, as written; an empty `[]`
 * (the size comes from the initializer) gets the size clang computed. */
static const char *decl_dims(Lower *L, CXCursor d, CXType t)
{
    Fe *fe = L->fe;
    int first = 0, end = after_dims(L, d, &first);
    int empty = 0;
    for (int i = first; end > first && i < end; i++)
        if (fe_tok_is(fe, i, "[") && fe_tok_is(fe, i + 1, "]")) empty = 1;
    if (end > first && !empty) return src_text(L, fe->toks[first].b, fe->toks[end - 1].e);
    const char *dims = "";
    for (; t.kind == CXType_ConstantArray; t = clang_getArrayElementType(t))
        dims = ar_printf(fe->a, "%s[%lld]", dims, clang_getArraySize(t));
    return dims;
}

/* A type spelled by clang with the inlined template's parameters replaced
 * by this call's arguments: `T *` -> `float *`. */
const char *subst_type(Lower *L, const char *t)
{
    if (!L->tsubst.n) return t;
    /* copied identifier by identifier: no piece grows the text by more than
     * the longest argument, so one bound serves */
    size_t longest = 0;
    for (int i = 0; i < L->tsubst.n; i++) {
        size_t n = strlen(((TSubst *)L->tsubst.v[i])->text);
        if (n > longest) longest = n;
    }
    char *out = ar_alloc(L->fe->a, strlen(t) * (longest + 1) + 1), *o = out;
    for (const char *p = t; *p;) {
        size_t n = 0;
        while (p[n] == '_' || (p[n] >= 'a' && p[n] <= 'z') || (p[n] >= 'A' && p[n] <= 'Z') || (p[n] >= '0' && p[n] <= '9')) n++;
        if (!n) { *o++ = *p++; continue; }
        const char *rep = NULL;
        for (int i = 0; i < L->tsubst.n; i++) {
            const TSubst *ts = L->tsubst.v[i];
            if (strlen(ts->name) == n && !strncmp(ts->name, p, n)) rep = ts->text;
        }
        size_t m = rep ? strlen(rep) : n;
        memcpy(o, rep ? rep : p, m);
        o += m;
        p += n;
    }
    *o = 0;
    return out;
}

/* The argument standing for template parameter ref in the inlined
 * function, or NULL. */
const char *tsubst_of(Lower *L, CXCursor ref)
{
    for (int i = 0; i < L->tsubst.n; i++) {
        TSubst *ts = L->tsubst.v[i];
        if (clang_equalCursors(ts->param, ref)) return ts->text;
    }
    return NULL;
}

/* A local the translator makes (no declaration of the user's). */
IrVar *synth_var(Lower *L, const char *name, const char *type, SrcLoc loc, unsigned flags)
{
    IrVar *v = ar_alloc(L->fe->a, sizeof *v);
    v->name = name;
    v->type = type;
    v->dims = "";
    v->loc = loc;
    v->flags = flags;
    v->id = L->k->vars.n;
    pv_push(L->fe->a, &L->k->vars, v);
    return v;
}


/* The type t (spelled text) of a local declared in an inlined member
 * function, as the kernel must spell it: a type nested in the class is
 * qualified with it. */
static const char *member_type(Lower *L, CXType t, const char *text)
{
    if (!L->this_class_text) return text;
    CXCursor d = clang_getTypeDeclaration(t);
    if (clang_Cursor_isNull(d) || clang_getCursorKind(d) == CXCursor_NoDeclFound) return text;
    if (!member_of(d, L->this_class) && !member_of(class_pattern(d), L->this_class)) return text;
    if (!L->this_dependent) return ar_printf(L->fe->a, "%s::%s", L->this_class_text, text);
    return ar_printf(L->fe->a, "typename %s::%s%s", L->this_class_text, strchr(text, '<') ? "template " : "", text);
}

IrVar *new_var(Lower *L, CXCursor d, unsigned flags)
{
    Fe *fe = L->fe;
    IrVar *v = ar_alloc(fe->a, sizeof *v);
    v->name = fe_name(fe, d);
    v->loc = fe_loc(fe, d);
    v->flags = flags;
    v->id = L->k->vars.n;
    CXType t = clang_getCursorType(d);
    int array = t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
                t.kind == CXType_DependentSizedArray || t.kind == CXType_VariableArray;
    CXType elem = array ? clang_getArrayElementType(t) : t;
    int elem_array = elem.kind == CXType_ConstantArray || elem.kind == CXType_IncompleteArray ||
                     elem.kind == CXType_DependentSizedArray || elem.kind == CXType_VariableArray;
    if (array && !elem_array && clang_getCursorKind(d) == CXCursor_ParmDecl) {
        /* `float3 colors[16]` as an inlined function's parameter is a
         * pointer, bound to the argument (an array decays) */
        v->type = ar_printf(fe->a, "%s *", subst_type(L, fe_cxstr(fe, clang_getTypeSpelling(elem))));
        v->dims = "";
    } else if (array) {
        CXType e = t;
        while (e.kind == CXType_ConstantArray || e.kind == CXType_IncompleteArray ||
               e.kind == CXType_DependentSizedArray || e.kind == CXType_VariableArray)
            e = clang_getArrayElementType(e);
        v->elem_type = subst_type(L, fe_cxstr(fe, clang_getTypeSpelling(e)));
        long long esize = clang_Type_getSizeOf(e);
        v->elem_size = esize > 0 ? (long)esize : 0;
        v->dims = subst_type(L, decl_dims(L, d, t));   /* `[W]` of an inlined template: `[64]` */
        v->type = v->elem_type;
        v->flags |= IRV_VARYING;          /* element-wise writes are not tracked */
    } else {
        CXType u = clang_getUnqualifiedType(t);
        /* `auto` as deduced, so that a per-thread copy can be declared */
        if (t.kind == CXType_Auto && clang_getCanonicalType(t).kind != CXType_Auto && clang_getCanonicalType(t).kind != CXType_Invalid)
            u = clang_getUnqualifiedType(clang_getCanonicalType(t));
        v->type = member_type(L, u, subst_type(L, fe_cxstr(fe, clang_getTypeSpelling(u))));
        v->dims = "";
        v->tflags = expr_type_class(u);
        /* a class's members are written one by one; a typedef name of a
         * scalar (`uint`, an elaborated type since clang 16) is no class */
        enum CXTypeKind ck = clang_getCanonicalType(t).kind;
        int scalar = (ck >= CXType_FirstBuiltin && ck <= CXType_LastBuiltin) || ck == CXType_Pointer || ck == CXType_Enum;
        if (t.kind == CXType_Record || (t.kind == CXType_Elaborated && !scalar) || t.kind == CXType_LValueReference)
            v->flags |= IRV_VARYING;
    }
    if (clang_isConstQualifiedType(t) || clang_isVolatileQualifiedType(t)) v->flags |= IRV_QUALIFIED;
    if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference) v->flags |= IRV_REFERENCE;
    CXType inner = t;
    while (inner.kind == CXType_ConstantArray || inner.kind == CXType_IncompleteArray ||
           inner.kind == CXType_DependentSizedArray || inner.kind == CXType_VariableArray)
        inner = clang_getArrayElementType(inner);
    /* (a parameter `volatile int a[16]` is a pointer to volatile ints) */
    if (clang_isVolatileQualifiedType(inner) && (*v->dims || !array)) v->flags |= IRV_VOLATILE;
    long long size = *v->dims || !array ? clang_Type_getSizeOf(t) : (long long)sizeof(void *);
    v->size = size > 0 ? (long)size : 0;
    pv_push(fe->a, &L->k->vars, v);
    bind(L, d, v);
    return v;
}

/* ---- shared memory ------------------------------------------------------------------ */

/* Registers a __shared__ variable of the kernel (or of file scope) once. */
IrVar *shared_var(Lower *L, CXCursor d)
{
    IrVar *v = lookup(L, d);
    if (v) return v;
    CXType t = clang_getCursorType(d);
    /* dynamic: `extern __shared__ T a[]`; a file-scope `__shared__ float
     * a[64];` has external linkage but is a static allocation */
    int dyn = t.kind == CXType_IncompleteArray || clang_Cursor_getStorageClass(d) == CX_SC_Extern;
    v = new_var(L, d, dyn ? IRV_SHARED | IRV_DYNSHARED : IRV_SHARED);
    v->flags &= ~(unsigned)IRV_VARYING;
    IrStmt *s = ir_stmt(L->fe->a, IR_SHARED, v->loc);
    s->u.decl.var = v;
    unsigned b, e;
    fe_range(L->fe, d, &b, &e);
    s->u.decl.decl.begin = b;
    s->u.decl.decl.end = e;
    s->u.decl.decl.loc = v->loc;
    if (dyn) L->k->uses_dynshared = 1;
    pv_push(L->fe->a, &L->k->shared, s);
    return v;
}
