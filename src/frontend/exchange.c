/*
 * exchange.c: statements through which threads exchange data in plain (not
 * volatile) memory with no barrier: `sums[idx] += sums[idx ^ 8];`.
 *
 * Each thread of such a statement reads another element of the array it
 * stores to. On the GPU the lanes of a warp run the statement together:
 * every lane has read before any lane stores, so a lane reads the value from
 * before the statement. cucpu runs the threads of a barrier interval one
 * after another, where lane 0's store would come before lane 8's read. Such
 * a statement runs in lock step over its warp (lower_lockstep), as a store
 * to volatile memory does. For race-free code lock step is one legal
 * schedule too, so a statement flagged here that needed no lock step costs a
 * warp split, never a different answer; a statement missed would be a
 * silently wrong answer, so the test leans to flagging.
 *
 * The test: the statement stores to an element (a[i], a[i].x, *(p + i), with
 * a a __shared__ array, a pointer or reference that may point to one, or a
 * member of the object a member function runs on; not global memory, see
 * visible_root) and reads an element of the same
 * variable that is not plainly the same (same_expr: the same tree). Not
 * seen: a read through another pointer to the same memory (`a[i] = b[i + 1]`
 * with b == a), and reads in another statement of the interval.
 */
#include <string.h>
#include "internal.h"

/* An integer constant's value. */
static int int_value(CXCursor c, long long *v)
{
    CXEvalResult ev = clang_Cursor_Evaluate(c);
    if (!ev) return 0;
    int ok = clang_EvalResult_getKind(ev) == CXEval_Int;
    if (ok) *v = clang_EvalResult_getAsLongLong(ev);
    clang_EvalResult_dispose(ev);
    return ok;
}

static int is_pointer(CXType t)
{
    t = clang_getCanonicalType(clang_getNonReferenceType(t));
    return t.kind == CXType_Pointer;
}

/* Whether a and b are the same expression: the same operators over the
 * same variables and constants. Anything with an effect or a call is not. */
static int same_expr(CXCursor a, CXCursor b, int depth)
{
    a = fe_strip(a);
    b = fe_strip(b);
    enum CXCursorKind k = clang_getCursorKind(a);
    if (k != clang_getCursorKind(b) || depth > 64) return 0;
    switch (k) {
    case CXCursor_IntegerLiteral: case CXCursor_CharacterLiteral: {
        long long x = 0, y = 0;
        return int_value(a, &x) && int_value(b, &y) && x == y;
    }
    case CXCursor_DeclRefExpr: case CXCursor_MemberRefExpr:
        if (!clang_equalCursors(clang_getCursorReferenced(a), clang_getCursorReferenced(b))) return 0;
        break;
    case CXCursor_BinaryOperator:
        if (clang_getCursorBinaryOperatorKind(a) != clang_getCursorBinaryOperatorKind(b) ||
            clang_getCursorBinaryOperatorKind(a) == CXBinaryOperator_Assign ||
            clang_getCursorBinaryOperatorKind(a) == CXBinaryOperator_Comma)
            return 0;
        break;
    case CXCursor_UnaryOperator: {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(a);
        if (op != clang_getCursorUnaryOperatorKind(b) || op == CXUnaryOperator_PostInc ||
            op == CXUnaryOperator_PostDec || op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec)
            return 0;
        break;
    }
    case CXCursor_ArraySubscriptExpr: case CXCursor_CStyleCastExpr: case CXCursor_CXXStaticCastExpr:
    case CXCursor_CXXFunctionalCastExpr: case CXCursor_ParenExpr:
        break;
    case CXCursor_UnexposedExpr:
        /* an implicit node with several children: compare what it names */
        if (!clang_equalCursors(clang_getCursorReferenced(a), clang_getCursorReferenced(b))) return 0;
        break;
    default:
        return 0;
    }
    if (!clang_equalTypes(clang_getCursorType(a), clang_getCursorType(b))) return 0;
    int n = fe_nchildren(a);
    if (n != fe_nchildren(b)) return 0;
    for (int i = 0; i < n; i++)
        if (!same_expr(fe_child(a, i), fe_child(b, i), depth + 1)) return 0;
    return 1;
}

/* The base of one step of an access chain (a[i] -> a, a.m -> a, *p -> p,
 * p + i -> p for a pointer p), or a null cursor. */
static CXCursor chain_base(CXCursor c)
{
    switch (clang_getCursorKind(c)) {
    case CXCursor_ArraySubscriptExpr:
        /* `i[a]` is legal C: the base is the pointer or array side */
        return is_pointer(clang_getCursorType(fe_strip(fe_child(c, 1)))) ? fe_strip(fe_child(c, 1))
                                                                          : fe_strip(fe_child(c, 0));
    case CXCursor_MemberRefExpr:
        return fe_nchildren(c) == 1 ? fe_strip(fe_child(c, 0)) : clang_getNullCursor();
    case CXCursor_UnaryOperator:
        return clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref ? fe_strip(fe_child(c, 0))
                                                                             : clang_getNullCursor();
    case CXCursor_BinaryOperator: {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        if (op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub) return clang_getNullCursor();
        for (int i = 0; i < 2; i++)
            if (is_pointer(clang_getCursorType(fe_strip(fe_child(c, i))))) return fe_strip(fe_child(c, i));
        return clang_getNullCursor();
    }
    default:
        return clang_getNullCursor();
    }
}

/* The variable whose memory the lvalue c is an element of: a for a[i][j].x
 * or *(a + i); a null cursor when c names no element (a plain variable, a
 * call's result). */
static CXCursor element_root(CXCursor c)
{
    int steps = 0;
    c = fe_strip(c);
    for (;;) {
        if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
            return steps ? clang_getCursorReferenced(c) : clang_getNullCursor();
        /* a member of the object a member function runs on (`v[t]`,
         * `this->v[t]`): the member stands for its memory */
        if (clang_getCursorKind(c) == CXCursor_MemberRefExpr &&
            (fe_nchildren(c) == 0 || clang_getCursorKind(fe_strip(fe_child(c, 0))) == CXCursor_CXXThisExpr))
            return steps ? clang_getCursorReferenced(c) : clang_getNullCursor();
        CXCursor b = chain_base(c);
        if (clang_Cursor_isNull(b)) return b;
        if (clang_getCursorKind(c) != CXCursor_MemberRefExpr || is_pointer(clang_getCursorType(b))) steps++;
        c = b;
    }
}

/* The element an lvalue is part of: a[i] for a[i].x (a member of a struct
 * element is still that thread's element). */
static CXCursor element_of(CXCursor c)
{
    c = fe_strip(c);
    while (clang_getCursorKind(c) == CXCursor_MemberRefExpr && fe_nchildren(c) == 1 &&
           !is_pointer(clang_getCursorType(fe_strip(fe_child(c, 0)))))
        c = fe_strip(fe_child(c, 0));
    return c;
}

/* Whether root's elements may be __shared__ memory that other lanes see:
 * a __shared__ array, a member (its object may be __shared__), or a
 * pointer or reference that may point there (a __device__ function's
 * parameter, a local). Global memory is left out: a kernel's parameter
 * (never __shared__) and a __device__ array. Warp-synchronous exchanges
 * live in shared memory; lock-stepping global-memory statements such as
 * bfs's `cost[id] = cost[tid] + 1`, whose indices cucpu cannot prove
 * distinct, cost bfs and gaussian 3-4x for no exchange. */
static int visible_root(CXCursor d)
{
    enum CXCursorKind k = clang_getCursorKind(d);
    if (k == CXCursor_FieldDecl) return 1;
    if (k == CXCursor_ParmDecl) {
        CXCursor f = clang_getCursorSemanticParent(d);
        return !fe_has_attr(f, CXCursor_CUDAGlobalAttr);
    }
    if (k != CXCursor_VarDecl) return 0;
    if (fe_has_attr(d, CXCursor_CUDASharedAttr)) return 1;
    CXType t = clang_getCursorType(d);
    if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference) return 1;
    enum CXCursorKind p = clang_getCursorKind(clang_getCursorSemanticParent(d));
    if (p == CXCursor_TranslationUnit || p == CXCursor_Namespace || clang_getCursorLinkage(d) != CXLinkage_NoLinkage)
        return 0;   /* a __device__ array, or a pointer variable at namespace scope */
    return is_pointer(t);
}

typedef struct Reads {
    CXCursor root, elem;   /* the stored element and its variable */
    int found;             /* another element of root is read */
    CXCursor guard;        /* an `if` condition the statement runs under
                              (excuse), or a null cursor */
} Reads;

static int excused_read(const Reads *q, CXCursor c);

static enum CXChildVisitResult find_read(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Reads *q = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    int access = k == CXCursor_ArraySubscriptExpr || k == CXCursor_MemberRefExpr ||
                 (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref);
    CXCursor r = access ? element_root(c) : clang_getNullCursor();
    if (!clang_Cursor_isNull(r) && clang_equalCursors(r, q->root) && !same_expr(element_of(c), q->elem, 0)) {
        /* a[i].x names the element a[i]; its inner a is not a read */
        if (clang_getCursorKind(c) != CXCursor_MemberRefExpr || is_pointer(clang_getCursorType(chain_base(c)))) {
            CXType t = clang_getCanonicalType(clang_getCursorType(c));
            if (t.kind != CXType_ConstantArray && t.kind != CXType_IncompleteArray && t.kind != CXType_VariableArray &&
                t.kind != CXType_DependentSizedArray && !excused_read(q, c)) {
                q->found = 1;
                return CXChildVisit_Break;
            }
        }
    }
    return CXChildVisit_Recurse;
}

/* The stored lvalue of an assignment, compound assignment, ++ or -- (also
 * a class type's operator), or a null cursor. */
CXCursor fe_store_target(CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_BinaryOperator) {
        if (clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign) return clang_getNullCursor();
    } else if (k == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        if (op != CXUnaryOperator_PostInc && op != CXUnaryOperator_PostDec && op != CXUnaryOperator_PreInc &&
            op != CXUnaryOperator_PreDec)
            return clang_getNullCursor();
    } else if (k == CXCursor_CallExpr) {
        if (fe_assign_operator(c) == NULL) return clang_getNullCursor();
        return fe_strip(clang_Cursor_getArgument(c, 0));
    } else if (k != CXCursor_CompoundAssignOperator)
        return clang_getNullCursor();
    return fe_strip(fe_child(c, 0));
}

/* `operator=` / `operator+=` ...: the operator's token ("=", "+=", ...)
 * of a call of a class type's assignment operator with two operands. */
const char *fe_assign_operator(CXCursor c)
{
    static const char *const ops[] = { "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", NULL };
    if (clang_getCursorKind(c) != CXCursor_CallExpr || clang_Cursor_getNumArguments(c) != 2) return NULL;
    CXString s = clang_getCursorSpelling(c);
    const char *n = clang_getCString(s);
    const char *r = NULL;
    if (n && !strncmp(n, "operator", 8))
        for (int i = 0; ops[i]; i++)
            if (!strcmp(n + 8, ops[i])) r = ops[i];
    clang_disposeString(s);
    return r;
}

/* Looks for reads in c and under it. */
static void find_reads(CXCursor c, Reads *q)
{
    if (find_read(c, clang_getNullCursor(), q) == CXChildVisit_Recurse) clang_visitChildren(c, find_read, q);
}

static void collect_excused(Fe *fe);

/* Whether c reads other elements of the memory it stores to; with a guard,
 * only reads that the guard does not excuse count. */
static int reads_others(CXCursor c, CXCursor guard)
{
    CXCursor lhs = fe_store_target(c);
    if (clang_Cursor_isNull(lhs)) return 0;
    Reads q = { element_root(lhs), element_of(lhs), 0, guard };
    if (clang_Cursor_isNull(q.root) || !visible_root(q.root)) return 0;
    /* the stored element's own indices (`s[s[i ^ 1]] = 0`) */
    for (CXCursor e = fe_strip(lhs), b; !clang_Cursor_isNull(b = chain_base(e)); e = b) {
        int n = fe_nchildren(e);
        for (int i = 0; i < n; i++) {
            CXCursor k = fe_strip(fe_child(e, i));
            if (!clang_equalRanges(clang_getCursorExtent(k), clang_getCursorExtent(b))) find_reads(k, &q);
        }
    }
    /* the value stored (a compound assignment's own read of lhs is the
     * stored element itself) */
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_CallExpr) find_reads(clang_Cursor_getArgument(c, 1), &q);
    else if (k != CXCursor_UnaryOperator) find_reads(fe_child(c, 1), &q);
    return q.found;
}

/* Off unless --lockstep-plain-memory: lock step costs a warp split per
 * flagged statement, and the test flags race-free statements too (lud's
 * `peri_row[i][idx] -= dia[i][j] * peri_row[j][idx]`, where each lane reads
 * its own column: lud ran 2x slower on the 16-core machine), while code
 * that exchanges through plain memory without a barrier races under
 * CUDA's memory model (volatile memory is always lock-stepped). */
int fe_is_exchange(Fe *fe, CXCursor c)
{
    if (!fe->lockstep_plain) return 0;
    if (!fe->excused_done) collect_excused(fe);
    if (!reads_others(c, clang_getNullCursor())) return 0;
    for (int i = 0; i < fe->excused.n; i++)
        if (clang_equalRanges(*(CXSourceRange *)fe->excused.v[i], clang_getCursorExtent(c))) return 0;
    return 1;
}

/* ---- guarded reduction steps: `if (i < d) a[i] += a[i + d];` ------------------------------- */
/* Under the guard i < d the lanes that store write a[i'] with i' < d, and a
 * lane reads a[i + d]; a lane whose read meets another's store has
 * i + d = i' < d, so i < 0: out of the bounds of the array a (a pointer is
 * not excused, as a negative index can be in its bounds). Likewise under
 * `i % (2 * s) == 0` a read of a[i + s] (backprop), or under
 * `(i + 1) % m == 0` one of a[i - m / 2] (srad's scan). No lane reads what
 * another writes, so the threads may run one after another: no lock step,
 * which would cost every reduction loop of Rodinia a warp split. */

/* ---- values the same in every lane ---- */
static int uniform_expr(CXCursor c, CXCursor self, int depth);

typedef struct Stores {
    CXCursor var;
    int addr_only;         /* only taking its address counts */
    int bad;
} Stores;

/* A store to q->var (unless addr_only) or its address taken. */
static enum CXChildVisitResult check_store(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Stores *q = d;
    CXCursor t = clang_getNullCursor();
    if (clang_getCursorKind(c) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf)
        t = fe_strip(fe_child(c, 0));
    else if (!q->addr_only)
        t = fe_store_target(c);
    if (!clang_Cursor_isNull(t) && clang_getCursorKind(t) == CXCursor_DeclRefExpr &&
        clang_equalCursors(clang_getCursorReferenced(t), q->var))
        q->bad = 1;
    return q->bad ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Whether c and what is under it never store to var (nor take its
 * address; with addr_only, only that). */
static int no_store_in(CXCursor c, CXCursor var, int addr_only)
{
    Stores q = { var, addr_only, 0 };
    if (check_store(c, clang_getNullCursor(), &q) == CXChildVisit_Recurse) clang_visitChildren(c, check_store, &q);
    return !q.bad;
}

/* Whether inner's source range lies within outer's. */
static int contains(CXCursor outer, CXCursor inner)
{
    CXSourceRange o = clang_getCursorExtent(outer), i = clang_getCursorExtent(inner);
    CXFile fo, fi;
    unsigned ob, oe, ib, ie;
    clang_getExpansionLocation(clang_getRangeStart(o), &fo, NULL, NULL, &ob);
    clang_getExpansionLocation(clang_getRangeEnd(o), NULL, NULL, NULL, &oe);
    clang_getExpansionLocation(clang_getRangeStart(i), &fi, NULL, NULL, &ib);
    clang_getExpansionLocation(clang_getRangeEnd(i), NULL, NULL, NULL, &ie);
    return fo && fi && clang_File_isEqual(fo, fi) && ob <= ib && ie <= oe;
}

typedef struct ForOf { CXCursor var, at, loop; } ForOf;

/* Whether the init of the `for` c sets var: `int var = u` or `var = u`. */
static int inits(CXCursor c, CXCursor var)
{
    CXCursor init = fe_child(c, 0);
    if (clang_getCursorKind(init) == CXCursor_DeclStmt)
        return fe_nchildren(init) == 1 && clang_equalCursors(fe_child(init, 0), var);
    init = fe_strip(init);
    if (clang_getCursorKind(init) != CXCursor_BinaryOperator || clang_getCursorBinaryOperatorKind(init) != CXBinaryOperator_Assign)
        return 0;
    CXCursor t = fe_strip(fe_child(init, 0));
    return clang_getCursorKind(t) == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(t), var);
}

/* The innermost `for` around q->at whose init sets q->var. */
static enum CXChildVisitResult find_for(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    ForOf *q = d;
    if (!contains(c, q->at)) return CXChildVisit_Continue;
    if (clang_getCursorKind(c) == CXCursor_ForStmt && inits(c, q->var)) q->loop = c;
    return CXChildVisit_Recurse;
}

/* A local the same in every lane that runs the code at `at`: declared with
 * a uniform value and never stored again; or the counter of a `for (s = u;
 * cond; inc)` (or `int s = u`) around it, u uniform,
 * cond and inc over s and uniform values, no other store to s in the loop
 * and no address of s taken (lanes that run an iteration have all taken
 * the same steps since the init; stores under a branch would not be
 * uniform, whatever their values). */
static int uniform_local(CXCursor var, CXCursor at, int depth)
{
    CXCursor fn = clang_getCursorSemanticParent(var);
    enum CXCursorKind fk = clang_getCursorKind(fn);
    if (fk != CXCursor_FunctionDecl && fk != CXCursor_FunctionTemplate && fk != CXCursor_CXXMethod) return 0;
    if (fe_has_attr(var, CXCursor_CUDASharedAttr) || clang_getCursorType(var).kind == CXType_LValueReference) return 0;
    /* `int p = 1 << i;` with i uniform, never stored again: each lane that
     * reaches a use ran the same declaration on the same values */
    int nk = fe_nchildren(var);
    CXCursor vi = nk ? fe_child(var, nk - 1) : clang_getNullCursor();
    if (nk && clang_isExpression(clang_getCursorKind(vi)) && no_store_in(fn, var, 0) &&
        uniform_expr(vi, clang_getNullCursor(), depth + 1))
        return 1;
    ForOf f = { var, at, clang_getNullCursor() };
    clang_visitChildren(fn, find_for, &f);
    /* init, condition, increment, body */
    if (clang_Cursor_isNull(f.loop) || fe_nchildren(f.loop) != 4) return 0;
    CXCursor init = fe_child(f.loop, 0), u;
    if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
        int n = fe_nchildren(var);
        u = n ? fe_child(var, n - 1) : clang_getNullCursor();
        if (!n || !clang_isExpression(clang_getCursorKind(u))) return 0;
    } else {
        u = fe_child(fe_strip(init), 1);
    }
    if (!uniform_expr(u, clang_getNullCursor(), depth + 1) || !uniform_expr(fe_child(f.loop, 1), var, depth + 1)) return 0;
    /* the increment: ++s, s--, s = v or s op= v with v uniform */
    CXCursor inc = fe_strip(fe_child(f.loop, 2)), t = fe_store_target(inc);
    enum CXCursorKind ik = clang_getCursorKind(inc);
    if (clang_Cursor_isNull(t) || ik == CXCursor_CallExpr || clang_getCursorKind(t) != CXCursor_DeclRefExpr ||
        !clang_equalCursors(clang_getCursorReferenced(t), var))
        return 0;
    if (ik != CXCursor_UnaryOperator && !uniform_expr(fe_child(inc, 1), var, depth + 1)) return 0;
    return no_store_in(fe_child(f.loop, 3), var, 0) && no_store_in(fn, var, 1);
}

/* A parameter that nothing stores to (nor takes the address of). */
static int never_stored(CXCursor parm)
{
    return no_store_in(clang_getCursorSemanticParent(parm), parm, 0);
}

/* c has one value in all lanes of a warp: constants, the kernel's own
 * parameters that nothing stores to, blockIdx, blockDim, gridDim, uniform
 * loop counters, and operators over them. */
static int uniform_expr(CXCursor c, CXCursor self, int depth)
{
    c = fe_strip(c);
    if (depth > 6) return 0;
    long long v;
    if (int_value(c, &v)) return 1;
    switch (clang_getCursorKind(c)) {
    case CXCursor_IntegerLiteral:
        return 1;
    case CXCursor_DeclRefExpr: {
        CXCursor d = clang_getCursorReferenced(c);
        enum CXCursorKind dk = clang_getCursorKind(d);
        if (!clang_Cursor_isNull(self) && clang_equalCursors(d, self)) return 1;   /* `s >>= 1` */
        if (dk == CXCursor_EnumConstantDecl || dk == CXCursor_NonTypeTemplateParameter) return 1;
        if (dk == CXCursor_ParmDecl)
            return fe_has_attr(clang_getCursorSemanticParent(d), CXCursor_CUDAGlobalAttr) && never_stored(d);
        if (dk != CXCursor_VarDecl) return 0;
        CXString sp = clang_getCursorSpelling(d);
        const char *n = clang_getCString(sp);
        int block = n && (!strcmp(n, "blockIdx") || !strcmp(n, "blockDim") || !strcmp(n, "gridDim") || !strcmp(n, "warpSize"));
        clang_disposeString(sp);
        return block || uniform_local(d, c, depth);
    }
    case CXCursor_MemberRefExpr:
        /* blockDim.x */
        return fe_nchildren(c) == 1 && uniform_expr(fe_child(c, 0), self, depth);
    case CXCursor_BinaryOperator: {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        if (op == CXBinaryOperator_Assign || op == CXBinaryOperator_Comma) return 0;
        break;
    }
    case CXCursor_UnaryOperator: {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        if (op != CXUnaryOperator_Minus && op != CXUnaryOperator_Plus && op != CXUnaryOperator_Not &&
            op != CXUnaryOperator_LNot)
            return 0;
        break;
    }
    case CXCursor_CStyleCastExpr: case CXCursor_CXXStaticCastExpr: case CXCursor_CXXFunctionalCastExpr:
    case CXCursor_ParenExpr: case CXCursor_UnexposedExpr: case CXCursor_ConditionalOperator:
        break;
    default:
        return 0;
    }
    int n = fe_nchildren(c);
    for (int i = 0; i < n; i++)
        if (!uniform_expr(fe_child(c, i), self, depth)) return 0;
    return n > 0;
}

/* cond, or one operand of a top-level && of it, is `i < d` (or `d > i`). */
static int guard_has(CXCursor cond, CXCursor i, CXCursor d)
{
    cond = fe_strip(cond);
    if (clang_getCursorKind(cond) != CXCursor_BinaryOperator) return 0;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(cond);
    if (op == CXBinaryOperator_LAnd) return guard_has(fe_child(cond, 0), i, d) || guard_has(fe_child(cond, 1), i, d);
    /* d the same in every lane: a lane's own d could reach another's i */
    if (op == CXBinaryOperator_LT)
        return same_expr(fe_child(cond, 0), i, 0) && same_expr(fe_child(cond, 1), d, 0) &&
               uniform_expr(d, clang_getNullCursor(), 0);
    if (op == CXBinaryOperator_GT)
        return same_expr(fe_child(cond, 0), d, 0) && same_expr(fe_child(cond, 1), i, 0) &&
               uniform_expr(d, clang_getNullCursor(), 0);
    return 0;
}

/* No memory reads, calls or effects in c: an element store before it under
 * the same guard cannot change its value. */
static int scalar_expr(CXCursor c)
{
    c = fe_strip(c);
    switch (clang_getCursorKind(c)) {
    case CXCursor_DeclRefExpr: case CXCursor_IntegerLiteral:
        return 1;
    case CXCursor_MemberRefExpr:
        /* threadIdx.x; not p->m */
        if (fe_nchildren(c) == 1 && is_pointer(clang_getCursorType(fe_strip(fe_child(c, 0))))) return 0;
        break;
    case CXCursor_BinaryOperator: {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        if (op == CXBinaryOperator_Assign || op == CXBinaryOperator_Comma) return 0;
        break;
    }
    case CXCursor_UnaryOperator: {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        if (op != CXUnaryOperator_Minus && op != CXUnaryOperator_Plus && op != CXUnaryOperator_Not) return 0;
        break;
    }
    case CXCursor_CStyleCastExpr: case CXCursor_CXXStaticCastExpr: case CXCursor_CXXFunctionalCastExpr:
    case CXCursor_ParenExpr: case CXCursor_UnexposedExpr:
        break;
    default:
        return 0;
    }
    int n = fe_nchildren(c);
    for (int i = 0; i < n; i++)
        if (!scalar_expr(fe_child(c, i))) return 0;
    return 1;
}

/* cond, or one operand of a top-level && of it, is `x % m == 0` (or
 * `0 == x % m`) with x the index i or i + c for a literal c, and the read's
 * offset d is m / 2 or m is 2 * d: a reader's i ± d then has the remainder
 * ±d, never 0 (|m| >= 2: 0 < |d| < |m|; |m| = 1 or d = 0: it is i itself). */
static int guard_mod(CXCursor cond, CXCursor i, CXCursor d)
{
    cond = fe_strip(cond);
    if (clang_getCursorKind(cond) != CXCursor_BinaryOperator) return 0;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(cond);
    if (op == CXBinaryOperator_LAnd) return guard_mod(fe_child(cond, 0), i, d) || guard_mod(fe_child(cond, 1), i, d);
    if (op != CXBinaryOperator_EQ) return 0;
    long long z = 1;
    CXCursor rem = fe_strip(fe_child(cond, 0)), zero = fe_strip(fe_child(cond, 1));
    if (clang_getCursorKind(zero) != CXCursor_IntegerLiteral) {
        CXCursor t = rem;
        rem = zero;
        zero = t;
    }
    if (clang_getCursorKind(zero) != CXCursor_IntegerLiteral || !int_value(zero, &z) || z != 0) return 0;
    if (clang_getCursorKind(rem) != CXCursor_BinaryOperator || clang_getCursorBinaryOperatorKind(rem) != CXBinaryOperator_Rem)
        return 0;
    CXCursor x = fe_strip(fe_child(rem, 0)), m = fe_strip(fe_child(rem, 1));
    if (!same_expr(x, i, 0)) {
        if (clang_getCursorKind(x) != CXCursor_BinaryOperator || clang_getCursorBinaryOperatorKind(x) != CXBinaryOperator_Add)
            return 0;
        CXCursor a = fe_strip(fe_child(x, 0)), b = fe_strip(fe_child(x, 1));
        if (!(same_expr(a, i, 0) && clang_getCursorKind(b) == CXCursor_IntegerLiteral) &&
            !(same_expr(b, i, 0) && clang_getCursorKind(a) == CXCursor_IntegerLiteral))
            return 0;
    }
    if (!scalar_expr(m) || !uniform_expr(m, clang_getNullCursor(), 0)) return 0;
    long long two = 0;
    CXCursor dd = fe_strip(d);
    /* d is m / 2 */
    if (clang_getCursorKind(dd) == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(dd) == CXBinaryOperator_Div &&
        same_expr(fe_child(dd, 0), m, 0) && int_value(fe_strip(fe_child(dd, 1)), &two) && two == 2)
        return 1;
    /* m is 2 * d or d * 2 */
    if (clang_getCursorKind(m) == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(m) == CXBinaryOperator_Mul)
        for (int k = 0; k < 2; k++)
            if (same_expr(fe_child(m, k), d, 0) && int_value(fe_strip(fe_child(m, 1 - k)), &two) && two == 2) return 1;
    return 0;
}

/* Under the guard, a lane's read index r of one dimension (stored index i)
 * is never an index that a lane which stores has: r = i + d with i < d in
 * the guard, or r = i ± d with the guard's `x % m == 0` (guard_mod). */
static int dim_excused(CXCursor guard, CXCursor i, CXCursor r)
{
    r = fe_strip(r);
    if (!scalar_expr(i) || clang_getCursorKind(r) != CXCursor_BinaryOperator) return 0;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(r);
    if (op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub) return 0;
    CXCursor x = fe_child(r, 0), y = fe_child(r, 1);
    if (!scalar_expr(x) || !scalar_expr(y)) return 0;
    if (op == CXBinaryOperator_Add &&
        ((same_expr(x, i, 0) && guard_has(guard, i, y)) || (same_expr(y, i, 0) && guard_has(guard, i, x))))
        return 1;
    if (same_expr(x, i, 0) && guard_mod(guard, i, y)) return 1;
    return op == CXBinaryOperator_Add && same_expr(y, i, 0) && guard_mod(guard, i, x);
}

/* The n indices of a[i0][i1]... (outermost first) when c subscripts the
 * variable root n times, down to its name; else 0. */
static int subscripts(CXCursor c, CXCursor root, CXCursor *idx, int max)
{
    CXCursor st[8];
    int n = 0;
    c = fe_strip(c);
    while (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr && n < 8) {
        st[n++] = fe_child(c, 1);
        c = fe_strip(fe_child(c, 0));
    }
    /* the variable, or the member array of the object a member function
     * runs on (`buf`, `this->buf`) */
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_MemberRefExpr &&
        !(fe_nchildren(c) == 0 || clang_getCursorKind(fe_strip(fe_child(c, 0))) == CXCursor_CXXThisExpr))
        return 0;
    if ((k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr) ||
        !clang_equalCursors(clang_getCursorReferenced(c), root) || n > max)
        return 0;
    for (int k = 0; k < n; k++) idx[k] = st[n - 1 - k];
    return n;
}

/* Whether the read c of the stored array's element, under q's guard,
 * provably meets no lane's store: in one of its dimensions the read index
 * is never a storing lane's (dim_excused). Only for an array variable (or
 * member) of as many dimensions as subscripts, whose indices below 0 or
 * past the end are out of bounds (a pointer's are not). */
static int excused_read(const Reads *q, CXCursor c)
{
    enum CXCursorKind rk = clang_getCursorKind(q->root);
    if (clang_Cursor_isNull(q->guard) || (rk != CXCursor_VarDecl && rk != CXCursor_FieldDecl)) return 0;
    int rank = 0;
    for (CXType t = clang_getCanonicalType(clang_getCursorType(q->root));
         t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray || t.kind == CXType_DependentSizedArray;
         t = clang_getCanonicalType(clang_getArrayElementType(t)))
        rank++;
    CXCursor wi[8], ri[8];
    int n = subscripts(q->elem, q->root, wi, 8);
    if (!n || n != rank || subscripts(c, q->root, ri, 8) != n) return 0;
    for (int k = 0; k < n; k++)
        if (dim_excused(q->guard, wi[k], ri[k])) return 1;
    return 0;
}

/* An assignment to an element (which changes no scalar a guard reads). */
static int element_store(CXCursor c)
{
    CXCursor t = fe_store_target(fe_strip(c));
    return !clang_Cursor_isNull(t) && !clang_Cursor_isNull(element_root(t));
}

static void excuse(Fe *fe, CXCursor s, CXCursor cond)
{
    s = fe_strip(s);
    if (!reads_others(s, clang_getNullCursor()) || reads_others(s, cond)) return;
    CXSourceRange *r = ar_alloc(fe->a, sizeof *r);
    *r = clang_getCursorExtent(s);
    pv_push(fe->a, &fe->excused, r);
}

static enum CXChildVisitResult find_guards(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Fe *fe = d;
    if (clang_Location_isInSystemHeader(clang_getCursorLocation(c))) return CXChildVisit_Continue;
    if (clang_getCursorKind(c) != CXCursor_IfStmt) return CXChildVisit_Recurse;
    /* children: [a condition variable,] the condition, then, [else] */
    int n = fe_nchildren(c);
    if (n < 2 || clang_getCursorKind(fe_child(c, 0)) == CXCursor_DeclStmt) return CXChildVisit_Recurse;
    CXCursor cond = fe_child(c, 0), then = fe_child(c, 1);
    if (clang_getCursorKind(then) != CXCursor_CompoundStmt) {
        excuse(fe, then, cond);
    } else {
        /* its statements up to the first that is not an element's store */
        int m = fe_nchildren(then);
        for (int k = 0; k < m && element_store(fe_child(then, k)); k++) excuse(fe, fe_child(then, k), cond);
    }
    return CXChildVisit_Recurse;
}

static void collect_excused(Fe *fe)
{
    fe->excused_done = 1;
    clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), find_guards, fe);
}
