/*
 * fuse_scan.c: what a subtree of host code does, for the fusion of host loops
 * (fuse.h): the calls it makes (dim3 constructors aside), whether it reads
 * memory, writes memory, assigns locals, takes their addresses, names local
 * arrays, jumps out of itself or launches kernels (Facts).
 */
#include <string.h>
#include "fuse.h"

/* out_args: `&x` passed to a CUDA runtime call that only writes through it
 * during the call (see out_arg_call) does not count as address taken. */
typedef struct Scan { Fe *fe; Facts *f; int loops, switches; const PtrVec *addr; int out_args; } Scan;

int fuse_in_set(const PtrVec *s, CXCursor c)
{
    for (int i = 0; i < s->n; i++)
        if (clang_equalCursors(*(CXCursor *)s->v[i], c)) return 1;
    return 0;
}

void fuse_add_set(Fe *fe, PtrVec *s, CXCursor c)
{
    if (fuse_in_set(s, c)) return;
    CXCursor *p = ar_alloc(fe->a, sizeof *p);
    *p = c;
    pv_push(fe->a, s, p);
}

/* A non-static local variable or parameter of a function. */
int fuse_is_local(CXCursor v)
{
    enum CXCursorKind k = clang_getCursorKind(v);
    if (k == CXCursor_ParmDecl) return 1;
    return k == CXCursor_VarDecl && !clang_Cursor_hasVarDeclGlobalStorage(v) &&
           !clang_Cursor_hasVarDeclExternalStorage(v);
}


int fuse_is_array(CXType t)
{
    return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray || t.kind == CXType_VariableArray ||
           t.kind == CXType_DependentSizedArray;
}

/* The local that expression e names, or a null cursor. */
static CXCursor local_of(CXCursor e)
{
    e = fe_strip(e);
    if (clang_getCursorKind(e) != CXCursor_DeclRefExpr) return clang_getNullCursor();
    CXCursor v = clang_getCursorReferenced(e);
    return fuse_is_local(v) ? v : clang_getNullCursor();
}

static enum CXChildVisitResult scan_visit(CXCursor c, CXCursor parent, CXClientData d);

static void scan_kids(Scan *s, CXCursor c) { clang_visitChildren(c, scan_visit, s); }

/* &e: the local whose storage e names (x, x.f, a[i] of a local array)
 * has its address taken; indices and pointers followed do not. */
static void addr_target(Scan *s, CXCursor e)
{
    for (;;) {
        e = fe_strip(e);
        enum CXCursorKind k = clang_getCursorKind(e);
        if (k == CXCursor_MemberRefExpr && fe_nchildren(e) == 1 &&
            clang_getCursorType(fe_strip(fe_child(e, 0))).kind != CXType_Pointer)
            e = fe_child(e, 0);
        else if (k == CXCursor_ArraySubscriptExpr && fuse_is_array(clang_getCursorType(fe_strip(fe_child(e, 0)))))
            e = fe_child(e, 0);
        else
            break;
    }
    CXCursor v = local_of(e);
    if (!clang_Cursor_isNull(v)) fuse_add_set(s->fe, &s->f->addressed, v);
}

static void assign_target(Scan *s, CXCursor lhs)
{
    CXCursor t = fe_strip(lhs);
    /* s.f = ... assigns s; p->f = ... assigns memory */
    while (clang_getCursorKind(t) == CXCursor_MemberRefExpr && fe_nchildren(t) == 1 &&
           clang_getCursorType(fe_strip(fe_child(t, 0))).kind != CXType_Pointer)
        t = fe_strip(fe_child(t, 0));
    CXCursor v = local_of(t);
    if (!clang_Cursor_isNull(v) && !fuse_is_array(clang_getCursorType(v))) fuse_add_set(s->fe, &s->f->assigned, v);
    else s->f->mem_writes++;
}

static int is_dim3_ctor(CXCursor call)
{
    CXCursor r = clang_getCursorReferenced(call);
    if (clang_getCursorKind(r) != CXCursor_Constructor) return 0;
    CXString n = clang_getCursorSpelling(clang_getCursorSemanticParent(r));
    int ok = !strcmp(clang_getCString(n), "dim3") || !strcmp(clang_getCString(n), "uint3");
    clang_disposeString(n);
    return ok;
}

/* CUDA runtime calls whose pointer arguments are outputs (or inputs) used
 * only during the call: the runtime keeps none of them, so `&x` given to
 * one lets no later statement reach x. Callbacks (cudaLaunchHostFunc,
 * cudaStreamAddCallback) keep theirs and are not listed. */
static int out_arg_call(CXCursor call)
{
    static const char *const names[] = {
        "cudaMalloc", "cudaMallocHost", "cudaMallocManaged", "cudaMallocPitch", "cudaMallocAsync",
        "cudaHostAlloc", "cudaHostGetDevicePointer", "cudaMemcpy", "cudaMemcpyAsync",
        "cudaMemcpyToSymbol", "cudaMemcpyFromSymbol", "cudaMemcpyToSymbolAsync",
        "cudaMemcpyFromSymbolAsync", "cudaGetSymbolAddress", "cudaGetSymbolSize",
        "cudaEventCreate", "cudaEventCreateWithFlags", "cudaEventElapsedTime", "cudaStreamCreate",
        "cudaStreamCreateWithFlags", "cudaStreamCreateWithPriority", "cudaGetDevice",
        "cudaGetDeviceCount", "cudaGetDeviceProperties", "cudaDeviceGetAttribute", "cudaMemGetInfo",
        "cudaDriverGetVersion", "cudaRuntimeGetVersion", "cudaCreateTextureObject",
        "cudaPointerGetAttributes", "cudaFuncGetAttributes", "cudaOccupancyMaxPotentialBlockSize",
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor",
    };
    CXCursor f = clang_getCursorReferenced(call);
    if (clang_getCursorKind(f) != CXCursor_FunctionDecl && clang_getCursorKind(f) != CXCursor_FunctionTemplate)
        return 0;
    CXString n = clang_getCursorSpelling(f);
    int ok = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !ok; i++) ok = !strcmp(clang_getCString(n), names[i]);
    clang_disposeString(n);
    return ok;
}

/* `&x` or `(T)&x` of a local x. */
static int addr_of_local(CXCursor e)
{
    e = fe_strip(e);
    while (clang_getCursorKind(e) == CXCursor_CStyleCastExpr || clang_getCursorKind(e) == CXCursor_CXXStaticCastExpr ||
           clang_getCursorKind(e) == CXCursor_CXXReinterpretCastExpr) {
        if (!fe_nchildren(e)) return 0;
        e = fe_strip(fe_child(e, fe_nchildren(e) - 1));
    }
    return clang_getCursorKind(e) == CXCursor_UnaryOperator &&
           clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf && !clang_Cursor_isNull(local_of(fe_child(e, 0)));
}

/* Arguments bound to non-const references and objects whose methods are
 * called may be modified: count them as address taken. */
static void scan_call(Scan *s, CXCursor c)
{
    if (fe_is_launch(c)) { s->f->launches++; return; }
    if (!is_dim3_ctor(c)) s->f->calls++;
    CXType ft = clang_getCursorType(clang_getCursorReferenced(c));
    int n = clang_Cursor_getNumArguments(c);
    for (int i = 0; i < n && ft.kind == CXType_FunctionProto && i < clang_getNumArgTypes(ft); i++) {
        CXType pt = clang_getArgType(ft, (unsigned)i);
        if (pt.kind != CXType_LValueReference && pt.kind != CXType_RValueReference) continue;
        if (clang_isConstQualifiedType(clang_getPointeeType(pt))) continue;
        CXCursor v = local_of(clang_Cursor_getArgument(c, (unsigned)i));
        if (!clang_Cursor_isNull(v)) fuse_add_set(s->fe, &s->f->addressed, v);
    }
    CXCursor callee = fe_nchildren(c) ? fe_strip(fe_child(c, 0)) : clang_getNullCursor();
    if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr && fe_nchildren(callee) == 1) {
        CXCursor v = local_of(fe_child(callee, 0));
        if (!clang_Cursor_isNull(v)) fuse_add_set(s->fe, &s->f->addressed, v);
    }
}

static void scan_unary(Scan *s, CXCursor c)
{
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
    if (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec || op == CXUnaryOperator_PreInc ||
        op == CXUnaryOperator_PreDec)
        assign_target(s, fe_child(c, 0));
    else if (op == CXUnaryOperator_AddrOf)
        addr_target(s, fe_child(c, 0));
    else if (op == CXUnaryOperator_Deref)
        s->f->reads++;
}

static void scan_binary(Scan *s, CXCursor c)
{
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    if (op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign) assign_target(s, fe_child(c, 0));
}

static void scan_cursor(Scan *s, CXCursor c)
{
    Facts *f = s->f;
    switch (clang_getCursorKind(c)) {
    case CXCursor_CallExpr:
        scan_call(s, c);
        if (fe_is_launch(c)) return;
        if (s->out_args && out_arg_call(c) && fe_nchildren(c)) {
            scan_cursor(s, fe_child(c, 0));
            for (int i = 0; i < clang_Cursor_getNumArguments(c); i++) {
                CXCursor a = clang_Cursor_getArgument(c, (unsigned)i);
                if (!addr_of_local(a)) scan_cursor(s, a);
            }
            return;
        }
        break;
    case CXCursor_LambdaExpr: case CXCursor_CXXNewExpr: case CXCursor_CXXDeleteExpr: case CXCursor_CXXThrowExpr:
    case CXCursor_GCCAsmStmt: case CXCursor_MSAsmStmt: case CXCursor_CXXTryStmt:
        f->calls++;
        break;
    case CXCursor_UnaryOperator: scan_unary(s, c); break;
    case CXCursor_BinaryOperator: case CXCursor_CompoundAssignOperator: scan_binary(s, c); break;
    case CXCursor_ArraySubscriptExpr: f->reads++; break;
    case CXCursor_MemberRefExpr:
        if (fe_nchildren(c) == 1 && clang_getCursorType(fe_strip(fe_child(c, 0))).kind == CXType_Pointer) f->reads++;
        break;
    case CXCursor_DeclRefExpr: {
        /* globals and locals whose address escapes are memory a single may write */
        CXCursor v = clang_getCursorReferenced(c);
        if (fuse_is_local(v) && fuse_is_array(clang_getCursorType(v))) fuse_add_set(s->fe, &f->arrays, v);
        if (clang_getCursorKind(v) == CXCursor_VarDecl && !fuse_is_local(v)) f->reads++;
        else if (s->addr && fuse_in_set(s->addr, v)) f->areads++;
        break;
    }
    case CXCursor_VarDecl: {
        enum CXTypeKind t = clang_getCursorType(c).kind;
        if (!fuse_is_local(c) || t == CXType_LValueReference || t == CXType_RValueReference) f->calls++;
        break;
    }
    case CXCursor_ReturnStmt: case CXCursor_GotoStmt: case CXCursor_IndirectGotoStmt: case CXCursor_LabelStmt:
        f->jumps++;
        break;
    case CXCursor_BreakStmt: if (!s->loops && !s->switches) f->jumps++; break;
    case CXCursor_ContinueStmt: if (!s->loops) f->jumps++; break;
    case CXCursor_ForStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt:
        s->loops++; scan_kids(s, c); s->loops--;
        return;
    case CXCursor_SwitchStmt:
        s->switches++; scan_kids(s, c); s->switches--;
        return;
    default: break;
    }
    scan_kids(s, c);
}

static enum CXChildVisitResult scan_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    scan_cursor(d, c);
    return CXChildVisit_Continue;
}

/* addr: the function's address-taken locals, or NULL while finding them;
 * out_args: see Scan */
Facts *fuse_scan(Fe *fe, CXCursor c, const PtrVec *addr, int out_args)
{
    Facts *f = ar_alloc(fe->a, sizeof *f);
    Scan s = { fe, f, 0, 0, addr, out_args };
    scan_cursor(&s, c);
    return f;
}
