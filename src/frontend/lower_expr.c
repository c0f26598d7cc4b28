/*
 * lower_expr.c: typed expression trees (ir/expr.h) from libclang cursors.
 * Part of the lowering of a kernel body (lower.h).
 *
 * Each node is told apart by its cursor kind and, for operators, by the
 * operator kind libclang 19 reports; its type is the cursor's. What this
 * file does not model becomes EX_OPAQUE with its source range. Parentheses
 * are no node: the node under them records their range (pbegin, pend).
 * Conversions clang inserts (an UnexposedExpr with one child) are folded
 * away when they keep the type but for const and volatile (lvalue to
 * rvalue, a typedef's name), else kept as an implicit EX_CAST.
 *
 * Depth is cut at IR_EXPR_MAX_DEPTH: what lies deeper is one EX_OPAQUE node.
 * Trees are built for the whole expression of a leaf, for an array index
 * (idx_of) and for a guard's condition.
 */
#include <string.h>
#include "lower.h"
#include "ir/expr.h"

/* The first few children of a cursor, the last one and how many there are
 * (one visit; expressions have at most three that matter here). */
typedef struct Few { CXCursor v[3], last; int n; } Few;

static enum CXChildVisitResult few_kid(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Few *f = d;
    if (f->n < 3) f->v[f->n] = c;
    f->last = c;
    f->n++;
    return CXChildVisit_Continue;
}

static Few few_of(CXCursor c)
{
    Few f = { .n = 0 };
    clang_visitChildren(c, few_kid, &f);
    return f;
}

unsigned expr_type_class(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    if (c.kind == CXType_Enum) {
        /* its underlying type's class (an `enum : unsigned` is unsigned) */
        CXType u = clang_getEnumDeclIntegerType(clang_getTypeDeclaration(c));
        return u.kind == CXType_Invalid || u.kind == CXType_Enum ? 0 : expr_type_class(u);
    }
    switch (c.kind) {
    case CXType_Bool: return IRT_INT | IRT_BOOL;
    case CXType_Char_U: case CXType_UChar: case CXType_UShort: case CXType_UInt: case CXType_ULong:
    case CXType_ULongLong: case CXType_UInt128: case CXType_Char16: case CXType_Char32:
        return IRT_INT | IRT_UNSIGNED;
    case CXType_Char_S: case CXType_SChar: case CXType_WChar: case CXType_Short: case CXType_Int:
    case CXType_Long: case CXType_LongLong: case CXType_Int128:
        return IRT_INT;
    case CXType_Float: case CXType_Double: case CXType_LongDouble: case CXType_Half:
    case CXType_Float16: case CXType_Float128: case CXType_BFloat16:
        return IRT_FLOAT;
    case CXType_Pointer: return IRT_POINTER;
    default: return 0;
    }
}

static IrExpr *ex_new(Lower *L, CXCursor c, IrExprKind k)
{
    Fe *fe = L->fe;
    IrExpr *x = ar_alloc(fe->a, sizeof *x);
    x->kind = k;
    CXType t = clang_getCursorType(c);
    x->type = fe_cxstr(fe, clang_getTypeSpelling(t));
    x->tflags = expr_type_class(t);
    fe_range(fe, c, &x->begin, &x->end);
    x->pbegin = x->begin;
    x->pend = x->end;
    x->loc = fe_loc_at(fe, x->begin);
    return x;
}

static IrExpr *build(Lower *L, CXCursor c, int depth);

/* The same type but for const and volatile (an lvalue read as a value). */
static int same_type(CXType a, CXType b)
{
    return clang_equalTypes(clang_getCanonicalType(clang_getUnqualifiedType(a)),
                            clang_getCanonicalType(clang_getUnqualifiedType(b)));
}

/* x with n children, built from cursors kids. */
static IrExpr *with_kids(Lower *L, IrExpr *x, const CXCursor *kids, int n, int depth)
{
    x->nkids = n;
    x->kids = ar_alloc(L->fe->a, sizeof *x->kids * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) x->kids[i] = build(L, kids[i], depth + 1);
    return x;
}

static IrExpr *value_of(Lower *L, CXCursor c, IrExprKind k)
{
    IrExpr *x = ex_new(L, c, k);
    CXEvalResult r = clang_Cursor_Evaluate(c);
    if (!r) return x;
    if (k == EX_FLOAT) x->fval = clang_EvalResult_getAsDouble(r);
    else {
        x->ival = clang_EvalResult_getAsLongLong(r);
        x->has_value = 1;
    }
    clang_EvalResult_dispose(r);
    return x;
}

/* threadIdx.x and the like: the builtin's node, or NULL when member
 * access c is something else. */
static IrExpr *builtin_member(Lower *L, CXCursor c, Few f)
{
    if (f.n < 1) return NULL;
    CXCursor base = f.v[0];
    while (clang_getCursorKind(base) == CXCursor_UnexposedExpr && fe_nchildren(base) == 1) base = fe_child(base, 0);
    const char *b = clang_getCursorKind(base) == CXCursor_DeclRefExpr ? fe_builtin_name(clang_getCursorReferenced(base)) : NULL;
    if (!b) return NULL;
    const char *m = fe_name(L->fe, c);
    IrExpr *x = ex_new(L, c, EX_BUILTIN);
    x->dim = m[0] == 'x' ? 0 : m[0] == 'y' ? 1 : 2;
    x->tid = !strcmp(b, "threadIdx");
    x->builtin = !strcmp(b, "blockIdx") ? IRB_BLOCK_IDX : !strcmp(b, "blockDim") ? IRB_BLOCK_DIM : IRB_GRID_DIM;
    return x;
}

/* A use of a declaration: a kernel variable, a builtin used whole, an
 * enum constant (its value), or any other name. */
static IrExpr *decl_ref(Lower *L, CXCursor c)
{
    CXCursor d = clang_getCursorReferenced(c);
    const char *b = fe_builtin_name(d);
    if (b) {
        IrExpr *x = ex_new(L, c, EX_BUILTIN);
        x->dim = -1;
        x->tid = !strcmp(b, "threadIdx");
        x->builtin = !strcmp(b, "blockIdx") ? IRB_BLOCK_IDX : !strcmp(b, "blockDim") ? IRB_BLOCK_DIM : IRB_GRID_DIM;
        return x;
    }
    IrVar *v = lookup(L, d);
    IrExpr *x = ex_new(L, c, v ? EX_VAR : EX_DECL);
    x->var = v;
    x->name = fe_name(L->fe, c);
    if (!v && clang_getCursorKind(d) == CXCursor_EnumConstantDecl) {
        x->has_value = 1;
        x->ival = clang_getEnumConstantDeclValue(d);
    }
    return x;
}

/* f(args): the callee as the call names it, the arguments as kids (a
 * member call's object is not one of them; an overloaded operator's
 * operands all are, `a(x)` calling operator() with a and x). */
static IrExpr *call(Lower *L, CXCursor c, int depth)
{
    int n = clang_Cursor_getNumArguments(c);
    if (n < 0) return ex_new(L, c, EX_OPAQUE);
    IrExpr *x = ex_new(L, c, EX_CALL);
    x->name = fe_call_name(L->fe, c);
    x->nkids = n;
    x->kids = ar_alloc(L->fe->a, sizeof *x->kids * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) x->kids[i] = build(L, clang_Cursor_getArgument(c, (unsigned)i), depth + 1);
    return x;
}

static IrExpr *cast(Lower *L, CXCursor c, Few f, IrCastKind how, int depth)
{
    if (f.n < 1) return ex_new(L, c, EX_OPAQUE);
    IrExpr *x = ex_new(L, c, EX_CAST);
    x->cast = how;
    return with_kids(L, x, &f.last, 1, depth);   /* after a TypeRef, if any */
}

static IrExpr *build(Lower *L, CXCursor c, int depth)
{
    if (depth >= IR_EXPR_MAX_DEPTH) return ex_new(L, c, EX_OPAQUE);
    enum CXCursorKind k = clang_getCursorKind(c);
    Few f = few_of(c);
    switch (k) {
    case CXCursor_ParenExpr: {
        if (f.n != 1) break;
        IrExpr *x = build(L, f.v[0], depth + 1);
        fe_range(L->fe, c, &x->pbegin, &x->pend);
        return x;
    }
    case CXCursor_UnexposedExpr: {
        if (f.n != 1) break;
        IrExpr *in = build(L, f.v[0], depth + 1);
        if (same_type(clang_getCursorType(c), clang_getCursorType(f.v[0]))) return in;
        IrExpr *x = ex_new(L, c, EX_CAST);
        x->cast = CAST_IMPLICIT;
        x->nkids = 1;
        x->kids = ar_alloc(L->fe->a, sizeof *x->kids);
        x->kids[0] = in;
        return x;
    }
    case CXCursor_CStyleCastExpr: return cast(L, c, f, CAST_C, depth);
    case CXCursor_CXXFunctionalCastExpr: return cast(L, c, f, CAST_FUNCTIONAL, depth);
    case CXCursor_CXXStaticCastExpr: case CXCursor_CXXReinterpretCastExpr: case CXCursor_CXXConstCastExpr:
    case CXCursor_CXXDynamicCastExpr:
        return cast(L, c, f, CAST_NAMED, depth);
    case CXCursor_IntegerLiteral: case CXCursor_CharacterLiteral: case CXCursor_CXXBoolLiteralExpr:
        return value_of(L, c, EX_INT);
    case CXCursor_FloatingLiteral: return value_of(L, c, EX_FLOAT);
    case CXCursor_BinaryOperator: case CXCursor_CompoundAssignOperator: {
        if (f.n != 2) break;
        IrOp op = (IrOp)clang_getCursorBinaryOperatorKind(c);
        if (op <= OP_NONE || op > OP_COMMA) break;
        IrExpr *x = ex_new(L, c, op >= OP_ASSIGN && op <= OP_OR_ASSIGN ? EX_ASSIGN : EX_BINARY);
        x->op = op;
        return with_kids(L, x, f.v, 2, depth);
    }
    case CXCursor_UnaryOperator: {
        enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);
        if (f.n != 1 || u == CXUnaryOperator_Invalid) break;
        IrExpr *x = ex_new(L, c, EX_UNARY);
        x->op = (IrOp)(OP_COMMA + u);
        return with_kids(L, x, f.v, 1, depth);
    }
    case CXCursor_ConditionalOperator:
        if (f.n != 3) break;
        return with_kids(L, ex_new(L, c, EX_COND), f.v, 3, depth);
    case CXCursor_ArraySubscriptExpr:
        if (f.n != 2) break;
        return with_kids(L, ex_new(L, c, EX_SUBSCRIPT), f.v, 2, depth);
    case CXCursor_MemberRefExpr: {
        IrExpr *b = builtin_member(L, c, f);
        if (b) return b;
        if (f.n > 1) break;
        IrExpr *x = ex_new(L, c, EX_MEMBER);
        x->name = fe_name(L->fe, c);
        /* `m` alone in a member function: no object in the tree */
        if (f.n == 1) x->arrow = clang_getCursorType(f.v[0]).kind == CXType_Pointer;
        return with_kids(L, x, f.v, f.n, depth);
    }
    case CXCursor_DeclRefExpr: return decl_ref(L, c);
    case CXCursor_CallExpr: return call(L, c, depth);
    default: break;
    }
    return ex_new(L, c, EX_OPAQUE);
}

IrExpr *expr_of(Lower *L, CXCursor c)
{
    return clang_Cursor_isNull(c) ? NULL : build(L, c, 0);
}

IrIdx *idx_of(Lower *L, CXCursor c) { return ir_expr_idx(L->fe->a, expr_of(L, c)); }
