/*
 * loopfns.c: __device__ functions whose one loop a kernel may run for the
 * whole block at once (the `sweep` pass), and the kernels that call them.
 *
 * A kernel without barriers is lowered with its body as TEXT. When it calls
 * a function of the shape
 *
 *   __device__ T f(params) { T1 a = ...; ...  for (...) { body }  return e; }
 *
 * (declarations, one `for` whose body cannot leave it, a final `return`),
 * the front end also lowers it a second time with such calls inlined and
 * their `for` kept as a FOR node (`IrKernel.alt`). This file only records
 * that fact; the sweep pass decides whether the alternative is used.
 * The check is syntactic and strict so that the second lowering meets only
 * constructs the first one accepted.
 */
#include <string.h>
#include "internal.h"

typedef struct LoopScan { int bad; } LoopScan;

/* Inside the loop body: nothing that leaves the loop or the function. */
static enum CXChildVisitResult no_exit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    LoopScan *s = d;
    switch (clang_getCursorKind(c)) {
    case CXCursor_ReturnStmt: case CXCursor_BreakStmt: case CXCursor_ContinueStmt:
    case CXCursor_GotoStmt: case CXCursor_IndirectGotoStmt: case CXCursor_LabelStmt:
    case CXCursor_LambdaExpr: case CXCursor_SwitchStmt:
        s->bad = 1;
        return CXChildVisit_Break;
    default: return CXChildVisit_Recurse;
    }
}

typedef struct Shape { int nfor, ndecl, nret, other, last_ret; CXCursor loop; } Shape;

static enum CXChildVisitResult top_stmt(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Shape *s = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    s->last_ret = k == CXCursor_ReturnStmt;
    if (k == CXCursor_DeclStmt) s->ndecl++;
    else if (k == CXCursor_ForStmt) { s->nfor++; s->loop = c; }
    else if (k == CXCursor_ReturnStmt) s->nret++;
    else s->other++;
    return CXChildVisit_Continue;
}

static enum CXChildVisitResult body_of(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_CompoundStmt) *(CXCursor *)d = c;
    return CXChildVisit_Continue;
}

/* f is a plain (not member, not template) __device__ function of the
 * shape above, without barriers, thread context or stores to memory. */
static int loop_function(FeFunc *f)
{
    if (f->is_kernel || clang_Cursor_isNull(f->def) || f->has_barrier || f->uses_ctx || f->writes_memory ||
        f->uses_dynshared || clang_getCursorKind(f->def) != CXCursor_FunctionDecl)
        return 0;
    CXCursor body = clang_getNullCursor();
    clang_visitChildren(f->def, body_of, &body);
    if (clang_Cursor_isNull(body)) return 0;
    Shape s = { 0 };
    clang_visitChildren(body, top_stmt, &s);
    if (s.nfor != 1 || s.nret != 1 || !s.last_ret || s.other) return 0;
    LoopScan ls = { 0 };
    clang_visitChildren(s.loop, no_exit, &ls);
    return !ls.bad;
}

typedef struct KernelScan { int bad; } KernelScan;

/* What the kernel may not hold. A return or a goto: a thread that left
 * early would have to skip the block-level loop's barriers. A loop or a
 * switch: the sweep pass takes only a kernel whose one loop is the
 * function's, and the inlining lowering refuses calls in a switch. `&&`,
 * `||`, `?:` and `,`: it refuses calls after them. A lambda: its body is
 * its own. So the second lowering meets nothing the first one accepted
 * and it would refuse. */
static int kernel_refuses(CXCursor c)
{
    switch (clang_getCursorKind(c)) {
    case CXCursor_ReturnStmt: case CXCursor_GotoStmt: case CXCursor_IndirectGotoStmt: case CXCursor_LabelStmt:
    case CXCursor_LambdaExpr: case CXCursor_ForStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt:
    case CXCursor_SwitchStmt: case CXCursor_ConditionalOperator: case CXCursor_CXXForRangeStmt:
        return 1;
    case CXCursor_BinaryOperator: {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        return op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr || op == CXBinaryOperator_Comma;
    }
    default: return 0;
    }
}

static enum CXChildVisitResult kernel_stmt(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    KernelScan *s = d;
    if (kernel_refuses(c)) {
        s->bad = 1;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* Marks the loop functions (FeFunc.has_loop) and returns whether kernel f,
 * a kernel without barriers, calls one directly and has the shape that
 * its alternative lowering needs. */
int fe_wants_loop_alt(FeFunc *f)
{
    if (!f->is_kernel || f->has_barrier || clang_getCursorKind(f->def) != CXCursor_FunctionDecl) return 0;
    int any = 0;
    for (int i = 0; i < f->callees.n; i++) {
        FeFunc *g = f->callees.v[i];
        if (!g->loop_checked) {
            g->loop_checked = 1;
            g->has_loop = loop_function(g);
        }
        any |= g->has_loop;
    }
    if (!any) return 0;
    KernelScan s = { 0 };
    clang_visitChildren(f->def, kernel_stmt, &s);
    return !s.bad;
}
