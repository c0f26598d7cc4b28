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
 * a a __shared__ or global array, any pointer or reference, or a member of
 * the object a member function runs on) and reads an element of the same
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

/* Whether other threads can see the memory of root's elements: a pointer
 * (a parameter array is one), a __shared__ or a namespace-scope array. */
static int visible_root(CXCursor d)
{
    /* a member: its object may be __shared__ */
    if (clang_getCursorKind(d) == CXCursor_ParmDecl || clang_getCursorKind(d) == CXCursor_FieldDecl) return 1;
    if (clang_getCursorKind(d) != CXCursor_VarDecl) return 0;
    CXType t = clang_getCursorType(d);
    if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference) return 1;
    if (is_pointer(t) || fe_has_attr(d, CXCursor_CUDASharedAttr)) return 1;
    enum CXCursorKind p = clang_getCursorKind(clang_getCursorSemanticParent(d));
    return p == CXCursor_TranslationUnit || p == CXCursor_Namespace || clang_getCursorLinkage(d) != CXLinkage_NoLinkage;
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

int fe_is_exchange(Fe *fe, CXCursor c)
{
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
 * not excused, as a negative index can be in its bounds). No lane reads what
 * another writes, so the threads may run one after another: no lock step,
 * which would cost every reduction loop of Rodinia a warp split. */

/* cond, or one operand of a top-level && of it, is `i < d` (or `d > i`). */
static int guard_has(CXCursor cond, CXCursor i, CXCursor d)
{
    cond = fe_strip(cond);
    if (clang_getCursorKind(cond) != CXCursor_BinaryOperator) return 0;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(cond);
    if (op == CXBinaryOperator_LAnd) return guard_has(fe_child(cond, 0), i, d) || guard_has(fe_child(cond, 1), i, d);
    if (op == CXBinaryOperator_LT) return same_expr(fe_child(cond, 0), i, 0) && same_expr(fe_child(cond, 1), d, 0);
    if (op == CXBinaryOperator_GT) return same_expr(fe_child(cond, 0), d, 0) && same_expr(fe_child(cond, 1), i, 0);
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

/* Whether the read c is a[i + d] (or a[d + i]) for the stored a[i] of an
 * array a, under a guard with i < d. */
static int excused_read(const Reads *q, CXCursor c)
{
    if (clang_Cursor_isNull(q->guard) || clang_getCursorKind(c) != CXCursor_ArraySubscriptExpr ||
        clang_getCursorKind(q->elem) != CXCursor_ArraySubscriptExpr)
        return 0;
    /* a one-dimensional array variable, read and stored as a[...] */
    CXType at = clang_getCanonicalType(clang_getCursorType(q->root));
    if (clang_getCursorKind(q->root) != CXCursor_VarDecl ||
        (at.kind != CXType_ConstantArray && at.kind != CXType_IncompleteArray))
        return 0;
    CXType et = clang_getCanonicalType(clang_getArrayElementType(at));
    if (et.kind == CXType_ConstantArray || et.kind == CXType_IncompleteArray) return 0;
    CXCursor rb = fe_strip(fe_child(c, 0)), sb = fe_strip(fe_child(q->elem, 0));
    if (clang_getCursorKind(rb) != CXCursor_DeclRefExpr || clang_getCursorKind(sb) != CXCursor_DeclRefExpr) return 0;
    CXCursor i = fe_child(q->elem, 1), sum = fe_strip(fe_child(c, 1));
    if (clang_getCursorKind(sum) != CXCursor_BinaryOperator || clang_getCursorBinaryOperatorKind(sum) != CXBinaryOperator_Add)
        return 0;
    CXCursor x = fe_child(sum, 0), y = fe_child(sum, 1);
    if (!scalar_expr(x) || !scalar_expr(y)) return 0;
    return (same_expr(x, i, 0) && guard_has(q->guard, i, y)) || (same_expr(y, i, 0) && guard_has(q->guard, i, x));
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
