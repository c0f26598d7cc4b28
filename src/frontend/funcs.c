/*
 * funcs.c: the functions of the main file that device code runs, and the
 * call graph between them. Two facts flow up the graph: a function that
 * reads the builtin index variables needs the thread context passed in
 * (uses_ctx), and a function that calls __syncthreads must be inlined into
 * the kernels that call it (has_barrier).
 */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

static CXCursor canonical(CXCursor c)
{
    CXCursor t = clang_getSpecializedCursorTemplate(c);
    if (!clang_Cursor_isNull(t)) c = t;
    return clang_getCanonicalCursor(c);
}

FeFunc *fe_func(Fe *fe, CXCursor c)
{
    if (clang_Cursor_isNull(c)) return NULL;
    c = canonical(c);
    for (int i = 0; i < fe->funcs.n; i++) {
        FeFunc *f = fe->funcs.v[i];
        if (clang_equalCursors(f->cursor, c)) return f;
    }
    return NULL;
}

const char *fe_builtin_name(CXCursor ref)
{
    static const char *const names[] = { "threadIdx", "blockIdx", "blockDim", "gridDim" };
    if (clang_getCursorKind(ref) != CXCursor_VarDecl) return NULL;
    CXString s = clang_getCursorSpelling(ref);
    const char *n = clang_getCString(s), *hit = NULL;
    for (int i = 0; i < 4; i++)
        if (n && !strcmp(n, names[i])) hit = names[i];
    clang_disposeString(s);
    if (hit && clang_Location_isFromMainFile(clang_getCursorLocation(ref))) hit = NULL;
    return hit;
}

typedef struct { CXCursor found; } OverloadQuery;

static enum CXChildVisitResult find_overload(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    OverloadQuery *q = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_OverloadedDeclRef || k == CXCursor_MemberRefExpr || k == CXCursor_DeclRefExpr) {
        CXString s = clang_getCursorSpelling(c);
        const char *n = clang_getCString(s);
        int named = n && *n;
        clang_disposeString(s);
        if (named) { q->found = c; return CXChildVisit_Break; }
    }
    return CXChildVisit_Recurse;
}

/* The cursor naming the callee of a call whose callee clang could not
 * resolve: in a template, `f(x)` with x of a dependent type is an overload
 * set (OverloadedDeclRef) until instantiation. */
static CXCursor unresolved_callee(CXCursor call)
{
    OverloadQuery q = { clang_getNullCursor() };
    CXCursor first = clang_getNullCursor();
    if (clang_getCursorKind(call) == CXCursor_CallExpr) first = fe_child(call, 0);
    if (clang_Cursor_isNull(first)) return first;
    if (find_overload(first, call, &q) == CXChildVisit_Recurse) clang_visitChildren(first, find_overload, &q);
    return q.found;
}

static char *call_name(CXCursor call)
{
    CXString s = clang_getCursorSpelling(call);
    const char *n = clang_getCString(s);
    if (!n || !*n) {
        clang_disposeString(s);
        CXCursor c = unresolved_callee(call);
        if (clang_Cursor_isNull(c)) return strdup("");
        s = clang_getCursorSpelling(c);
        n = clang_getCString(s);
    }
    char *r = strdup(n ? n : "");
    clang_disposeString(s);
    return r;
}

const char *fe_call_name(Fe *fe, CXCursor call)
{
    char *n = call_name(call);
    const char *r = ar_strdup(fe->a, n);
    free(n);
    return r;
}

FeFunc *fe_callee(Fe *fe, CXCursor call)
{
    FeFunc *f = fe_func(fe, clang_getCursorReferenced(call));
    if (f) return f;
    CXCursor c = unresolved_callee(call);
    if (clang_Cursor_isNull(c)) return NULL;
    if (clang_getCursorKind(c) != CXCursor_OverloadedDeclRef) return fe_func(fe, clang_getCursorReferenced(c));
    /* every candidate of the main file: the first that has a barrier, or
     * the only one */
    FeFunc *only = NULL;
    int n = 0;
    for (unsigned i = 0; i < clang_getNumOverloadedDecls(c); i++) {
        FeFunc *g = fe_func(fe, clang_getOverloadedDecl(c, i));
        if (!g) continue;
        if (g->has_barrier) return g;
        only = g;
        n++;
    }
    return n == 1 ? only : NULL;
}

static int called_name_is(CXCursor call, const char *const *names)
{
    char *n = call_name(call);
    int hit = 0;
    for (; *names; names++)
        if (!strcmp(n, *names)) hit = 1;
    free(n);
    return hit;
}

int fe_is_barrier_call(Fe *fe, CXCursor call)
{
    (void)fe;
    static const char *const names[] = { "__syncthreads", NULL };
    return clang_getCursorKind(call) == CXCursor_CallExpr && called_name_is(call, names);
}

int fe_is_sync_call(CXCursor call)
{
    static const char *const names[] = { "__syncthreads", "__syncthreads_count", "__syncthreads_and",
                                         "__syncthreads_or", NULL };
    return clang_getCursorKind(call) == CXCursor_CallExpr && called_name_is(call, names);
}

int fe_is_launch(CXCursor call)
{
    static const char *const names[] = { "__cudaPushCallConfiguration", "cudaConfigureCall", NULL };
    if (clang_getCursorKind(call) != CXCursor_CallExpr) return 0;
    CXCursor cfg = fe_child(call, 1);
    return clang_getCursorKind(cfg) == CXCursor_CallExpr && called_name_is(cfg, names);
}

static FeFunc *add_func(Fe *fe, CXCursor c)
{
    FeFunc *f = fe_func(fe, c);
    if (!f) {
        f = ar_alloc(fe->a, sizeof *f);
        f->cursor = canonical(c);
        f->def = clang_getNullCursor();
        f->name = fe_name(fe, c);
        pv_push(fe->a, &fe->funcs, f);
    }
    f->is_kernel |= fe_has_attr(c, CXCursor_CUDAGlobalAttr);
    f->is_device |= fe_has_attr(c, CXCursor_CUDADeviceAttr);
    if (clang_isCursorDefinition(c)) f->def = c;
    return f;
}

static enum CXChildVisitResult find_funcs(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Fe *fe = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod ||
        k == CXCursor_ConversionFunction) {
        if (fe_enter(fe, c) && (fe_has_attr(c, CXCursor_CUDAGlobalAttr) || fe_has_attr(c, CXCursor_CUDADeviceAttr)))
            add_func(fe, c);
        return CXChildVisit_Continue;
    }
    /* member functions of the file's classes, class templates included */
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl ||
        k == CXCursor_StructDecl || k == CXCursor_ClassDecl || k == CXCursor_UnionDecl ||
        k == CXCursor_ClassTemplate || k == CXCursor_ClassTemplatePartialSpecialization)
        return CXChildVisit_Recurse;
    return CXChildVisit_Continue;
}

typedef struct { Fe *fe; FeFunc *f; } BodyScan;

static enum CXChildVisitResult scan_body(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    BodyScan *s = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr && fe_builtin_name(clang_getCursorReferenced(c)))
        s->f->uses_ctx = 1;
    if (k == CXCursor_VarDecl && fe_has_attr(c, CXCursor_CUDASharedAttr)) s->f->uses_dynshared = 1;
    if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator || k == CXCursor_UnaryOperator) {
        int store = k == CXCursor_CompoundAssignOperator;
        if (k == CXCursor_BinaryOperator) store = clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign;
        if (k == CXCursor_UnaryOperator) {
            enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
            store = op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
                    op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec;
        }
        CXCursor lhs = fe_strip(fe_child(c, 0));
        if (store && clang_getCursorKind(lhs) != CXCursor_DeclRefExpr) s->f->writes_memory = 1;
    }
    if (k == CXCursor_CallExpr) {
        if (fe_is_sync_call(c)) s->f->has_barrier = 1;
        if (!strncmp(fe_call_name(s->fe, c), "atomic", 6)) s->f->writes_memory = 1;
        FeFunc *g = fe_callee(s->fe, c);
        if (g) pv_push(s->fe->a, &s->f->callees, g);
    }
    return CXChildVisit_Recurse;
}

/* Propagates uses_ctx and has_barrier from callees to callers. */
static void propagate(Fe *fe)
{
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < fe->funcs.n; i++) {
            FeFunc *f = fe->funcs.v[i];
            for (int j = 0; j < f->callees.n; j++) {
                FeFunc *g = f->callees.v[j];
                if (g->uses_ctx && !f->uses_ctx) f->uses_ctx = changed = 1;
                if (g->has_barrier && !f->has_barrier) f->has_barrier = changed = 1;
                if (g->writes_memory && !f->writes_memory) f->writes_memory = changed = 1;
                if (g->uses_dynshared && !f->uses_dynshared) f->uses_dynshared = changed = 1;
            }
        }
    }
}

void fe_collect_funcs(Fe *fe)
{
    clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), find_funcs, fe);
    for (int i = 0; i < fe->funcs.n; i++) {
        FeFunc *f = fe->funcs.v[i];
        if (clang_Cursor_isNull(f->def)) continue;
        BodyScan s = { fe, f };
        clang_visitChildren(f->def, scan_body, &s);
    }
    propagate(fe);
}
