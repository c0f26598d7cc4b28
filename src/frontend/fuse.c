/*
 * fuse.c: host loops whose kernel launches can share one OpenMP team.
 *
 * Every launch forks and joins a team. A host loop L that launches kernels
 * can instead open one team around itself:
 *
 *   { __typeof__(x) *cucpu_wb_x = &x;
 *     #pragma omp parallel firstprivate(x)
 *     { L, run by every thread, launches calling cucpu_team_k(..., sync)
 *       #pragma omp master
 *       { *cucpu_wb_x = x; } } }
 *
 * Each thread runs L's control flow redundantly, so this is legal only when
 * every statement of L is one of:
 *   - a launch whose configuration and arguments call nothing (dim3
 *     constructors aside) and assign nothing;
 *   - private: declarations and expressions that call nothing and assign
 *     only locals declared in L or outer locals that can be firstprivate
 *     (not static, not a reference or array, address never taken in the
 *     function); every thread computes the same values;
 *   - single: any other statement that does not jump out of itself; it
 *     runs on the master thread (the host thread, whose last-error state
 *     the program reads) between barriers. The locals it assigns, or whose
 *     address it takes (or that are arrays it names), declared outside it
 *     become shared: an outer local stays the team's shared variable (then
 *     no private code may assign it, and reading it counts as reading
 *     memory); one of L's own moves before the team when its declaration
 *     has no initializer, a POD type and a name nothing else in L uses
 *     (`float total; cudaMemcpy(&total, ...)`: that is the same program,
 *     an uninitialized local holds no value across iterations anyway);
 *   - if/for/while/do whose headers are private, holding the above; a
 *     `break` of L itself, `return`, `goto` and labels are refused.
 * A barrier precedes a single, and a launch gets sync=1 (a barrier after
 * its arguments are evaluated), when a thread may still read memory that
 * the statement could write: after private code that reads memory, and
 * when the launch's own arguments read memory.
 *
 * This file finds the candidates in the main file's host functions; the
 * files beside it (fuse.h) classify a loop's statements and record it
 * (IrHostLoop: each statement's kind, range and whether it reads memory).
 * The team pass fuses a loop when every kernel it launches may run in a
 * team, and codegen/host_loops.c writes the team code. Fusion never
 * reports an error: a loop that does not qualify stays as it is.
 */
#include "fuse.h"

/* ---- finding the loops -------------------------------------------------------------- */

/* 1 when a `#pragma` line stands right before the statement at b (`#pragma
 * GCC unroll 2`, `#pragma omp parallel for`): it applies to that loop, and
 * a team region opened between the two would take its place. */
static int after_pragma(Fe *fe, unsigned b)
{
    int i = fe_tok_at(fe, b);
    if (i <= 0) return 0;
    unsigned line = fe_loc_at(fe, fe->toks[i - 1].b).line;
    int k = i - 1;
    while (k > 0 && fe_loc_at(fe, fe->toks[k - 1].b).line == line) k--;
    return fe_tok_is(fe, k, "#") && fe_tok_is(fe, k + 1, "pragma");
}

static int try_loop(Fuse *F, CXCursor s)
{
    Fe *fe = F->fe;
    unsigned b, e;
    fe_range(fe, s, &b, &e);
    if (after_pragma(fe, b)) return 0;
    IrHostLoop *loop = ar_alloc(fe->a, sizeof *loop);
    F->loop = loop;
    F->stmt = s;
    F->lb = b;
    F->le = fe_stmt_end(fe, e);
    /* `cudaMalloc(&x, n)` before L lets x be copied per thread; inside L it does not */
    F->addr = (PtrVec){0};
    F->hoist = (PtrVec){0};
    for (int i = 0; i < F->addr_out.n; i++) pv_push(fe->a, &F->addr, F->addr_out.v[i]);
    PtrVec own = fuse_scan(fe, s, NULL, 0)->addressed;
    for (int i = 0; i < own.n; i++)
        if (!fuse_in_set(&F->addr, *(CXCursor *)own.v[i])) pv_push(fe->a, &F->addr, own.v[i]);
    /* sharing a local changes what may assign and read it: classify again
     * until no pass shares another (each adds one of L's locals at least) */
    Node *L;
    do {
        loop->kernels.n = 0;
        F->fp.n = F->decls.n = 0;
        F->singles = F->grew = 0;
        L = fuse_control(F, s, -1);     /* a break in L's body leaves L */
    } while (L && F->grew);
    if (!L || !loop->kernels.n) return 0;
    loop->loc = fe_loc(fe, s);
    fuse_record(F, L);
    pv_push(fe->a, &fe->u->loops, loop);
    return 1;
}

static enum CXChildVisitResult find_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Fuse *F = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (clang_isExpression(k) || clang_isDeclaration(k)) return CXChildVisit_Continue;
    if ((k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt) &&
        fuse_facts(F, c)->launches && try_loop(F, c))
        return CXChildVisit_Continue;
    return CXChildVisit_Recurse;
}

/* Host functions of the main file: their outermost fusable loops. */
static enum CXChildVisitResult func_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Fe *fe = d;
    if (!fe_in_main(fe, c) || !fe_enter(fe, c)) return CXChildVisit_Continue;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl) return CXChildVisit_Recurse;
    if (k != CXCursor_FunctionDecl || !clang_isCursorDefinition(c) || fe_func(fe, c)) return CXChildVisit_Continue;
    CXCursor body = clang_getNullCursor();
    for (int i = 0; i < fe_nchildren(c); i++)
        if (clang_getCursorKind(fe_child(c, i)) == CXCursor_CompoundStmt) body = fe_child(c, i);
    if (clang_Cursor_isNull(body)) return CXChildVisit_Continue;
    Fuse F = { .fe = fe };
    F.addr_out = fuse_scan(fe, body, NULL, 1)->addressed;
    clang_visitChildren(body, find_visit, &F);
    return CXChildVisit_Continue;
}

void fe_find_team_loops(Fe *fe)
{
    clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), func_visit, fe);
}
