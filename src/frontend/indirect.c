/*
 * indirect.c: kernels used other than by a launch that names them.
 *
 * host.c turns `k<<<g, b, s>>>(args)` into the call of k's launcher
 * `k(g, b, s, args)`. That needs the launch written out in the file and k
 * named as its callee. The rest goes through include/cucpu_launch.h:
 *
 *   fp<<<g, b>>>(x)         ->  fp->* cucpu_config(g, b)(x)
 *     a launch whose callee is no function's name (a function pointer
 *     variable, `ks[i]`, `(*f)`, `s.f`), or whose chevrons are spelled in a macro's body or
 *     arguments (`#define RUN(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)`):
 *     only the `<<<` and `>>>` tokens change, where they are spelled, so
 *     a macro's body is rewritten once for all its expansions;
 *   kfn f = k;  (void *)k   ->  kfn f = (cucpu_kernel<decltype(&k), &k>::stub);
 *     any other use of a kernel's name in host code, spelled in the file or
 *     in a macro's argument, names the kernel's stub: a function of the
 *     kernel's own type, as nvcc's host stub is;
 *   and at the end of the .cu, each kernel it defines (not templates: their
 *     instances are registered when used) registers its stub and launcher
 *     for cudaLaunchKernel(func, ...).
 * This file records those places (IrFact: IRF_LAUNCH_TOKENS, IRF_KERNEL_REF,
 * the kernels of IRF_REGISTER); codegen/host_edits.c writes the code.
 * A template kernel launched in a macro, whose template arguments the launch
 * deduces, is an error (`->*` takes no overload set).
 * A kernel named inside a macro's body (not through an argument) keeps
 * naming its launcher: cudaLaunchKernel and the attribute calls still take
 * it, a function pointer of the kernel's type does not. Overloaded kernel
 * names are left alone (decltype(&k) would be ambiguous).
 */
#include <string.h>
#include "internal.h"

/* Whether another kernel has f's name. */
static int overloaded(Fe *fe, FeFunc *f)
{
    for (int i = 0; i < fe->funcs.n; i++) {
        FeFunc *g = fe->funcs.v[i];
        if (g != f && g->is_kernel && !strcmp(g->name, f->name)) return 1;
    }
    return 0;
}

int fe_launch_through_pointer(CXCursor call)
{
    CXCursor k = fe_strip(fe_child(call, 0));
    switch (clang_getCursorKind(k)) {
    case CXCursor_DeclRefExpr:
        switch (clang_getCursorKind(clang_getCursorReferenced(k))) {
        case CXCursor_VarDecl: case CXCursor_ParmDecl: case CXCursor_FieldDecl:
        case CXCursor_NonTypeTemplateParameter:
            return 1;
        default:
            return 0;      /* a function */
        }
    case CXCursor_OverloadedDeclRef: case CXCursor_UnexposedExpr:
        return 0;          /* a function template, or a name a template resolves */
    default:
        return 1;          /* ks[i], (*f), s.f, pick(), c ? f : g, (kfn)p */
    }
}

/* A callee that names a template kernel without its template arguments
 * (the launch deduces them), or an overloaded kernel. */
static int deduced_or_overloaded(Fe *fe, CXCursor callee)
{
    enum CXCursorKind k = clang_getCursorKind(callee);
    if (k == CXCursor_OverloadedDeclRef) return 1;
    if (k != CXCursor_DeclRefExpr || clang_Cursor_getNumTemplateArguments(clang_getCursorReferenced(callee)) <= 0)
        return 0;
    CXSourceRange r = clang_getCursorExtent(callee);
    unsigned b, e;
    clang_getSpellingLocation(clang_getRangeStart(r), NULL, NULL, NULL, &b);
    clang_getSpellingLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &e);
    return e - b == strlen(fe_name(fe, callee));     /* no `<...>` after the name */
}

void fe_token_launch(Fe *fe, CXCursor call)
{
    CXCursor callee = fe_strip(fe_child(call, 0));
    if (deduced_or_overloaded(fe, callee)) {
        /* `->*` cannot take an overload set: a template whose arguments
         * the launch deduces, or overloaded kernels */
        const char *n = fe_name(fe, callee);
        diag_error(fe_loc(fe, call), "launch of '%s' inside a macro is not supported when the launch deduces its "
                   "template arguments or picks among overloads; write them ('%s<...>') or launch it outside the macro",
                   n, n);
        return;
    }
    CXFile f;
    unsigned off;
    clang_getSpellingLocation(clang_getRangeStart(clang_getCursorExtent(fe_child(call, 1))), &f, NULL, NULL, &off);
    FeSrc *back = fe->cur, *s = fe_src_of(fe, f);
    if (!s) {
        diag_error(fe_loc(fe, call), "kernel launch whose '<<<' is spelled in a system header is not supported");
        return;
    }
    fe_enter_src(fe, s);
    int open = fe_tok_at(fe, off), close = open + 1;
    while (close < fe->ntoks && !fe_tok_is(fe, close, ">>>")) close++;
    if (!fe_tok_is(fe, open, "<<<") || close == fe->ntoks) {
        fe_enter_src(fe, back);
        diag_error(fe_loc(fe, call), "kernel launch whose '<<<' and '>>>' cucpu cannot find in the source is not supported");
        return;
    }
    IrFact *t = fe_fact(fe, IRF_LAUNCH_TOKENS, fe->toks[open].b, fe->toks[close].e);
    t->u.tokens.open_e = fe_pos(fe, fe->toks[open].e);
    t->u.tokens.close_b = fe_pos(fe, fe->toks[close].b);
    fe_enter_src(fe, back);
}

/* Where name use c is spelled in the current file, directly or as a
 * macro's argument; 0 when it is spelled in a macro's body. */
static int written_range(Fe *fe, CXCursor c, unsigned *b, unsigned *e)
{
    CXSourceRange r = clang_getCursorExtent(c);
    CXFile f0, f1;
    clang_getSpellingLocation(clang_getRangeStart(r), &f0, NULL, NULL, b);
    clang_getSpellingLocation(clang_getRangeEnd(r), &f1, NULL, NULL, e);
    if (!f0 || !f1 || !clang_File_isEqual(f0, fe->cur->cx) || !clang_File_isEqual(f1, f0) || *e <= *b) return 0;
    unsigned xb, xe;
    fe_range(fe, c, &xb, &xe);       /* the macro invocation, when there is one */
    return *b >= xb && *e <= xe;
}

void fe_kernel_ref(Fe *fe, CXCursor c)
{
    FeFunc *f = fe_func(fe, clang_getCursorReferenced(c));
    unsigned b, e;
    if (!f || !f->is_kernel || overloaded(fe, f) || !written_range(fe, c, &b, &e)) return;
    fe_fact(fe, IRF_KERNEL_REF, b, e);
}

void fe_kernel_registrations(Fe *fe, PtrVec *names)
{
    for (int i = 0; i < fe->funcs.n; i++) {
        FeFunc *f = fe->funcs.v[i];
        if (!f->is_kernel || clang_Cursor_isNull(f->def) || overloaded(fe, f) ||
            clang_getCursorKind(f->def) != CXCursor_FunctionDecl)
            continue;
        const char *n = fe_scope_name(fe, f->def);
        if (n) pv_push(fe->a, names, (void *)n);
    }
}
