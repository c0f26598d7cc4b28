/*
 * lower.c: a kernel body to the per-thread IR.
 *
 * Statements that contain no barrier become TEXT leaves: a byte range of the
 * file plus the refs inside it (variable uses, returns, calls needing the
 * thread context). Statements that contain a barrier keep their structure:
 *
 *   { s1; s2; }                     -> SEQ
 *   T x = e;                        -> DECL x (init e)
 *   __syncthreads();                -> BARRIER
 *   if (c) A else B                 -> IF c A B
 *   for (i; c; n) A                 -> FOR i c n A
 *   while (c) A / do A while (c)    -> WHILE / DO
 *   return; break; continue;        -> RETURN / BREAK / CONTINUE
 *   f(args);  (f has a barrier)     -> SEQ { DECL p_i = arg_i ...; body of f }
 *   __shared__ T s[N];              -> SHARED s, hoisted to the kernel
 *
 * Barriers anywhere else (inside an expression, a switch, a goto target)
 * are reported as errors naming the construct.
 */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

typedef struct VarMap { CXCursor c; IrVar *v; } VarMap;
typedef struct LoopCtx { int id; int barrier; int is_switch; } LoopCtx;

/* Loops nested deeper than this in one kernel are refused (the thread
 * loops' codegen keeps a stack of the enclosing loops). */
enum { MAX_LOOP_DEPTH = 60 };

typedef struct Lower {
    Fe *fe;
    IrKernel *k;
    VarMap *map;
    int nmap, capmap;
    LoopCtx loops[MAX_LOOP_DEPTH];
    int nloops;
    int ret_loop;            /* inlining: `return` breaks this loop; -1 in the kernel */
    IrVar *ret_var;          /* inlining: where `return e` stores e, or NULL */
    int depth;               /* inlining depth */
    FeFunc *func;            /* the kernel */
    PtrVec hoisted;          /* Hoisted*: barrier calls moved out of their expressions */
    PtrVec tsubst;           /* TSubst*: template parameters of the inlined function */
    PtrVec inlined;          /* IrVar*: parameters and locals of inlined functions */
    int ntemps;              /* cucpu_ret_<n> temporaries made */
    int in_lockstep;         /* scanning the parts of a lock-step store */
    /* inlining a member function (members.c's job in a smaller world): the
     * object, a `C &cucpu_this_N` local bound to the call's object (NULL
     * in a static member), the class (its template pattern) whose names
     * the body uses unqualified, and that class as the kernel spells it */
    IrVar *this_var;
    CXCursor this_class;
    const char *this_class_text;
    int this_dependent;      /* this_class_text names the kernel's template parameters */
    int this_is_ptr;         /* this_var is a pointer (`p->f()`), not a reference */
    int nthis;
} Lower;

/* A call of a function with a barrier inside an expression: normalization
 * runs it first, as a statement, storing its value into `var`; the
 * expression then reads var where the call stood. */
typedef struct Hoisted { CXCursor call; IrVar *var; } Hoisted;

/* Inlining a function template: each use of parameter `param` (named
 * `name`) prints as `text`, the argument of this call. */
typedef struct TSubst { CXCursor param; const char *name; const char *text; } TSubst;

static IrStmt *lower_stmt(Lower *L, CXCursor c);
static IrStmt *lower_inline(Lower *L, CXCursor call, FeFunc *f, IrVar *ret);
static IrStmt *hoist_calls(Lower *L, CXCursor e);
static int has_barrier(Lower *L, CXCursor c);
static int cmp_ref(const void *a, const void *b);
static FeFunc *barrier_callee(Lower *L, CXCursor e);
static IrStmt *lower_sync_reduction(Lower *L, CXCursor call, IrVar *x);
typedef struct WarpOp WarpOp;
static const WarpOp *warp_op(const char *n);
typedef struct WarpCall WarpCall;
static const char *warp_result_type(Lower *L, CXCursor call, const WarpCall *w);
static int warp_call(Fe *fe, CXCursor call, WarpCall *w);
static IrStmt *lower_warp(Lower *L, CXCursor call, const WarpCall *w, IrVar *ret);
static IrStmt *lower_lockstep(Lower *L, CXCursor e);
static void range_replace(Lower *L, IrRange *r, unsigned b, unsigned e, const char *text);
static int is_sync_reduction(Lower *L, CXCursor e);

/* ---- variables -------------------------------------------------------------- */

static IrVar *lookup(Lower *L, CXCursor c)
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
static int after_dims(Lower *L, CXCursor d, int *first)
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
static const char *subst_type(Lower *L, const char *t)
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
static const char *tsubst_of(Lower *L, CXCursor ref)
{
    for (int i = 0; i < L->tsubst.n; i++) {
        TSubst *ts = L->tsubst.v[i];
        if (clang_equalCursors(ts->param, ref)) return ts->text;
    }
    return NULL;
}

/* A local the translator makes (no declaration of the user's). */
static IrVar *synth_var(Lower *L, const char *name, const char *type, SrcLoc loc, unsigned flags)
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

static int is_class_kind(enum CXCursorKind k);
static CXCursor class_pattern(CXCursor c);
static int member_of(CXCursor decl, CXCursor cls);

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

static IrVar *new_var(Lower *L, CXCursor d, unsigned flags)
{
    Fe *fe = L->fe;
    IrVar *v = ar_alloc(fe->a, sizeof *v);
    v->name = fe_name(fe, d);
    v->loc = fe_loc(fe, d);
    v->flags = flags;
    v->id = L->k->vars.n;
    CXType t = clang_getCursorType(d);
    if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
        t.kind == CXType_DependentSizedArray || t.kind == CXType_VariableArray) {
        CXType e = t;
        while (e.kind == CXType_ConstantArray || e.kind == CXType_IncompleteArray ||
               e.kind == CXType_DependentSizedArray || e.kind == CXType_VariableArray)
            e = clang_getArrayElementType(e);
        v->elem_type = subst_type(L, fe_cxstr(fe, clang_getTypeSpelling(e)));
        v->dims = decl_dims(L, d, t);
        v->type = v->elem_type;
        v->flags |= IRV_VARYING;          /* element-wise writes are not tracked */
    } else {
        CXType u = clang_getUnqualifiedType(t);
        /* `auto` as deduced, so that a per-thread copy can be declared */
        if (t.kind == CXType_Auto && clang_getCanonicalType(t).kind != CXType_Auto && clang_getCanonicalType(t).kind != CXType_Invalid)
            u = clang_getUnqualifiedType(clang_getCanonicalType(t));
        v->type = member_type(L, u, subst_type(L, fe_cxstr(fe, clang_getTypeSpelling(u))));
        v->dims = "";
        if (t.kind == CXType_Record || t.kind == CXType_Elaborated || t.kind == CXType_LValueReference)
            v->flags |= IRV_VARYING;
    }
    if (clang_isConstQualifiedType(t) || clang_isVolatileQualifiedType(t)) v->flags |= IRV_QUALIFIED;
    long long size = clang_Type_getSizeOf(t);
    v->size = size > 0 ? (long)size : 0;
    pv_push(fe->a, &L->k->vars, v);
    bind(L, d, v);
    return v;
}

/* ---- scanning leaves for refs --------------------------------------------------- */

/* A growable list of cursors, storage from the arena. */
typedef struct CurVec { CXCursor *v; int n, cap; } CurVec;

static void cv_push(Arena *a, CurVec *cv, CXCursor c)
{
    if (cv->n == cv->cap) {
        int cap = cv->cap ? 2 * cv->cap : 16;
        CXCursor *v = ar_alloc(a, sizeof *v * (size_t)cap);
        if (cv->n) memcpy(v, cv->v, sizeof *v * (size_t)cv->n);
        cv->v = v;
        cv->cap = cap;
    }
    cv->v[cv->n++] = c;
}

typedef struct Scan {
    Lower *L;
    IrRange *r;
    CurVec writes;           /* variables stored into */
    CurVec stores;           /* lvalues stored into */
    CurVec rows;             /* inner subscripts of recorded multi-dimensional accesses */
    CurVec bases;            /* array names of recorded accesses */
    int in_lambda;           /* inside a lambda's body: its jumps are its own */
} Scan;

static IrRef *add_ref(Scan *s, IrRefKind k, unsigned b, unsigned e)
{
    IrRef *ref = ar_alloc(s->L->fe->a, sizeof *ref);
    ref->kind = k;
    ref->begin = b;
    ref->end = e;
    pv_push(s->L->fe->a, &s->r->refs, ref);
    return ref;
}

/* The variable an lvalue expression stores into: `x`, `x.f`, `x[i]` for a
 * local array x; null when it stores through a pointer. */
static CXCursor lvalue_base(CXCursor e)
{
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(e);
        if ((k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr) && fe_nchildren(e) == 1) { e = fe_child(e, 0); continue; }
        if (k == CXCursor_DeclRefExpr) return e;
        if (k == CXCursor_MemberRefExpr || k == CXCursor_ArraySubscriptExpr) {
            CXCursor base = fe_child(e, 0);
            CXType t = clang_getCursorType(base);
            if (clang_Cursor_isNull(base) || t.kind == CXType_Pointer) return clang_getNullCursor();
            e = base;
            continue;
        }
        return clang_getNullCursor();
    }
}

/* Remembers the variable that assignment or increment c stores into. */
static void note_store(Scan *s, CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    CXCursor target = clang_getNullCursor();
    if (k == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        if (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec || op == CXUnaryOperator_PreInc ||
            op == CXUnaryOperator_PreDec || op == CXUnaryOperator_AddrOf)
            target = lvalue_base(fe_child(c, 0));
    } else if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        if (op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign) target = lvalue_base(fe_child(c, 0));
    }
    if (!clang_Cursor_isNull(target)) cv_push(s->L->fe->a, &s->writes, target);
    if ((k != CXCursor_UnaryOperator || clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_AddrOf) &&
        (k == CXCursor_CompoundAssignOperator || k == CXCursor_UnaryOperator ||
         clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign)) {
        cv_push(s->L->fe->a, &s->stores, fe_strip(fe_child(c, 0)));
    }
}

/* `s[t] = v` on a class type is a call of operator= (or +=, ++, ...),
 * and its left operand is stored into like a built-in assignment's. */
static void note_operator_store(Scan *s, CXCursor c)
{
    if (!fe_is_assign_operator_call(c) || clang_Cursor_getNumArguments(c) < 1) return;
    CXCursor lhs = clang_Cursor_getArgument(c, 0);
    CXCursor target = lvalue_base(lhs);
    if (!clang_Cursor_isNull(target)) cv_push(s->L->fe->a, &s->writes, target);
    cv_push(s->L->fe->a, &s->stores, fe_strip(lhs));
}

/* ---- memory accesses ------------------------------------------------------------- */

static IrIdx *ix_new(Lower *L, IrIdxKind k)
{
    IrIdx *x = ar_alloc(L->fe->a, sizeof *x);
    x->kind = k;
    return x;
}

static CXCursor last_child(CXCursor c)
{
    int n = fe_nchildren(c);
    return n ? fe_child(c, n - 1) : clang_getNullCursor();
}

/* An index expression as sums and products of what the analysis knows. */
static IrIdx *idx_tree(Lower *L, CXCursor c, int depth);

/* Deeper trees are opaque: the analyses and printers that walk index
 * trees recurse, and a generated 35,000-term sum must not overflow them. */
enum { IDX_MAX_DEPTH = 64 };

static IrIdx *idx_of(Lower *L, CXCursor c) { return idx_tree(L, c, 0); }

static IrIdx *idx_tree(Lower *L, CXCursor c, int depth)
{
    if (depth > IDX_MAX_DEPTH) return ix_new(L, IX_OPAQUE);
    enum CXCursorKind k = clang_getCursorKind(c);
    switch (k) {
    case CXCursor_UnexposedExpr: case CXCursor_ParenExpr: case CXCursor_CStyleCastExpr:
        if (fe_nchildren(c) >= 1) return idx_tree(L, last_child(c), depth + 1);
        break;
    case CXCursor_IntegerLiteral: {
        unsigned b, e;
        fe_range(L->fe, c, &b, &e);
        CXEvalResult r = clang_Cursor_Evaluate(c);
        IrIdx *x = ix_new(L, IX_CONST);
        x->c = r ? clang_EvalResult_getAsLongLong(r) : 0;
        if (r) clang_EvalResult_dispose(r);
        else x->kind = IX_OPAQUE;
        return x;
    }
    case CXCursor_BinaryOperator: {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        IrIdxKind ik = op == CXBinaryOperator_Add ? IX_ADD : op == CXBinaryOperator_Sub ? IX_SUB :
                       op == CXBinaryOperator_Mul ? IX_MUL : IX_OPAQUE;
        if (ik == IX_OPAQUE) break;
        IrIdx *x = ix_new(L, ik);
        x->l = idx_tree(L, fe_child(c, 0), depth + 1);
        x->r = idx_tree(L, fe_child(c, 1), depth + 1);
        return x;
    }
    case CXCursor_MemberRefExpr: {
        CXCursor base = fe_child(c, 0);
        while (clang_getCursorKind(base) == CXCursor_UnexposedExpr && fe_nchildren(base) == 1) base = fe_child(base, 0);
        const char *b = clang_getCursorKind(base) == CXCursor_DeclRefExpr ? fe_builtin_name(clang_getCursorReferenced(base)) : NULL;
        if (!b) break;
        const char *m = fe_name(L->fe, c);
        int dim = m[0] == 'x' ? 0 : m[0] == 'y' ? 1 : 2;
        if (!strcmp(b, "threadIdx")) {
            IrIdx *x = ix_new(L, IX_TID);
            x->dim = dim;
            return x;
        }
        IrIdx *x = ix_new(L, IX_SYM);
        x->text = ar_printf(L->fe->a, "%s.%s", b, m);
        return x;
    }
    case CXCursor_DeclRefExpr: {
        CXCursor d = clang_getCursorReferenced(c);
        if (clang_getCursorKind(d) == CXCursor_EnumConstantDecl) {
            IrIdx *x = ix_new(L, IX_CONST);
            x->c = clang_getEnumConstantDeclValue(d);
            return x;
        }
        IrVar *v = lookup(L, d);
        if (!v) break;
        IrIdx *x = ix_new(L, IX_VAR);
        x->var = v;
        return x;
    }
    default: break;
    }
    return ix_new(L, IX_OPAQUE);
}

/* The same expression node: libclang cursors reached by different walks
 * may differ in their parent declaration, so compare kind and extent. */
static int same_node(CXCursor a, CXCursor b)
{
    return clang_getCursorKind(a) == clang_getCursorKind(b) &&
           clang_equalRanges(clang_getCursorExtent(a), clang_getCursorExtent(b));
}

static int is_store(Scan *s, CXCursor c)
{
    for (int i = 0; i < s->stores.n; i++)
        if (same_node(s->stores.v[i], c)) return 1;
    return 0;
}

/* Where the access is written inside the statement, if it is. */
static void spelled_access(Scan *s, CXCursor c, IrAccess *a)
{
    unsigned b, e;
    if (fe_written_range(s->L->fe, c, &b, &e) && b >= s->r->begin && e <= s->r->end) {
        a->spelled = 1;
        a->sbegin = b;
        a->send = e;
        a->loc = fe_loc_at(s->L->fe, b);   /* in a macro's argument: there */
    }
}

/* base[i][j]: records the access, or an unknown one when base is not a
 * variable the analysis knows. */
static void record_access(Scan *s, CXCursor c, CXCursor parent)
{
    for (int i = 0; i < s->rows.n; i++)
        if (same_node(s->rows.v[i], c)) return;   /* the row of a multi-dimensional access */
    Lower *L = s->L;
    IrIdx *idx[4];
    int n = 0;
    CXCursor e = c;
    while (clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr) {
        if (n < 4) idx[n] = idx_of(L, fe_child(e, 1));
        n++;
        e = fe_child(e, 0);
        e = fe_strip(e);
        if (clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr) cv_push(L->fe->a, &s->rows, e);
    }
    /* &s[i] lets a callee (an atomic) or a pointer write the element */
    int addr = clang_getCursorKind(parent) == CXCursor_UnaryOperator &&
               clang_getCursorUnaryOperatorKind(parent) == CXUnaryOperator_AddrOf;
    int write = is_store(s, c) || addr;
    IrVar *v = clang_getCursorKind(e) == CXCursor_DeclRefExpr ? lookup(L, clang_getCursorReferenced(e)) : NULL;
    if (v) cv_push(L->fe->a, &s->bases, e);
    if (!v || n > 4 || !(v->flags & (IRV_SHARED | IRV_PARAM))) {
        if (v && (v->flags & IRV_LOCAL) && *v->dims) return;   /* a local array: not shared memory */
        if (write) s->r->unknown_write = 1;
        else s->r->unknown_read = 1;
        return;
    }
    IrAccess *a = ar_alloc(L->fe->a, sizeof *a);
    a->base = v;
    a->write = write;
    a->addr_only = addr && !is_store(s, c);
    a->nidx = n;
    for (int i = 0; i < n; i++) a->idx[i] = idx[n - 1 - i];   /* outermost subscript last */
    fe_range(L->fe, c, &a->begin, &a->end);
    a->loc = fe_loc(L->fe, c);
    spelled_access(s, c, a);
    pv_push(L->fe->a, &s->r->accesses, a);
}

static int is_write_use(Scan *s, CXCursor use, CXCursor parent)
{
    for (int i = 0; i < s->writes.n; i++)
        if (same_node(s->writes.v[i], use)) return 1;
    /* passed straight to a call: possibly bound to a reference parameter */
    return clang_getCursorKind(parent) == CXCursor_CallExpr && clang_getCursorType(use).kind != CXType_Pointer &&
           !clang_equalCursors(fe_child(parent, 0), use);
}

/* The warp primitives: each lowers to a warp barrier with an exchange
 * through per-thread arrays (lower_warp); `helper` (cucpu_warp.h) reads
 * the exchanged values of the caller's warp. */
typedef enum WarpKind {
    W_SHFL_IDX, W_SHFL_UP, W_SHFL_DOWN, W_SHFL_XOR, W_BALLOT, W_ANY, W_ALL, W_UNI, W_ACTIVEMASK,
    W_MATCH_ANY, W_MATCH_ALL, W_REDUCE, W_SYNCWARP, W_CG_REDUCE, W_CG_ISCAN, W_CG_ESCAN, W_COALESCED
} WarpKind;
struct WarpOp { const char *name; WarpKind kind; int has_mask; const char *helper; };

static const WarpOp warp_ops[] = {
    { "__shfl_sync", W_SHFL_IDX, 1, "cucpu_shfl_idx" },
    { "__shfl_up_sync", W_SHFL_UP, 1, "cucpu_shfl_up" },
    { "__shfl_down_sync", W_SHFL_DOWN, 1, "cucpu_shfl_down" },
    { "__shfl_xor_sync", W_SHFL_XOR, 1, "cucpu_shfl_xor" },
    { "__shfl", W_SHFL_IDX, 0, "cucpu_shfl_idx" },
    { "__shfl_up", W_SHFL_UP, 0, "cucpu_shfl_up" },
    { "__shfl_down", W_SHFL_DOWN, 0, "cucpu_shfl_down" },
    { "__shfl_xor", W_SHFL_XOR, 0, "cucpu_shfl_xor" },
    { "__ballot_sync", W_BALLOT, 1, "cucpu_warp_ballot" },
    { "__ballot", W_BALLOT, 0, "cucpu_warp_ballot" },
    { "__any_sync", W_ANY, 1, "cucpu_warp_any" },
    { "__any", W_ANY, 0, "cucpu_warp_any" },
    { "__all_sync", W_ALL, 1, "cucpu_warp_all" },
    { "__all", W_ALL, 0, "cucpu_warp_all" },
    { "__uni_sync", W_UNI, 1, "cucpu_warp_uni" },
    { "__activemask", W_ACTIVEMASK, 0, "cucpu_warp_activemask" },
    { "__match_any_sync", W_MATCH_ANY, 1, "cucpu_warp_match_any" },
    { "__match_all_sync", W_MATCH_ALL, 1, "cucpu_warp_match_all" },
    { "__reduce_add_sync", W_REDUCE, 1, "cucpu_warp_reduce_add" },
    { "__reduce_min_sync", W_REDUCE, 1, "cucpu_warp_reduce_min" },
    { "__reduce_max_sync", W_REDUCE, 1, "cucpu_warp_reduce_max" },
    { "__reduce_and_sync", W_REDUCE, 1, "cucpu_warp_reduce_and" },
    { "__reduce_or_sync", W_REDUCE, 1, "cucpu_warp_reduce_or" },
    { "__reduce_xor_sync", W_REDUCE, 1, "cucpu_warp_reduce_xor" },
    { "__syncwarp", W_SYNCWARP, 0, NULL },
};

/* The same operations on a cooperative group (coop.c): a tile's lanes are
 * a segment of its warp, of the tile's width. */
static const WarpOp coop_ops[] = {
    { "shfl", W_SHFL_IDX, 0, "cucpu_shfl_idx" },
    { "shfl_up", W_SHFL_UP, 0, "cucpu_shfl_up" },
    { "shfl_down", W_SHFL_DOWN, 0, "cucpu_shfl_down" },
    { "shfl_xor", W_SHFL_XOR, 0, "cucpu_shfl_xor" },
    { "ballot", W_BALLOT, 0, "cucpu_warp_ballot" },
    { "any", W_ANY, 0, "cucpu_warp_any" },
    { "all", W_ALL, 0, "cucpu_warp_all" },
    { "match_any", W_MATCH_ANY, 0, "cucpu_warp_match_any" },
    { "match_all", W_MATCH_ALL, 0, "cucpu_warp_match_all" },
    { "reduce", W_CG_REDUCE, 0, "cucpu_cg_reduce" },
    { "inclusive_scan", W_CG_ISCAN, 0, "cucpu_cg_inclusive_scan" },
    { "exclusive_scan", W_CG_ESCAN, 0, "cucpu_cg_exclusive_scan" },
    { "coalesced_threads", W_COALESCED, 0, "cucpu_warp_activemask" },
    { "sync", W_SYNCWARP, 0, NULL },
    { "barrier_wait", W_SYNCWARP, 0, NULL },
};

/* A call to lower as a warp operation: a primitive, or a group's. */
struct WarpCall {
    const WarpOp *op;
    int a0;                  /* the value argument */
    int width;               /* the group's width; 0: the primitive's own argument */
    FeCoop coop;             /* coop.kind != COOP_NONE: a cooperative-groups call */
};

static int warp_call(Fe *fe, CXCursor call, WarpCall *w)
{
    memset(w, 0, sizeof *w);
    if (fe_coop_call(fe, call, &w->coop)) {
        if (w->coop.kind != COOP_WARP_OP && w->coop.kind != COOP_WARP_SYNC && w->coop.kind != COOP_COALESCED) return 0;
        for (size_t i = 0; i < sizeof coop_ops / sizeof *coop_ops; i++)
            if (!strcmp(w->coop.name, coop_ops[i].name)) w->op = &coop_ops[i];
        if (!w->op) return 0;
        w->a0 = w->coop.member ? 0 : 1;
        w->width = w->coop.group == GROUP_TILE ? w->coop.width : 32;
        return 1;
    }
    if (clang_getCursorKind(call) != CXCursor_CallExpr) return 0;
    w->op = warp_op(fe_call_name(fe, call));
    if (!w->op) return 0;
    w->a0 = w->op->has_mask;
    return 1;
}

static const WarpOp *warp_op(const char *n)
{
    for (size_t i = 0; i < sizeof warp_ops / sizeof *warp_ops; i++)
        if (!strcmp(n, warp_ops[i].name)) return &warp_ops[i];
    return NULL;
}

int fe_is_warp_op(const char *n) { return warp_op(n) != NULL; }

static IrVar *shared_var(Lower *L, CXCursor d);
static int same_node(CXCursor a, CXCursor b);
static void shared_use(Scan *s, CXCursor c, IrVar *v, CXCursor parent);

/* __syncthreads_count/and/or: a barrier that also reduces a predicate. */
static const char *sync_reduction(const char *n)
{
    if (!strcmp(n, "__syncthreads_count")) return "+=";
    if (!strcmp(n, "__syncthreads_and")) return "&=";
    if (!strcmp(n, "__syncthreads_or")) return "|=";
    return NULL;
}

static void scan_ref(Scan *s, CXCursor c, CXCursor parent)
{
    Lower *L = s->L;
    CXCursor d = clang_getCursorReferenced(c);
    unsigned b, e;
    int spelled = fe_spelled_range(L->fe, c, &b, &e);
    if (!spelled) fe_range(L->fe, c, &b, &e);
    const char *ts = tsubst_of(L, d);
    if (ts) {
        add_ref(s, REF_REPLACE, b, e)->text = ts;
        return;
    }
    const char *bn = fe_builtin_name(d);
    if (bn) {
        IrRef *r = add_ref(s, REF_BUILTIN, b, e);
        r->text = bn;
        r->dim = -1;
        if (clang_getCursorKind(parent) == CXCursor_MemberRefExpr) {
            const char *m = fe_name(L->fe, parent);
            r->dim = m[0] == 'x' ? 0 : m[0] == 'y' ? 1 : 2;
        }
        return;
    }
    IrVar *v = lookup(L, d);
    if (!v && (clang_getCursorKind(d) == CXCursor_VarDecl) && fe_has_attr(d, CXCursor_CUDASharedAttr))
        v = shared_var(L, d);
    if (!v) return;
    IrRef *r = add_ref(s, REF_VAR, b, e);
    r->var = v;
    /* spelled in a #define of this file: outside the statement, not rewritable */
    r->in_macro = !spelled || b < s->r->begin || e > s->r->end;
    if (v->flags & IRV_SHARED) shared_use(s, c, v, parent);
    r->is_write = is_write_use(s, c, parent);
    if (r->is_write) v->flags |= IRV_WRITTEN;
    if (s->in_lambda) v->flags |= IRV_ALIASED;
    if (r->is_write && clang_getCursorKind(parent) == CXCursor_UnaryOperator &&
        clang_getCursorUnaryOperatorKind(parent) == CXUnaryOperator_AddrOf)
        v->flags |= IRV_ADDRTAKEN | IRV_VARYING;
}

static int is_store(Scan *s, CXCursor c);
static int same_node(CXCursor a, CXCursor b);

/* A __shared__ variable named outside a subscript the analysis recorded:
 * a scalar is an access without indices; an array whose address escapes
 * (s + i, f(s)) is an access at an unknown index (nidx -1). */
static void shared_use(Scan *s, CXCursor c, IrVar *v, CXCursor parent)
{
    for (int i = 0; i < s->bases.n; i++)
        if (same_node(s->bases.v[i], c)) return;
    IrAccess *a = ar_alloc(s->L->fe->a, sizeof *a);
    a->base = v;
    a->nidx = *v->dims || (v->flags & IRV_DYNSHARED) ? -1 : 0;
    a->write = is_store(s, c) || clang_getCursorKind(parent) == CXCursor_UnaryOperator;
    a->addr_only = clang_getCursorKind(parent) == CXCursor_UnaryOperator &&
                   clang_getCursorUnaryOperatorKind(parent) == CXUnaryOperator_AddrOf && !is_store(s, c);
    fe_range(s->L->fe, c, &a->begin, &a->end);
    a->loc = fe_loc(s->L->fe, c);
    spelled_access(s, c, a);
    pv_push(s->L->fe->a, &s->r->accesses, a);
}

static void scan_call(Scan *s, CXCursor c)
{
    Lower *L = s->L;
    Fe *fe = L->fe;
    const char *n = fe_call_name(fe, c);
    if (fe_is_barrier_call(fe, c)) {
        diag_error(fe_loc(fe, c), "%s inside an expression is not supported; call it as a statement of its own",
                   strcmp(n, "__syncthreads") ? "a group's sync()" : "__syncthreads()");
        return;
    }
    FeCoop coop;
    int coop_ctx = fe_coop_call(fe, c, &coop) && coop.kind == COOP_CTX;
    if (sync_reduction(n)) {
        diag_error(fe_loc(fe, c), "'%s' is supported only as the whole initializer or right-hand side: `int x = %s(pred);`", n, n);
        return;
    }
    if (fe_is_launch(c)) {
        diag_error(fe_loc(fe, c), "kernel launch inside device code (dynamic parallelism) is not supported");
        return;
    }
    FeFunc *f = fe_callee(fe, c);
    unsigned b, e;
    fe_range(fe, c, &b, &e);
    int warp = fe_is_warp_call(fe, c);
    if (warp || (f && f->has_barrier)) {
        /* the latest first: a function inlined twice hoists the same call
         * node once per copy */
        for (int i = L->hoisted.n - 1; i >= 0; i--) {
            Hoisted *h = L->hoisted.v[i];
            if (!same_node(h->call, c)) continue;
            if (!h->var) {
                /* a void call that ran first, e.g. in `f(), g();` */
                add_ref(s, REF_REPLACE, b, e)->text = "(void)0";
                return;
            }
            IrRef *r = add_ref(s, REF_VAR, b, e);
            r->var = h->var;
            return;
        }
        if (warp)
            diag_error(fe_loc(fe, c), "warp primitive '%s' here is not supported; call it in a statement, an initializer or an assignment", n);
        else
            diag_error(fe_loc(fe, c), "call to '%s', which contains __syncthreads(), here is not supported; call it as a statement, an initializer or an assignment's right-hand side", n);
        return;
    }
    add_ref(s, REF_CALL, b, e)->text = n;
    if (f && f->uses_dynshared) s->r->block_state = 1;
    if (!strncmp(n, "atomic", 6) || !strncmp(n, "__threadfence", 13) || (f && f->writes_memory) ||
        (!f && fe_call_unknown(c)))
        s->r->unknown_read = s->r->unknown_write = 1;
    else if (f || !strncmp(n, "tex", 3) || !strncmp(n, "__ldg", 5) || !strncmp(n, "mem", 3))
        s->r->unknown_read = 1;
    if ((f && f->uses_ctx && !f->is_kernel) || coop_ctx) {
        unsigned cb, ce;
        fe_range(fe, fe_child(c, 0), &cb, &ce);
        unsigned p = fe_find_tok(fe, ce, e, "(");
        IrRef *r = add_ref(s, REF_CALLCTX, p + 1, p + 1);
        r->has_args = clang_Cursor_getNumArguments(c) > 0;
    }
}

static int find_loop(Lower *L, int want_switch_ok)
{
    for (int i = (L->nloops < MAX_LOOP_DEPTH ? L->nloops : MAX_LOOP_DEPTH) - 1; i >= 0; i--) {
        if (L->loops[i].is_switch) {
            if (want_switch_ok) return -1;   /* break leaves the switch */
            continue;
        }
        return L->loops[i].barrier ? L->loops[i].id : -1;
    }
    return -1;
}

static void push_loop(Lower *L, int id, int barrier, int is_switch)
{
    if (L->nloops >= MAX_LOOP_DEPTH) {
        /* counted (pops stay balanced), reported once, not recorded */
        if (L->nloops++ == MAX_LOOP_DEPTH)
            diag_error(fe_loc(L->fe, L->func->def), "loops nested more than %d deep in kernel '%s' are not supported",
                       MAX_LOOP_DEPTH, L->func->name);
        return;
    }
    L->loops[L->nloops].id = id;
    L->loops[L->nloops].barrier = barrier;
    L->loops[L->nloops++].is_switch = is_switch;
}

static enum CXChildVisitResult scan_visit(CXCursor c, CXCursor parent, CXClientData d);
static enum CXChildVisitResult scan_jumps(Scan *s, CXCursor c);

static void scan_children(Scan *s, CXCursor c) { clang_visitChildren(c, scan_visit, s); }

static void scan_jump(Scan *s, CXCursor c, IrRefKind k)
{
    unsigned b, e;
    fe_range(s->L->fe, c, &b, &e);
    e = fe_stmt_end(s->L->fe, e);
    int loop = k == REF_RETURN ? s->L->ret_loop : find_loop(s->L, k == REF_BREAK);
    if (k == REF_RETURN && loop >= 0) k = REF_BREAK;
    if (k == REF_RETURN) {
        s->L->k->has_return = 1;
        add_ref(s, k, b, e);
    } else if (loop >= 0)
        add_ref(s, k, b, e)->loop = loop;
}

/* `return v;` inside a statement of an inlined function with a barrier:
 * `{ result = v; <break out of the inlined body> }`. The `return` keyword
 * becomes the result variable (or `(void)` when the value is unused). */
static void scan_value_return(Scan *s, CXCursor c)
{
    Lower *L = s->L;
    Fe *fe = L->fe;
    unsigned b, e, vb, ve;
    fe_range(fe, c, &b, &e);
    fe_range(fe, fe_child(c, 0), &vb, &ve);
    int kw = fe_tok_at(fe, b);
    unsigned semi = fe_stmt_end(fe, e);
    if (kw >= fe->ntoks || !fe_tok_is(fe, kw, "return") || semi <= ve || !fe_tok_ends(fe, semi, ";")) {
        diag_error(fe_loc(fe, c), "this 'return' of a __device__ function that contains a barrier is not supported");
        return;
    }
    unsigned kb = fe->toks[kw].b, ke = fe->toks[kw].e;
    if (L->ret_var) {
        add_ref(s, REF_REPLACE, kb, kb)->text = "{ ";
        IrRef *r = add_ref(s, REF_VAR, kb, ke);
        r->var = L->ret_var;
        r->is_write = 1;
        L->ret_var->flags |= IRV_WRITTEN;
        add_ref(s, REF_REPLACE, vb, vb)->text = "= ";
    } else
        add_ref(s, REF_REPLACE, kb, ke)->text = "{ (void)";
    IrRef *j = add_ref(s, REF_BREAK, semi - 1, semi);
    j->loop = L->ret_loop;
    j->value_return = 1;
}

/* ---- irregular loops: how much work a thread does depends on data ---- */

typedef struct LoopQuery { int found; int depth; } LoopQuery;

/* A jump out of the loop whose body this is: return, goto, or a break not
 * inside an inner loop or switch. */
static enum CXChildVisitResult find_exit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    LoopQuery *q = d;
    switch (clang_getCursorKind(c)) {
    case CXCursor_ReturnStmt: case CXCursor_GotoStmt: case CXCursor_IndirectGotoStmt:
        q->found = 1;
        return CXChildVisit_Break;
    case CXCursor_BreakStmt:
        if (!q->depth) { q->found = 1; return CXChildVisit_Break; }
        return CXChildVisit_Continue;
    case CXCursor_ForStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt:
    case CXCursor_CXXForRangeStmt: case CXCursor_SwitchStmt:
        q->depth++;
        clang_visitChildren(c, find_exit, q);
        q->depth--;
        return q->found ? CXChildVisit_Break : CXChildVisit_Continue;
    case CXCursor_LambdaExpr:
        return CXChildVisit_Continue;
    default: return CXChildVisit_Recurse;
    }
}

/* 1 when loop c may stop early: a search, whose cost follows where its key
 * lies and so tends to grow or shrink along the thread index. (A bound
 * loaded from memory, as in an edge list, varies too, but at random: a
 * contiguous range of threads averages it out as well as any other, and
 * measured on bfs a round-robin schedule only cost time.) */
static int irregular_loop(CXCursor c)
{
    int n = fe_nchildren(c);
    if (n == 0) return 0;
    LoopQuery q = {0};
    CXCursor b = fe_child(c, clang_getCursorKind(c) == CXCursor_DoStmt ? 0 : n - 1);
    if (find_exit(b, c, &q) == CXChildVisit_Recurse) clang_visitChildren(b, find_exit, &q);
    return q.found;
}

/* `a << n` -> `cucpu_shl(a, n)` and the like (shifts.c). */
static void gpu_shift(Scan *s, CXCursor c)
{
    FeShift sh;
    if (!fe_gpu_shift(s->L->fe, c, &sh)) return;
    add_ref(s, REF_REPLACE, sh.open, sh.open)->text = sh.fn;
    add_ref(s, REF_REPLACE, sh.op_b, sh.op_e)->text = ",";
    add_ref(s, REF_REPLACE, sh.close, sh.close)->text = ")";
}

static int is_class_kind(enum CXCursorKind k)
{
    return k == CXCursor_ClassDecl || k == CXCursor_StructDecl || k == CXCursor_UnionDecl ||
           k == CXCursor_ClassTemplate || k == CXCursor_ClassTemplatePartialSpecialization;
}

/* The class template a class specialization comes from; c itself otherwise. */
static CXCursor class_pattern(CXCursor c)
{
    if (clang_getCursorKind(c) == CXCursor_ClassTemplate) return c;
    CXCursor t = clang_getSpecializedCursorTemplate(c);
    return clang_Cursor_isNull(t) ? c : t;
}

/* Whether decl is a member (a type, enumerator, static) of class cls. */
static int member_of(CXCursor decl, CXCursor cls)
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
static void object_use(Scan *s, CXCursor c, int is_this)
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
static void class_name_ref(Scan *s, CXCursor c, int what)
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
static int implicit_member_call(Lower *L, CXCursor c)
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

static enum CXChildVisitResult scan_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    Scan *s = d;
    Lower *L = s->L;
    switch (clang_getCursorKind(c)) {
    case CXCursor_UnaryOperator: case CXCursor_BinaryOperator: case CXCursor_CompoundAssignOperator:
        /* lock-step stores are statements of their own (lower_lockstep) */
        if (!L->in_lockstep && fe_is_lockstep(L->fe, c))
            diag_warning(fe_loc(L->fe, c), "this store to volatile memory is not run in lock step by the lanes of a warp; "
                         "if other lanes read it without a barrier (warp-synchronous code), make it a statement of its own");
        if (clang_getCursorKind(c) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref) {
            if (is_store(s, c)) s->r->unknown_write = 1;
            else s->r->unknown_read = 1;
        }
        note_store(s, c);
        gpu_shift(s, c);
        break;
    case CXCursor_DeclRefExpr: scan_ref(s, c, parent); class_name_ref(s, c, 0); break;
    case CXCursor_TypeRef: {
        const char *t = tsubst_of(L, clang_getCursorReferenced(c));
        unsigned b, e;
        if (t && fe_spelled_range(L->fe, c, &b, &e)) add_ref(s, REF_REPLACE, b, e)->text = t;
        else class_name_ref(s, c, 1);
        break;
    }
    case CXCursor_TemplateRef: class_name_ref(s, c, 2); break;
    case CXCursor_OverloadedDeclRef:
        if (L->this_var && implicit_member_call(L, c)) object_use(s, c, 0);
        break;
    case CXCursor_CXXThisExpr:
        if (L->this_var) object_use(s, c, 1);
        break;
    case CXCursor_CallExpr:
        note_operator_store(s, c);
        scan_call(s, c);
        for (int i = 0; i < L->hoisted.n; i++)
            if (same_node(((Hoisted *)L->hoisted.v[i])->call, c)) return CXChildVisit_Continue;
        break;
    case CXCursor_ArraySubscriptExpr: record_access(s, c, parent); break;
    case CXCursor_GotoStmt: case CXCursor_IndirectGotoStmt: case CXCursor_LabelStmt: L->k->has_goto = 1; break;
    case CXCursor_MemberRefExpr: {
        CXCursor base = fe_child(c, 0);
        if (clang_Cursor_isNull(base) && L->this_var) object_use(s, c, 0);   /* `m`: the object's */
        if (!clang_Cursor_isNull(base) && clang_getCursorType(base).kind == CXType_Pointer) {
            if (is_store(s, c)) s->r->unknown_write = 1;
            else s->r->unknown_read = 1;
        }
        break;
    }
    case CXCursor_ReturnStmt: case CXCursor_BreakStmt: case CXCursor_ContinueStmt:
    case CXCursor_ForStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt:
    case CXCursor_CXXForRangeStmt: case CXCursor_SwitchStmt:
        if (s->in_lambda) break;
        return scan_jumps(s, c);
    case CXCursor_VarDecl:
        if (fe_has_attr(c, CXCursor_CUDASharedAttr)) {
            shared_var(L, c);
            unsigned b, e;
            fe_range(L->fe, parent, &b, &e);
            add_ref(s, REF_DELETE, b, fe_stmt_end(L->fe, e));
            return CXChildVisit_Continue;
        }
        break;
    case CXCursor_LambdaExpr:
        /* variable uses inside are ours to rewrite; its return, break and
         * continue belong to the lambda */
        s->in_lambda++;
        scan_children(s, c);
        s->in_lambda--;
        return CXChildVisit_Continue;
    default: break;
    }
    return CXChildVisit_Recurse;
}

/* The statements of a leaf that the thread loops must see: jumps and loops. */
static enum CXChildVisitResult scan_jumps(Scan *s, CXCursor c)
{
    Lower *L = s->L;
    switch (clang_getCursorKind(c)) {
    case CXCursor_ReturnStmt:
        if (L->ret_loop >= 0 && fe_nchildren(c) > 0) {
            scan_value_return(s, c);
            break;
        }
        scan_jump(s, c, REF_RETURN);
        break;
    case CXCursor_BreakStmt: scan_jump(s, c, REF_BREAK); return CXChildVisit_Continue;
    case CXCursor_ContinueStmt: scan_jump(s, c, REF_CONTINUE); return CXChildVisit_Continue;
    case CXCursor_ForStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt:
    case CXCursor_CXXForRangeStmt:
        if (!s->r->irregular) s->r->irregular = irregular_loop(c);
        push_loop(L, -1, 0, 0);
        scan_children(s, c);
        L->nloops--;
        return CXChildVisit_Continue;
    case CXCursor_SwitchStmt:
        push_loop(L, -1, 0, 1);
        scan_children(s, c);
        L->nloops--;
        return CXChildVisit_Continue;
    default: break;
    }
    return CXChildVisit_Recurse;
}

static int cmp_ref(const void *a, const void *b)
{
    const IrRef *x = *(IrRef *const *)a, *y = *(IrRef *const *)b;
    if (x->begin != y->begin) return x->begin < y->begin ? -1 : 1;
    /* an insertion (CALLCTX) before a ref that starts at the same place */
    int xi = x->begin == x->end, yi = y->begin == y->end;
    if (xi != yi) return xi ? -1 : 1;
    /* `f(a << n)`: the thread context goes in before `cucpu_shl(` */
    if (xi && (x->kind == REF_CALLCTX) != (y->kind == REF_CALLCTX)) return x->kind == REF_CALLCTX ? -1 : 1;
    return (x->end < y->end) - (x->end > y->end);   /* enclosing refs first */
}

/* Fills r with [b, e) and the refs found in cursor c. */
static void scan_range(Lower *L, CXCursor c, unsigned b, unsigned e, IrRange *r)
{
    r->begin = b;
    r->end = e;
    r->src = L->fe->src;
    r->terminated = fe_tok_ends(L->fe, e, ";") || fe_tok_ends(L->fe, e, "}");
    r->loc = fe_loc_at(L->fe, b);
    Scan s = { .L = L, .r = r };
    if (scan_visit(c, clang_getNullCursor(), &s) == CXChildVisit_Recurse) scan_children(&s, c);
    if (r->refs.n > 1) qsort(r->refs.v, (size_t)r->refs.n, sizeof(void *), cmp_ref);
}

/* The comparisons of C joined by `join` (|| or &&); 0 when C is not such. */
static int guard_cmps(Lower *L, CXCursor c, enum CXBinaryOperatorKind join, PtrVec *out, int depth)
{
    c = fe_strip(c);
    /* a guard has a few comparisons: a chain of thousands is refused after
     * a few levels, not after recursing through all of them */
    if (clang_getCursorKind(c) != CXCursor_BinaryOperator || fe_nchildren(c) != 2 || depth > 8) return 0;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    if (op == join)
        return guard_cmps(L, fe_child(c, 0), join, out, depth + 1) && guard_cmps(L, fe_child(c, 1), join, out, depth + 1);
    IrCmp k;
    switch (op) {
    case CXBinaryOperator_LT: k = CMP_LT; break;
    case CXBinaryOperator_LE: k = CMP_LE; break;
    case CXBinaryOperator_GT: k = CMP_GT; break;
    case CXBinaryOperator_GE: k = CMP_GE; break;
    default: return 0;
    }
    IrCompare *x = ar_alloc(L->fe->a, sizeof *x);
    x->op = k;
    x->l = idx_of(L, fe_child(c, 0));
    x->r = idx_of(L, fe_child(c, 1));
    pv_push(L->fe->a, out, x);
    return out->n <= 8;
}

/* `if (C) return;` or `if (C) S` (no else) as an IrGuard, or NULL. */
static IrGuard *guard_of(Lower *L, CXCursor c)
{
    if (clang_getCursorKind(c) != CXCursor_IfStmt || fe_nchildren(c) != 2) return NULL;
    CXCursor then = fe_child(c, 1);
    if (clang_getCursorKind(then) == CXCursor_CompoundStmt && fe_nchildren(then) == 1 &&
        clang_getCursorKind(fe_child(then, 0)) == CXCursor_ReturnStmt)
        then = fe_child(then, 0);
    IrGuard *g = ar_alloc(L->fe->a, sizeof *g);
    g->exit = clang_getCursorKind(then) == CXCursor_ReturnStmt;
    if (g->exit && fe_nchildren(then)) return NULL;
    if (!g->exit) {
        fe_range(L->fe, then, &g->then_begin, &g->then_end);
        g->then_end = fe_stmt_end(L->fe, g->then_end);
        g->then_loc = fe_loc_at(L->fe, g->then_begin);
    }
    if (!guard_cmps(L, fe_child(c, 0), g->exit ? CXBinaryOperator_LOr : CXBinaryOperator_LAnd, &g->cmps, 0)) return NULL;
    return g;
}

/* Scans a whole statement cursor into a TEXT leaf. */
static IrStmt *text_leaf(Lower *L, CXCursor c)
{
    unsigned b, e;
    fe_range(L->fe, c, &b, &e);
    IrStmt *s = ir_stmt(L->fe->a, IR_TEXT, fe_loc(L->fe, c));
    scan_range(L, c, b, fe_stmt_end(L->fe, e), &s->u.text.r);
    s->u.text.guard = guard_of(L, c);
    return s;
}

/* ---- shared memory ------------------------------------------------------------------ */

/* Registers a __shared__ variable of the kernel (or of file scope) once. */
static IrVar *shared_var(Lower *L, CXCursor d)
{
    IrVar *v = lookup(L, d);
    if (v) return v;
    CXType t = clang_getCursorType(d);
    int dyn = t.kind == CXType_IncompleteArray ||
              clang_getCursorLinkage(d) == CXLinkage_External ||
              clang_Cursor_getStorageClass(d) == CX_SC_Extern;
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

/* ---- statements ------------------------------------------------------------------------ */

typedef struct BarrierQuery { Fe *fe; int found; } BarrierQuery;

static enum CXChildVisitResult find_barrier(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    BarrierQuery *q = d;
    if (clang_getCursorKind(c) == CXCursor_CallExpr) {
        FeFunc *f = fe_callee(q->fe, c);
        if (fe_is_sync_call(c) || fe_is_warp_call(q->fe, c) || fe_is_barrier_call(q->fe, c) || (f && f->has_barrier)) {
            q->found = 1;
            return CXChildVisit_Break;
        }
    }
    if (!clang_Cursor_isNull(parent) && fe_is_lockstep_stmt(q->fe, c, parent)) {
        q->found = 1;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* Whether c contains a barrier: __syncthreads, a warp primitive, a call of
 * a function with one, or a lock-step store (c itself when it is one). */
static int has_barrier(Lower *L, CXCursor c)
{
    BarrierQuery q = { L->fe, fe_is_lockstep(L->fe, c) };
    if (!q.found) find_barrier(c, clang_getNullCursor(), &q);
    if (!q.found) clang_visitChildren(c, find_barrier, &q);
    return q.found;
}

static IrStmt *lower_compound(Lower *L, CXCursor c, int scope);

/* The children of a cursor, however many (a declaration may have any
 * number of declarators). */
typedef CurVec Kids;

typedef struct KidsQuery { Arena *a; Kids *k; } KidsQuery;

static enum CXChildVisitResult collect_kid(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    KidsQuery *q = d;
    cv_push(q->a, q->k, c);
    return CXChildVisit_Continue;
}

static Kids kids_of(Lower *L, CXCursor c)
{
    Kids k = { 0 };
    KidsQuery q = { L->fe->a, &k };
    clang_visitChildren(c, collect_kid, &q);
    return k;
}

/* Lowers a statement that is the body of a loop or branch into a SEQ. */
static IrStmt *lower_body(Lower *L, CXCursor c)
{
    if (clang_getCursorKind(c) == CXCursor_CompoundStmt) return lower_compound(L, c, 1);
    IrStmt *seq = ir_stmt(L->fe->a, IR_SEQ, fe_loc(L->fe, c));
    IrStmt *s = lower_stmt(L, c);
    if (s) ir_seq_push(L->fe->a, seq, s);
    return seq;
}

static void expr_range(Lower *L, CXCursor c, IrRange *r)
{
    unsigned b, e;
    fe_range(L->fe, c, &b, &e);
    scan_range(L, c, b, e, r);
}

/* The parts of an if, for, while or switch. Each child is told apart by
 * its cursor kind and by where it starts relative to the tokens `(`, `;`
 * and `)` of the header. */
typedef struct Parts {
    CXCursor init;      /* init-statement: if (init; c), switch, for */
    CXCursor condvar;   /* condition variable: if (T v = e), while, for */
    CXCursor cond;      /* condition expression, unless condvar stands for it */
    CXCursor inc;       /* for: increment */
    CXCursor body, els; /* if: then and else; loops: the body */
} Parts;

static int contains(CXCursor outer, CXCursor inner, Fe *fe)
{
    unsigned ob, oe, ib, ie;
    fe_range(fe, outer, &ob, &oe);
    fe_range(fe, inner, &ib, &ie);
    return ib >= ob && ie <= oe;
}

/* 0 when the header cannot be read from tokens (spelled by a macro). */
static int parts_of(Lower *L, CXCursor c, Parts *p)
{
    Fe *fe = L->fe;
    CXCursor null = clang_getNullCursor();
    *p = (Parts){ null, null, null, null, null, null };
    Kids k = kids_of(L, c);
    if (clang_getCursorKind(c) == CXCursor_DoStmt) {
        if (k.n != 2) return 0;
        p->body = k.v[0];
        p->cond = k.v[1];
        return 1;
    }
    unsigned b, e;
    fe_range(fe, c, &b, &e);
    FeHeader h;
    if (!fe_stmt_header(fe, b, &h)) return 0;
    int is_for = clang_getCursorKind(c) == CXCursor_ForStmt;
    for (int i = 0; i < k.n; i++) {
        unsigned kb, ke;
        fe_range(fe, k.v[i], &kb, &ke);
        if (kb > h.rparen) {
            if (clang_Cursor_isNull(p->body)) p->body = k.v[i];
            else p->els = k.v[i];
        } else if (h.nsemi > 0 && kb < h.semi[0]) {
            p->init = k.v[i];
        } else if (is_for && h.nsemi == 2 && kb > h.semi[1]) {
            p->inc = k.v[i];
        } else if (clang_getCursorKind(k.v[i]) == CXCursor_VarDecl) {
            p->condvar = k.v[i];
        } else if (clang_Cursor_isNull(p->condvar) || !contains(p->condvar, k.v[i], fe)) {
            p->cond = k.v[i];
        }
    }
    return !clang_Cursor_isNull(p->body);
}

static IrStmt *lower_var(Lower *L, CXCursor d, IrStmt *seq, unsigned sb, unsigned se);

/* `T v = e` of a condition: DECL v, and the range that reads v. */
static IrStmt *lower_condvar(Lower *L, CXCursor d, IrRange *use)
{
    Fe *fe = L->fe;
    IrStmt *seq = ir_stmt(fe->a, IR_SEQ, fe_loc(fe, d));
    lower_var(L, d, seq, 0, 0);
    unsigned b, e;
    if (!fe_spelled_range(fe, d, &b, &e)) {
        diag_error(fe_loc(fe, d), "a condition variable spelled by a macro around __syncthreads() is not supported");
        return seq;
    }
    IrVar *v = lookup(L, d);
    use->begin = b;
    use->end = e;
    use->src = fe->src;
    use->loc = fe_loc_at(fe, b);
    IrRef *r = ar_alloc(fe->a, sizeof *r);
    r->kind = REF_VAR;
    r->begin = b;
    r->end = e;
    r->var = v;
    pv_push(fe->a, &use->refs, r);
    return seq;
}

static void header_error(Lower *L, CXCursor c, const char *what)
{
    diag_error(fe_loc(L->fe, c), "a '%s' whose header is spelled by a macro, around __syncthreads(), is not supported", what);
}

/* A SEQ with its own scope holding `first` (when not null) and then s. */
static IrStmt *scoped_as(Lower *L, IrStmt *first, IrStmt *s, int scope)
{
    if (!first) return s;
    IrStmt *seq = ir_stmt(L->fe->a, IR_SEQ, s->loc);
    seq->u.seq.scope = scope;
    ir_seq_push(L->fe->a, seq, first);
    ir_seq_push(L->fe->a, seq, s);
    seq->has_barrier = first->has_barrier || s->has_barrier;
    return seq;
}

static IrStmt *scoped(Lower *L, IrStmt *first, IrStmt *s) { return scoped_as(L, first, s, 1); }

/* if (init; cond) then [else els]   -> { init; IF cond then els }
 * if (T v = e) then [else els]      -> { DECL v = e; IF v then els } */
static IrStmt *lower_if(Lower *L, CXCursor c)
{
    IrStmt *s = ir_stmt(L->fe->a, IR_IF, fe_loc(L->fe, c));
    Parts p;
    if (!parts_of(L, c, &p)) { header_error(L, c, "if"); return NULL; }
    IrStmt *first = NULL;
    if (!clang_Cursor_isNull(p.init)) first = lower_stmt(L, p.init);
    /* init and condition variable in the if's one scope */
    if (!clang_Cursor_isNull(p.condvar)) first = scoped_as(L, first, lower_condvar(L, p.condvar, &s->u.ifs.cond), 0);
    else {
        /* if (f(x) > 0) with a barrier in f: f runs first */
        IrStmt *pre = hoist_calls(L, p.cond);
        if (pre) first = scoped_as(L, first, pre, 0);
        expr_range(L, p.cond, &s->u.ifs.cond);
    }
    s->u.ifs.then = lower_body(L, p.body);
    if (!clang_Cursor_isNull(p.els)) s->u.ifs.els = lower_body(L, p.els);
    s->has_barrier = 1;
    return scoped(L, first, s);
}

static int new_loop(Lower *L) { return L->k->nloops++; }

/* The body of a loop whose condition declares v: { DECL v = e; if (v) body else break; } */
static IrStmt *condvar_body(Lower *L, IrStmt *loop, CXCursor condvar, CXCursor body)
{
    Fe *fe = L->fe;
    IrStmt *seq = ir_stmt(fe->a, IR_SEQ, fe_loc(fe, condvar));
    seq->u.seq.scope = 1;
    IrStmt *test = ir_stmt(fe->a, IR_IF, fe_loc(fe, condvar));
    ir_seq_push(fe->a, seq, lower_condvar(L, condvar, &test->u.ifs.cond));
    test->u.ifs.then = lower_body(L, body);
    test->u.ifs.els = ir_stmt(fe->a, IR_SEQ, test->loc);
    IrStmt *brk = ir_stmt(fe->a, IR_BREAK, test->loc);
    brk->u.jump.loop = loop->u.loop.id;
    ir_seq_push(fe->a, test->u.ifs.els, brk);
    test->has_barrier = 1;
    ir_seq_push(fe->a, seq, test);
    seq->has_barrier = 1;
    return seq;
}

/* A loop condition that calls a warp primitive or a function with a
 * barrier: { calls first; if (cond) body else break; } under a loop whose
 * own condition is always true. */
static IrStmt *hoisted_cond_body(Lower *L, IrStmt *loop, CXCursor cond, CXCursor body)
{
    Fe *fe = L->fe;
    IrStmt *seq = ir_stmt(fe->a, IR_SEQ, fe_loc(fe, cond));
    seq->u.seq.scope = 1;
    IrStmt *pre = hoist_calls(L, cond);
    if (pre) ir_seq_push(fe->a, seq, pre);
    IrStmt *test = ir_stmt(fe->a, IR_IF, fe_loc(fe, cond));
    expr_range(L, cond, &test->u.ifs.cond);
    test->u.ifs.then = lower_body(L, body);
    test->u.ifs.els = ir_stmt(fe->a, IR_SEQ, test->loc);
    IrStmt *brk = ir_stmt(fe->a, IR_BREAK, test->loc);
    brk->u.jump.loop = loop->u.loop.id;
    ir_seq_push(fe->a, test->u.ifs.els, brk);
    test->has_barrier = 1;
    ir_seq_push(fe->a, seq, test);
    seq->has_barrier = 1;
    loop->u.loop.cond = (IrRange){ .lit = "1" };
    loop->u.loop.has_cond = loop->kind != IR_FOR;
    return seq;
}

/* for (init; cond; inc) body */
static IrStmt *lower_for(Lower *L, CXCursor c)
{
    Fe *fe = L->fe;
    IrStmt *s = ir_stmt(fe->a, IR_FOR, fe_loc(fe, c));
    Parts p;
    if (!parts_of(L, c, &p)) { header_error(L, c, "for"); return NULL; }
    s->u.loop.id = new_loop(L);
    if (!clang_Cursor_isNull(p.init)) s->u.loop.init = lower_stmt(L, p.init);
    if (!clang_Cursor_isNull(p.cond) && !has_barrier(L, p.cond)) {
        expr_range(L, p.cond, &s->u.loop.cond);
        s->u.loop.has_cond = 1;
    }
    if (!clang_Cursor_isNull(p.inc)) {
        expr_range(L, p.inc, &s->u.loop.inc);
        s->u.loop.has_inc = 1;
    }
    push_loop(L, s->u.loop.id, 1, 0);
    if (!clang_Cursor_isNull(p.condvar)) s->u.loop.body = condvar_body(L, s, p.condvar, p.body);
    else if (!clang_Cursor_isNull(p.cond) && has_barrier(L, p.cond)) s->u.loop.body = hoisted_cond_body(L, s, p.cond, p.body);
    else s->u.loop.body = lower_body(L, p.body);
    L->nloops--;
    s->has_barrier = 1;
    return s;
}

/* while (cond) body   |   do body while (cond);   |   while (T v = e) body */
static IrStmt *lower_while(Lower *L, CXCursor c, IrStmtKind kind)
{
    IrStmt *s = ir_stmt(L->fe->a, kind, fe_loc(L->fe, c));
    s->u.loop.id = new_loop(L);
    Parts p;
    if (!parts_of(L, c, &p)) { header_error(L, c, kind == IR_DO ? "do" : "while"); return NULL; }
    s->u.loop.has_cond = 1;
    push_loop(L, s->u.loop.id, 1, 0);
    if (!clang_Cursor_isNull(p.condvar)) {
        s->u.loop.cond.lit = "1";
        s->u.loop.body = condvar_body(L, s, p.condvar, p.body);
    } else if (kind == IR_WHILE && has_barrier(L, p.cond)) {
        s->u.loop.body = hoisted_cond_body(L, s, p.cond, p.body);
    } else {
        expr_range(L, p.cond, &s->u.loop.cond);
        s->u.loop.body = lower_body(L, p.body);
    }
    L->nloops--;
    s->has_barrier = 1;
    return s;
}

/* Where the initializer of declaration d starts, or 0 when it has none. */
static unsigned init_start(Lower *L, CXCursor d, int *direct)
{
    Fe *fe = L->fe;
    int first, i = after_dims(L, d, &first);
    *direct = fe_tok_is(fe, i, "{") || fe_tok_is(fe, i, "(");
    if (fe_tok_is(fe, i, "=") && i + 1 < fe->ntoks) return fe->toks[i + 1].b;
    if (*direct) return fe->toks[i].b;
    return 0;
}

/* One declarator d of a declaration: DECL d, pushed onto seq. [sb, se) is
 * the whole declaration statement when d is its only declarator (then it
 * prints as written), else empty (it prints as `T d = init;`). */
static IrStmt *lower_var(Lower *L, CXCursor d, IrStmt *seq, unsigned sb, unsigned se)
{
    Fe *fe = L->fe;
    IrStmt *s = ir_stmt(fe->a, IR_DECL, fe_loc(fe, d));
    IrVar *v = new_var(L, d, IRV_LOCAL);
    s->u.decl.var = v;
    v->decl = s;
    v->in_loop = L->nloops > 0;
    Kids dk = kids_of(L, d);
    CXCursor last = dk.n ? dk.v[dk.n - 1] : clang_getNullCursor();
    if (dk.n && is_sync_reduction(L, last)) {
        pv_push(fe->a, &seq->u.seq.list, s);
        ir_seq_push(fe->a, seq, lower_sync_reduction(L, fe_strip(last), v));
        return s;
    }
    FeFunc *bf = dk.n ? barrier_callee(L, last) : NULL;
    if (bf) {
        /* T x = f(...); with a barrier in f: declare x, inline f storing into x */
        pv_push(fe->a, &seq->u.seq.list, s);
        ir_seq_push(fe->a, seq, lower_inline(L, fe_strip(last), bf, v));
        return s;
    }
    /* T x = g(f(...)) with a barrier in f: f runs first */
    IrStmt *pre = dk.n ? hoist_calls(L, last) : NULL;
    if (pre) ir_seq_push(fe->a, seq, pre);
    s->u.decl.decl.begin = sb;
    s->u.decl.decl.end = se;
    int direct = 0;
    unsigned ib = init_start(L, d, &direct), db, de;
    fe_range(fe, d, &db, &de);
    /* the declaration itself, refs included (array dims, initializer, and
     * the declared name, which renaming may change) */
    if (se > sb) {
        scan_range(L, d, sb, se, &s->u.decl.decl);
        unsigned nb, ne;
        if (fe_spelled_range(fe, d, &nb, &ne) && nb >= sb && ne <= se) {
            IrRef *r = ar_alloc(fe->a, sizeof *r);
            r->kind = REF_VAR;
            r->begin = nb;
            r->end = ne;
            r->var = v;
            pv_push(fe->a, &s->u.decl.decl.refs, r);
            IrRange *dr = &s->u.decl.decl;
            if (dr->refs.n > 1) qsort(dr->refs.v, (size_t)dr->refs.n, sizeof(void *), cmp_ref);
        }
    }
    if (ib) {
        s->u.decl.has_init = 1;
        s->u.decl.direct_init = direct;
        s->u.decl.list_init = fe_tok_is(fe, fe_tok_at(fe, ib), "{");
        scan_range(L, d, ib, de, &s->u.decl.init);
        if (dk.n) v->def = idx_of(L, last);
        if (clang_getCursorType(d).kind == CXType_LValueReference || clang_getCursorType(d).kind == CXType_RValueReference)
            for (int i = 0; i < s->u.decl.init.refs.n; i++) {
                IrRef *f = s->u.decl.init.refs.v[i];
                if (f->kind == REF_VAR) f->var->flags |= IRV_ALIASED;   /* `T &r = v;` */
            }
    }
    pv_push(fe->a, &seq->u.seq.list, s);
    return s;
}

/* T a = e, b; -> DECL a (e); DECL b */
static IrStmt *lower_decl(Lower *L, CXCursor c)
{
    Fe *fe = L->fe;
    Kids k = kids_of(L, c);
    IrStmt *seq = ir_stmt(fe->a, IR_SEQ, fe_loc(fe, c));
    unsigned sb, se;
    fe_range(fe, c, &sb, &se);
    se = fe_stmt_end(fe, se);
    for (int i = 0; i < k.n; i++) {
        CXCursor d = k.v[i];
        if (clang_getCursorKind(d) != CXCursor_VarDecl) {
            diag_error(fe_loc(fe, d), "this declaration inside a kernel with __syncthreads() is not supported");
            continue;
        }
        if (fe_has_attr(d, CXCursor_CUDASharedAttr)) { shared_var(L, d); continue; }
        lower_var(L, d, seq, k.n == 1 ? sb : 0, k.n == 1 ? se : 0);
    }
    return seq->u.seq.list.n ? seq : NULL;    /* only __shared__: nothing left here */
}

/* The type an argument of type `arg` gives a parameter declared `parm`
 * (both as clang spells them) for template parameter `name`: `T` from
 * `float`, `T *` and `const T *` from `float *` or `float [32]`. */
static const char *deduce(Lower *L, const char *name, const char *parm, const char *arg)
{
    Fe *fe = L->fe;
    if (!strcmp(parm, name) || !strcmp(parm, ar_printf(fe->a, "%s &", name)) ||
        !strcmp(parm, ar_printf(fe->a, "const %s &", name)))
        return arg;
    if (strcmp(parm, ar_printf(fe->a, "%s *", name)) && strcmp(parm, ar_printf(fe->a, "const %s *", name)))
        return NULL;
    size_t n = strlen(arg);
    const char *elem = NULL;
    if (n > 2 && !strcmp(arg + n - 2, " *")) elem = ar_strndup(fe->a, arg, n - 2);
    else if (n > 1 && arg[n - 1] == ']' && strstr(arg, " [")) elem = ar_strndup(fe->a, arg, (size_t)(strstr(arg, " [") - arg));
    if (elem && !strncmp(elem, "const ", 6)) elem += 6;
    return elem;
}

/* Inlining function template f at call: binds each template parameter to
 * this call's argument (from the specialization clang resolved, or deduced
 * from the argument types when the call depends on the caller's template
 * parameters). 0 after an error. */
static int template_args(Lower *L, CXCursor call, FeFunc *f, const Kids *k, const Kids *parms)
{
    Fe *fe = L->fe;
    CXCursor spec = clang_getCursorReferenced(call);
    int nspec = clang_Cursor_isNull(spec) ? -1 : clang_Cursor_getNumTemplateArguments(spec);
    PtrVec subst = L->tsubst;
    PtrVec mine = { 0 };
    /* arguments written out, `f<storeSum>(...)`: needed where the call
     * depends on the caller's parameters and clang has no specialization */
    const char *written[16];
    int nwritten = -1;
    unsigned nb, ne;
    CXCursor callee = fe_child(call, 0);
    while (!clang_Cursor_isNull(callee) && clang_getCursorKind(callee) == CXCursor_UnexposedExpr) callee = fe_child(callee, 0);
    /* `obj.f<...>(...)` on a dependent object: the name is f's overload set */
    for (int i = 0; !clang_Cursor_isNull(callee) && clang_getCursorKind(callee) == CXCursor_MemberRefExpr &&
                    i < fe_nchildren(callee); i++)
        if (clang_getCursorKind(fe_child(callee, i)) == CXCursor_OverloadedDeclRef) {
            callee = fe_child(callee, i);
            break;
        }
    if (!clang_Cursor_isNull(callee) && fe_spelled_range(fe, callee, &nb, &ne))
        nwritten = fe_template_args(fe, nb, written, 16);
    for (int i = 0, t = 0; i < k->n; i++) {
        enum CXCursorKind kind = clang_getCursorKind(k->v[i]);
        if (kind != CXCursor_TemplateTypeParameter && kind != CXCursor_NonTypeTemplateParameter) continue;
        TSubst *ts = ar_alloc(fe->a, sizeof *ts);
        ts->param = k->v[i];
        ts->name = fe_name(fe, k->v[i]);
        if (t < nspec) {
            if (clang_Cursor_getTemplateArgumentKind(spec, (unsigned)t) == CXTemplateArgumentKind_Integral)
                ts->text = ar_printf(fe->a, "%lld", clang_Cursor_getTemplateArgumentValue(spec, (unsigned)t));
            else
                ts->text = fe_cxstr(fe, clang_getTypeSpelling(clang_Cursor_getTemplateArgumentType(spec, (unsigned)t)));
        } else if (t < nwritten) {
            ts->text = written[t];
        } else if (kind == CXCursor_TemplateTypeParameter) {
            for (int j = 0; j < parms->n && j < clang_Cursor_getNumArguments(call) && !ts->text; j++) {
                CXType at = clang_getCursorType(clang_Cursor_getArgument(call, (unsigned)j));
                at = clang_getUnqualifiedType(clang_getNonReferenceType(at));
                ts->text = deduce(L, ts->name, fe_cxstr(fe, clang_getTypeSpelling(clang_getCursorType(parms->v[j]))),
                                  fe_cxstr(fe, clang_getTypeSpelling(at)));
            }
        }
        t++;
        if (!ts->text) {
            diag_error(fe_loc(fe, call), "cannot inline template '%s' (it contains __syncthreads()): the argument for '%s' is not known here; name it explicitly (%s<...>(...))",
                       f->name, ts->name, f->name);
            return 0;
        }
        pv_push(fe->a, &mine, ts);
    }
    /* the caller's own substitutions apply to the arguments' spelling */
    for (int i = 0; i < mine.n; i++) {
        TSubst *ts = mine.v[i];
        ts->text = subst_type(L, ts->text);
    }
    for (int i = 0; i < mine.n; i++) pv_push(fe->a, &subst, mine.v[i]);
    L->tsubst = subst;
    return 1;
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
            fe_edit(fe, ED_INSERT, brace + 1, brace + 1, " public: /* cucpu: kernels inline its member functions */");
            Kids k = kids_of(L, cls);
            for (int i = 0; i < k.n; i++) {
                if (clang_getCursorKind(k.v[i]) != CXCursor_CXXAccessSpecifier) continue;
                unsigned ab, ae;
                fe_range(fe, k.v[i], &ab, &ae);
                int t = fe_tok_at(fe, ab);
                if (t < fe->ntoks && (fe_tok_is(fe, t, "private") || fe_tok_is(fe, t, "protected")))
                    fe_edit(fe, ED_REPLACE, fe->toks[t].b, fe->toks[t].e, "public");
            }
        }
    }
    fe_enter_src(fe, caller_file);
}

/* Inlining member function f at call: the class whose names its body
 * uses (with the class template's arguments bound), and the object, a
 * reference local `C &cucpu_this_N = obj;` pushed onto seq, that implicit
 * member accesses and `this` go through. 0 after an error. */
static int member_context(Lower *L, CXCursor call, FeFunc *f, IrStmt *seq)
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
            IrVar *v = synth_var(L, ar_printf(fe->a, "cucpu_this_%d", ++L->nthis),
                                 ar_printf(fe->a, arrow ? "%s *" : "%s &", text), fe_loc(fe, base),
                                 IRV_LOCAL | IRV_VARYING);
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

/* f(args); where f contains a barrier: the body of f, its parameters bound
 * to the arguments. A `return` in f breaks out of a do { } while (0). */
static IrStmt *lower_inline(Lower *L, CXCursor call, FeFunc *f, IrVar *ret)
{
    Fe *fe = L->fe;
    IrStmt *seq = ir_stmt(fe->a, IR_SEQ, fe_loc(fe, call));
    seq->u.seq.scope = 1;
    if (clang_Cursor_isNull(f->def) || L->depth > 16) {
        diag_error(fe_loc(fe, call), "cannot inline '%s' (it contains __syncthreads()): %s", f->name,
                   L->depth > 16 ? "recursion" : "no definition in this file");
        return seq;
    }
    int nargs = clang_Cursor_getNumArguments(call);
    int saved_nmap = L->nmap, first_var = L->k->vars.n;
    PtrVec saved_tsubst = L->tsubst;
    CXCursor body = clang_getNullCursor();
    Kids k = kids_of(L, f->def);
    Kids parms = { 0 };
    FeSrc *caller_file = fe->cur;
    for (int i = 0; i < k.n; i++) {
        if (clang_getCursorKind(k.v[i]) == CXCursor_CompoundStmt) body = k.v[i];
        if (clang_getCursorKind(k.v[i]) == CXCursor_ParmDecl) cv_push(fe->a, &parms, k.v[i]);
    }
    IrVar *saved_this = L->this_var;
    CXCursor saved_class = L->this_class;
    const char *saved_class_text = L->this_class_text;
    int saved_dependent = L->this_dependent, saved_is_ptr = L->this_is_ptr;
    if (!member_context(L, call, f, seq)) return seq;
    if (clang_getCursorKind(f->def) == CXCursor_FunctionTemplate && !template_args(L, call, f, &k, &parms)) return seq;
    if (ret && !ret->type) {
        CXType rt = clang_getUnqualifiedType(clang_getNonReferenceType(clang_getCursorResultType(f->def)));
        ret->type = subst_type(L, fe_cxstr(fe, clang_getTypeSpelling(rt)));
    }
    for (int i = 0; i < parms.n && i < nargs; i++) {
        CXCursor p = parms.v[i], a = clang_Cursor_getArgument(call, (unsigned)i);
        IrStmt *d = ir_stmt(fe->a, IR_DECL, fe_loc(fe, a));
        d->u.decl.var = new_var(L, p, IRV_LOCAL);
        d->u.decl.has_init = 1;
        expr_range(L, a, &d->u.decl.init);
        ir_seq_push(fe->a, seq, d);
    }
    int saved_ret = L->ret_loop, saved_loops = L->nloops;
    IrVar *saved_ret_var = L->ret_var;
    L->ret_var = ret;
    IrStmt *wrap = ir_stmt(fe->a, IR_DO, fe_loc(fe, call));
    wrap->u.loop.id = new_loop(L);
    wrap->u.loop.cond.lit = "0";
    wrap->u.loop.has_cond = 1;
    wrap->u.loop.uniform = 1;
    L->ret_loop = wrap->u.loop.id;
    /* on top of the caller's loops, which stay as they are: the inlined
     * body's break and continue reach no further than its own loops */
    push_loop(L, wrap->u.loop.id, 1, 0);
    L->depth++;
    /* the body's offsets are in the file that defines f */
    if (fe_enter(fe, f->def)) wrap->u.loop.body = lower_compound(L, body, 1);
    else {
        diag_error(fe_loc(fe, call), "cannot inline '%s' (it contains __syncthreads()): its definition is not in a user file", f->name);
        wrap->u.loop.body = ir_stmt(fe->a, IR_SEQ, wrap->loc);
    }
    fe_enter_src(fe, caller_file);
    L->depth--;
    L->nloops = saved_loops;
    L->ret_loop = saved_ret;
    L->ret_var = saved_ret_var;
    wrap->has_barrier = 1;
    ir_seq_push(fe->a, seq, wrap);
    L->nmap = saved_nmap;
    L->tsubst = saved_tsubst;
    L->this_var = saved_this;
    L->this_class = saved_class;
    L->this_class_text = saved_class_text;
    L->this_dependent = saved_dependent;
    L->this_is_ptr = saved_is_ptr;
    for (int i = first_var; i < L->k->vars.n; i++) pv_push(fe->a, &L->inlined, L->k->vars.v[i]);
    return seq;
}

/* x = __syncthreads_count(pred):
 *   DECL p = (pred) != 0   (p kept per thread)
 *   block level: r = 0 (1 for _and); for each thread t: r op= p[t]
 *   DECL x = r             (every thread reads the block's result) */
static IrStmt *lower_sync_reduction(Lower *L, CXCursor call, IrVar *x)
{
    Fe *fe = L->fe;
    const char *n = fe_call_name(fe, call), *op = sync_reduction(n);
    int id = L->k->nbarriers++;
    IrStmt *seq = ir_stmt(fe->a, IR_SEQ, fe_loc(fe, call));
    IrVar *p = synth_var(L, ar_printf(fe->a, "cucpu_pred_%d", id), "int", fe_loc(fe, call),
                         IRV_LOCAL | IRV_VARYING | IRV_PRIVATE | IRV_SYNTH);
    IrStmt *d = ir_stmt(fe->a, IR_DECL, p->loc);
    d->u.decl.var = p;
    d->u.decl.has_init = 1;
    d->u.decl.assign_only = 1;
    expr_range(L, clang_Cursor_getArgument(call, 0), &d->u.decl.init);
    ir_seq_push(fe->a, seq, d);
    IrStmt *red = ir_stmt(fe->a, IR_TEXT, p->loc);
    red->u.text.block_level = 1;
    red->u.text.r.lit = ar_printf(fe->a, "int cucpu_%s_%d = %d; for (int cucpu_t = 0; cucpu_t < cucpu_nt; cucpu_t++) cucpu_%s_%d %s (%s[cucpu_t] != 0);",
                                  n + 2, id, !strcmp(op, "&="), n + 2, id, op, p->name);
    red->has_barrier = 1;
    ir_seq_push(fe->a, seq, red);
    IrStmt *r = ir_stmt(fe->a, IR_DECL, p->loc);
    r->u.decl.var = x;
    r->u.decl.has_init = 1;
    r->u.decl.assign_only = 1;
    r->u.decl.init.lit = ar_printf(fe->a, "cucpu_%s_%d", n + 2, id);
    ir_seq_push(fe->a, seq, r);
    return seq;
}

static int is_sync_reduction(Lower *L, CXCursor e)
{
    e = fe_strip(e);
    return clang_getCursorKind(e) == CXCursor_CallExpr && sync_reduction(fe_call_name(L->fe, e));
}

/* The function with a barrier that expression e calls, or NULL. */
static FeFunc *barrier_callee(Lower *L, CXCursor e)
{
    e = fe_strip(e);
    if (clang_getCursorKind(e) != CXCursor_CallExpr) return NULL;
    FeFunc *f = fe_callee(L->fe, e);
    return f && f->has_barrier ? f : NULL;
}

/* `a[i] = rhs;`: remembers the store and where rhs is, for forwarding. */
/* `A[i] = rhs;` (a store the forward pass may use) or `v = rhs;` for a
 * local v (a new value the versions pass may give its own variable). */
static void note_assignment(Lower *L, IrStmt *s, CXCursor e)
{
    if (clang_getCursorKind(e) != CXCursor_BinaryOperator ||
        clang_getCursorBinaryOperatorKind(e) != CXBinaryOperator_Assign)
        return;
    CXCursor lhs = fe_strip(fe_child(e, 0)), rhs = fe_child(e, 1);
    unsigned lb, le, rb, re;
    fe_range(L->fe, lhs, &lb, &le);
    fe_range(L->fe, rhs, &rb, &re);
    const IrRange *r = &s->u.text.r;
    if (rb < r->begin || re > r->end || rb >= re) return;
    if (clang_getCursorKind(lhs) == CXCursor_DeclRefExpr) {
        IrVar *v = lookup(L, clang_getCursorReferenced(lhs));
        if (v && (v->flags & IRV_LOCAL)) {
            s->u.text.set_var = v;
            s->u.text.rhs_begin = rb;
            s->u.text.rhs_end = re;
            s->u.text.rhs_idx = idx_of(L, rhs);
        }
        return;
    }
    if (clang_getCursorKind(lhs) != CXCursor_ArraySubscriptExpr) return;
    for (int i = 0; i < r->accesses.n; i++) {
        IrAccess *a = r->accesses.v[i];
        if (a->write && a->begin == lb && a->end == le) {
            s->u.text.store = a;
            s->u.text.rhs_begin = rb;
            s->u.text.rhs_end = re;
        }
    }
}

/* ---- warp primitives and lock step ------------------------------------------------ */

static const char *type_name(Lower *L, CXType t)
{
    t = clang_getUnqualifiedType(clang_getNonReferenceType(t));
    /* a group of <cooperative_groups.h> by its full name: the user's
     * spelling may lean on a namespace alias or `auto` */
    const char *canon = fe_cxstr(L->fe, clang_getTypeSpelling(clang_getCanonicalType(t)));
    if (!strncmp(canon, "cooperative_groups::", 20)) return canon;
    return fe_cxstr(L->fe, clang_getTypeSpelling(t));
}

/* Argument i as the user wrote it; a defaulted one (`width`) is not. */
static int arg_spelled(Lower *L, CXCursor call, int i, CXCursor *arg)
{
    if (i >= clang_Cursor_getNumArguments(call)) return 0;
    *arg = clang_Cursor_getArgument(call, i);
    unsigned cb, ce, ab, ae;
    fe_range(L->fe, call, &cb, &ce);
    fe_range(L->fe, *arg, &ab, &ae);
    return ab < ae && ab >= cb && ae <= ce;
}

/* The value of a warp primitive, also where a template leaves the call's
 * type dependent. */
static const char *warp_result_type(Lower *L, CXCursor call, const WarpCall *w)
{
    CXType t = clang_getCursorType(call);
    if (t.kind != CXType_Unexposed && t.kind != CXType_Dependent) return type_name(L, t);
    switch (w->op->kind) {
    case W_ANY: case W_ALL: case W_UNI: return "int";
    case W_BALLOT: case W_ACTIVEMASK: case W_MATCH_ANY: case W_MATCH_ALL: return "unsigned int";
    case W_COALESCED: return "cooperative_groups::coalesced_group";
    default: return type_name(L, clang_getCursorType(clang_Cursor_getArgument(call, w->a0)));
    }
}

/* A translator-made value kept per thread (its array is read across the
 * warp by the exchange). */
static IrVar *exchange_var(Lower *L, const char *name, const char *type, SrcLoc loc)
{
    return synth_var(L, name, type, loc, IRV_LOCAL | IRV_VARYING | IRV_PRIVATE | IRV_SYNTH);
}

/* DECL v = arg (or = lit when arg is null), pushed onto seq. */
static void set_exchange(Lower *L, IrStmt *seq, IrVar *v, const CXCursor *arg, const char *lit)
{
    IrStmt *d = ir_stmt(L->fe->a, IR_DECL, v->loc);
    d->u.decl.var = v;
    d->u.decl.has_init = 1;
    d->u.decl.assign_only = 1;
    if (arg) expr_range(L, *arg, &d->u.decl.init);
    else d->u.decl.init.lit = lit;
    v->decl = d;
    ir_seq_push(L->fe->a, seq, d);
}

static IrStmt *warp_barrier(Lower *L, SrcLoc loc, int keep)
{
    IrStmt *b = ir_stmt(L->fe->a, IR_BARRIER, loc);
    b->u.barrier.id = L->k->nbarriers++;
    b->u.barrier.warp = 1;
    b->u.barrier.keep = keep;
    b->has_barrier = 1;
    return b;
}

/* An expression whose value the thread's own locals, parameters and
 * constants fix: no memory, no calls, no side effects. */
static int pure_range(const IrRange *r)
{
    if (r->accesses.n || r->unknown_read || r->unknown_write) return 0;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind != REF_VAR && f->kind != REF_BUILTIN) return 0;
        if (f->kind == REF_VAR && (f->is_write || f->in_macro || (f->var->flags & (IRV_SHARED | IRV_DYNSHARED)))) return 0;
    }
    return 1;
}

/* An int argument: its value when it is a constant, else a per-thread
 * copy whose element the exchange reads. */
static const char *int_arg(Lower *L, IrStmt *seq, CXCursor call, int i, const char *dflt, const char *name,
                           const char *type, SrcLoc loc)
{
    CXCursor arg;
    if (!arg_spelled(L, call, i, &arg)) return dflt;
    CXEvalResult ev = clang_Cursor_Evaluate(arg);
    if (ev) {
        const char *r = NULL;
        if (clang_EvalResult_getKind(ev) == CXEval_Int)
            r = ar_printf(L->fe->a, "%lld", clang_EvalResult_getAsLongLong(ev));
        clang_EvalResult_dispose(ev);
        if (r) return r;
    }
    IrVar *v = exchange_var(L, name, type, loc);
    set_exchange(L, seq, v, &arg, NULL);
    return ar_printf(L->fe->a, "%s[cucpu_tid]", v->name);
}

/* The DECL that gives a warp call's result to ret: ret's declaration,
 * after the barrier (one thread loop uses it), unless it has one. */
static IrStmt *warp_result(Lower *L, IrVar *ret, SrcLoc loc)
{
    IrStmt *d = ir_stmt(L->fe->a, IR_DECL, loc);
    d->u.decl.var = ret;
    d->u.decl.has_init = 1;
    d->u.decl.assign_only = ret->decl != NULL;
    if (!ret->decl) ret->decl = d;
    return d;
}

/* A warp primitive, `ret = op(args)` (ret NULL: the value is unused):
 *   [block level: clear the active lanes' masks]   (votes, matches, reductions)
 *   DECL cucpu_wm_N = mask; DECL cucpu_wv_N = value; ...   (per thread)
 *   BARRIER (warp, kept)
 *   DECL ret = helper(cucpu_wv_N, ..., cucpu_tid, cucpu_nt)
 * Every thread stores its operands, the warp meets, and each thread reads
 * its lanes' operands from the arrays. A lane that did not reach the call
 * left its mask 0: it is not active. A group's operation (cooperative
 * groups) is the same over the group's lanes: a tile is a segment of its
 * warp of the tile's width, a coalesced group the lanes of its mask. */
static IrStmt *lower_warp(Lower *L, CXCursor call, const WarpCall *w, IrVar *ret)
{
    Fe *fe = L->fe;
    const WarpOp *op = w->op;
    SrcLoc loc = fe_loc(fe, call);
    IrStmt *seq = ir_stmt(fe->a, IR_SEQ, loc);
    seq->has_barrier = 1;
    L->k->nwarp_ops++;
    int n = L->ntemps++;
    if (op->kind == W_SYNCWARP) {
        ir_seq_push(fe->a, seq, warp_barrier(L, loc, 0));
        return seq;
    }
    int a0 = w->a0, coop = w->coop.kind != COOP_NONE, tile = w->coop.group == GROUP_TILE;
    int coalesced = w->coop.group == GROUP_COALESCED;
    int shfl = op->kind == W_SHFL_IDX || op->kind == W_SHFL_UP || op->kind == W_SHFL_DOWN || op->kind == W_SHFL_XOR;
    if (coop && !tile && !coalesced && op->kind != W_COALESCED) {
        diag_error(loc, "'%s' of this group is not supported; cucpu supports it on thread_block_tile<N> and coalesced_group", op->name);
        return seq;
    }
    const char *wm = NULL, *helper_args;
    if (!shfl || coalesced) {
        IrVar *m = exchange_var(L, ar_printf(fe->a, "cucpu_wm_%d", n), "unsigned int", loc);
        IrStmt *clr = ir_stmt(fe->a, IR_TEXT, loc);
        clr->u.text.block_level = 1;
        clr->u.text.warp_level = 1;
        clr->u.text.r.lit = ar_printf(fe->a, "for (int cucpu_t = 0; cucpu_t < cucpu_nt; cucpu_t++) %s[cucpu_t] = 0;", m->name);
        clr->has_barrier = 1;
        ir_seq_push(fe->a, seq, clr);
        CXCursor marg;
        if (tile) {
            set_exchange(L, seq, m, NULL, ar_printf(fe->a, "cucpu_tile_mask(cucpu_tid, %d)", w->width));
            m->decl->u.decl.init.tid_text = 1;
        } else if (coalesced) {
            /* the group's own lanes: (group)._mask */
            set_exchange(L, seq, m, &w->coop.object, NULL);
            IrRange *r = &m->decl->u.decl.init;
            range_replace(L, r, r->begin, r->begin, "(");
            range_replace(L, r, r->end, r->end, ")._mask");
        } else if (op->has_mask && arg_spelled(L, call, 0, &marg))
            set_exchange(L, seq, m, &marg, NULL);
        else
            set_exchange(L, seq, m, NULL, "0xffffffffu");
        wm = m->name;
    }
    const char *vtype = op->kind == W_BALLOT || op->kind == W_ANY || op->kind == W_ALL || op->kind == W_UNI
                            ? "int" : NULL;
    IrVar *wv = NULL;
    CXCursor varg;
    if (op->kind != W_ACTIVEMASK && op->kind != W_COALESCED) {
        if (!arg_spelled(L, call, a0, &varg)) {
            diag_error(loc, "'%s' needs its value argument", op->name);
            return seq;
        }
        if (!vtype) vtype = type_name(L, clang_getCursorType(varg));
        wv = exchange_var(L, ar_printf(fe->a, "cucpu_wv_%d", n), vtype, loc);
        set_exchange(L, seq, wv, &varg, NULL);
    }
    switch (op->kind) {
    case W_SHFL_IDX: case W_SHFL_UP: case W_SHFL_DOWN: case W_SHFL_XOR: {
        const char *width = w->width ? ar_printf(fe->a, "%d", w->width)
                                     : int_arg(L, seq, call, a0 + 2, "32", ar_printf(fe->a, "cucpu_ww_%d", n), "int", loc);
        CXCursor larg;
        IrRange lr = { 0 };
        if (!coalesced && ret && arg_spelled(L, call, a0 + 1, &larg)) {
            expr_range(L, larg, &lr);
            if (pure_range(&lr)) {
                /* a lane or offset that nothing can change across the
                 * barrier (`o`, `16 >> k`): read in place after it */
                ir_seq_push(fe->a, seq, warp_barrier(L, loc, 1));
                IrStmt *post = warp_result(L, ret, loc);
                post->u.decl.init = lr;
                IrRange *r = &post->u.decl.init;
                r->unknown_read = 1;
                r->tid_text = 1;
                range_replace(L, r, r->begin, r->begin, ar_printf(fe->a, "%s(%s, cucpu_tid, cucpu_nt, (", op->helper, wv->name));
                range_replace(L, r, r->end, r->end, ar_printf(fe->a, "), %s)", width));
                ir_seq_push(fe->a, seq, post);
                return seq;
            }
        }
        const char *lane = int_arg(L, seq, call, a0 + 1, "0", ar_printf(fe->a, "cucpu_wl_%d", n),
                                   op->kind == W_SHFL_UP || op->kind == W_SHFL_DOWN ? "unsigned int" : "int", loc);
        if (coalesced) {
            if (op->kind != W_SHFL_IDX) {
                diag_error(loc, "'%s' of a coalesced_group is not supported; use shfl", op->name);
                return seq;
            }
            /* a rank of the group: the lane that holds it */
            lane = ar_printf(fe->a, "cucpu_coalesced_lane(%s[cucpu_tid], %s)", wm, lane);
        }
        helper_args = ar_printf(fe->a, "%s, cucpu_tid, cucpu_nt, %s, %s", wv->name, lane, width);
        break;
    }
    case W_ACTIVEMASK: case W_COALESCED: helper_args = ar_printf(fe->a, "%s, cucpu_tid, cucpu_nt", wm); break;
    case W_MATCH_ALL: {
        CXCursor parg;
        if (!arg_spelled(L, call, a0 + 1, &parg)) {
            diag_error(loc, "'%s' needs its predicate", op->name);
            return seq;
        }
        IrVar *wp = exchange_var(L, ar_printf(fe->a, "cucpu_wp_%d", n), "int *", loc);
        set_exchange(L, seq, wp, &parg, NULL);
        if (coop) {
            /* match_all(value, int &pred): its address */
            IrRange *r = &wp->decl->u.decl.init;
            for (int i = 0; i < r->refs.n; i++) {
                IrRef *f = r->refs.v[i];
                if (f->kind != REF_VAR) continue;
                f->is_write = 1;
                f->var->flags |= IRV_WRITTEN | IRV_ADDRTAKEN;
            }
            range_replace(L, r, r->begin, r->begin, "&(");
            range_replace(L, r, r->end, r->end, ")");
        }
        helper_args = ar_printf(fe->a, "%s, %s, cucpu_tid, cucpu_nt, %s[cucpu_tid]", wv->name, wm, wp->name);
        break;
    }
    case W_CG_REDUCE: case W_CG_ISCAN: case W_CG_ESCAN: {
        /* the function object: a default-constructed one of its type */
        CXCursor fn;
        const char *fo;
        if (arg_spelled(L, call, a0 + 1, &fn)) {
            const char *t = fe_cxstr(fe, clang_getTypeSpelling(clang_getCanonicalType(clang_getNonReferenceType(clang_getCursorType(fn)))));
            if (strncmp(t, "cooperative_groups::", 20)) {
                diag_error(loc, "'%s' with this function object is not supported; cucpu supports cg::plus, cg::less, cg::greater, cg::bit_and, cg::bit_or and cg::bit_xor", op->name);
                return seq;
            }
            fo = ar_printf(fe->a, "%s()", t);
        } else
            fo = ar_printf(fe->a, "cooperative_groups::plus<%s>()", vtype);
        helper_args = ar_printf(fe->a, "%s, %s, cucpu_tid, cucpu_nt, %s", wv->name, wm, fo);
        break;
    }
    default: helper_args = ar_printf(fe->a, "%s, %s, cucpu_tid, cucpu_nt", wv->name, wm); break;
    }
    ir_seq_push(fe->a, seq, warp_barrier(L, loc, 1));
    if (!ret && op->kind != W_MATCH_ALL) return seq;
    const char *value = ar_printf(fe->a, "%s(%s)", op->helper, helper_args);
    /* a group's ballot and match name its lanes from its first one */
    if ((op->kind == W_BALLOT || op->kind == W_MATCH_ANY || op->kind == W_MATCH_ALL) && tile)
        value = ar_printf(fe->a, "cucpu_tile_bits(%s, cucpu_tid, %d)", value, w->width);
    if ((op->kind == W_BALLOT || op->kind == W_MATCH_ANY || op->kind == W_MATCH_ALL) && coalesced)
        value = ar_printf(fe->a, "cucpu_coalesced_bits(%s, %s[cucpu_tid])", value, wm);
    if (op->kind == W_COALESCED) value = ar_printf(fe->a, "cooperative_groups::cucpu_coalesced_group(%s, cucpu_tid)", value);
    IrStmt *post;
    if (ret) {
        post = warp_result(L, ret, loc);
        post->u.decl.init.lit = value;
        post->u.decl.init.unknown_read = 1;
    } else {
        post = ir_stmt(fe->a, IR_TEXT, loc);
        post->u.text.r.lit = ar_printf(fe->a, "(void)%s;", value);
        post->u.text.r.terminated = 1;
        post->u.text.r.unknown_read = post->u.text.r.unknown_write = 1;
    }
    ir_seq_push(fe->a, seq, post);
    return seq;
}

/* Inserts `text` in place of [b, e) of r (an insertion when b == e). */
static void range_replace(Lower *L, IrRange *r, unsigned b, unsigned e, const char *text)
{
    IrRef *f = ar_alloc(L->fe->a, sizeof *f);
    f->kind = REF_REPLACE;
    f->begin = b;
    f->end = e;
    f->text = text;
    pv_push(L->fe->a, &r->refs, f);
    qsort(r->refs.v, (size_t)r->refs.n, sizeof(void *), cmp_ref);
}

/* A store to volatile memory that other lanes read, as legacy
 * warp-synchronous code writes (`v[tid] += v[tid + 16];`). On the GPU the
 * warp's lanes run it in lock step: every lane reads before any lane
 * writes, and every lane has written before the next statement reads. So:
 *   DECL cucpu_lk_N = value      (the right-hand side, or `lhs op (rhs)`)
 *   BARRIER (warp)  lhs = cucpu_lk_N;  BARRIER (warp) */
static IrStmt *lower_lockstep(Lower *L, CXCursor e)
{
    Fe *fe = L->fe;
    SrcLoc loc = fe_loc(fe, e);
    CXCursor lhs = fe_strip(fe_child(e, 0));
    IrStmt *seq = ir_stmt(fe->a, IR_SEQ, loc);
    seq->has_barrier = 1;
    L->k->nwarp_ops++;
    IrVar *tmp = exchange_var(L, ar_printf(fe->a, "cucpu_lk_%d", L->ntemps++), type_name(L, clang_getCursorType(lhs)), loc);
    IrStmt *d = ir_stmt(fe->a, IR_DECL, loc);
    d->u.decl.var = tmp;
    d->u.decl.has_init = 1;
    d->u.decl.assign_only = 1;
    tmp->decl = d;
    unsigned lb, le, eb, ee;
    fe_range(fe, lhs, &lb, &le);
    fe_range(fe, e, &eb, &ee);
    L->in_lockstep = 1;
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k == CXCursor_BinaryOperator) {
        expr_range(L, fe_child(e, 1), &d->u.decl.init);
    } else if (k == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(e);
        expr_range(L, lhs, &d->u.decl.init);
        int inc = op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PreInc;
        range_replace(L, &d->u.decl.init, le, le, inc ? " + 1" : " - 1");
    } else {
        /* lhs op= rhs: lhs op (rhs) */
        static const char *const ops[] = { "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", NULL };
        expr_range(L, e, &d->u.decl.init);
        int t = fe_tok_at(fe, le);
        const char *rep = NULL;
        for (int i = 0; ops[i]; i++)
            if (fe_tok_is(fe, t, ops[i])) rep = ar_printf(fe->a, "%.*s (", (int)strlen(ops[i]) - 1, ops[i]);
        if (!rep || t >= fe->ntoks) {
            diag_error(loc, "cannot find the operator of this store to volatile memory");
            L->in_lockstep = 0;
            return seq;
        }
        range_replace(L, &d->u.decl.init, fe->toks[t].b, fe->toks[t].e, rep);
        range_replace(L, &d->u.decl.init, ee, ee, ")");
    }
    ir_seq_push(fe->a, seq, d);
    ir_seq_push(fe->a, seq, warp_barrier(L, loc, 1));
    IrStmt *st = ir_stmt(fe->a, IR_TEXT, loc);
    expr_range(L, lhs, &st->u.text.r);
    st->u.text.r.unknown_write = 1;
    st->u.text.r.tid_text = 1;
    L->in_lockstep = 0;
    range_replace(L, &st->u.text.r, le, le, ar_printf(fe->a, " = %s[cucpu_tid]", tmp->name));
    ir_seq_push(fe->a, seq, st);
    ir_seq_push(fe->a, seq, warp_barrier(L, loc, 1));
    return seq;
}

/* ---- normalization: barrier calls out of expressions ------------------------- */

typedef struct HoistQuery { Lower *L; PtrVec calls; int conditional, depth; } HoistQuery;

static void find_hoists(HoistQuery *q, CXCursor c);

static enum CXChildVisitResult hoist_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    find_hoists(d, c);
    return CXChildVisit_Continue;
}

/* Collects the barrier calls under c in evaluation order (arguments before
 * the call), and whether one is evaluated only conditionally. */
static void find_hoists(HoistQuery *q, CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_LambdaExpr || !has_barrier(q->L, c)) return;
    if (++q->depth > 256) {
        diag_error(fe_loc(q->L->fe, c), "expression nested too deeply around a call to a function that contains __syncthreads()");
        return;
    }
    int cond = 0;
    if (k == CXCursor_BinaryOperator) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        /* `a, f(x)` runs a first: f may not move before it (a comma
         * statement is split into statements instead, lower_expr_stmt) */
        cond = op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr || op == CXBinaryOperator_Comma;
    }
    if (k == CXCursor_ConditionalOperator) cond = 1;
    if (cond) {
        /* the first operand always runs; the others maybe */
        Kids kids = kids_of(q->L, c);
        for (int i = 0; i < kids.n; i++) {
            q->conditional += i > 0;
            find_hoists(q, kids.v[i]);
            q->conditional -= i > 0;
        }
        q->depth--;
        return;
    }
    clang_visitChildren(c, hoist_visit, q);
    q->depth--;
    if (k != CXCursor_CallExpr) return;
    FeFunc *f = fe_callee(q->L->fe, c);
    int warp = fe_is_warp_call(q->L->fe, c);
    if (!warp && (!f || !f->has_barrier)) return;
    if (q->conditional && warp)
        diag_error(fe_loc(q->L->fe, c), "warp primitive '%s' after '&&', '||', '?' or ',' is not supported", fe_call_name(q->L->fe, c));
    else if (q->conditional)
        diag_error(fe_loc(q->L->fe, c), "call to '%s', which contains __syncthreads(), after '&&', '||', '?' or ',' is not supported", f->name);
    CXCursor *p = ar_alloc(q->L->fe->a, sizeof *p);
    *p = c;
    pv_push(q->L->fe->a, &q->calls, p);
}

/* Runs the barrier calls inside expression e first, each as a statement
 * that stores its value into a new temporary, and returns those statements
 * (NULL when there are none). The expression's scan then reads the
 * temporaries (scan_call). */
static IrStmt *hoist_calls(Lower *L, CXCursor e)
{
    Fe *fe = L->fe;
    HoistQuery q = { .L = L };
    find_hoists(&q, e);
    if (!q.calls.n) return NULL;
    IrStmt *seq = ir_stmt(fe->a, IR_SEQ, fe_loc(fe, e));
    for (int i = 0; i < q.calls.n; i++) {
        CXCursor call = *(CXCursor *)q.calls.v[i];
        FeFunc *f = fe_callee(fe, call);
        WarpCall wc;
        const WarpOp *op = warp_call(fe, call, &wc) ? wc.op : NULL;
        Hoisted *h = ar_alloc(fe->a, sizeof *h);
        h->call = call;
        CXType t = clang_getCursorType(call);
        /* in a template the call's type may depend on the arguments: then
         * the callee's result type, as inlining binds it (lower_inline) */
        int dependent = t.kind == CXType_Unexposed || t.kind == CXType_Dependent;
        if (dependent && !op) t = clang_getCursorResultType(f->def);
        if (t.kind != CXType_Void) {
            const char *type = op ? warp_result_type(L, call, &wc)
                             : dependent ? NULL
                             : fe_cxstr(fe, clang_getTypeSpelling(clang_getUnqualifiedType(clang_getNonReferenceType(t))));
            IrVar *v = synth_var(L, ar_printf(fe->a, "cucpu_ret_%d", L->ntemps++), type, fe_loc(fe, call),
                                 IRV_LOCAL | IRV_VARYING | IRV_SYNTH);
            /* a warp operation declares its result where it computes it
             * (lower_warp), after its barrier: one thread loop uses it */
            if (!op) {
                IrStmt *d = ir_stmt(fe->a, IR_DECL, v->loc);
                d->u.decl.var = v;
                v->decl = d;
                ir_seq_push(fe->a, seq, d);
            }
            h->var = v;
        }
        ir_seq_push(fe->a, seq, op ? lower_warp(L, call, &wc, h->var) : lower_inline(L, call, f, h->var));
        pv_push(fe->a, &L->hoisted, h);
    }
    seq->has_barrier = 1;
    return seq;
}

/* `pre` then s, in one SEQ without a scope of its own (s may declare). */
static IrStmt *then_stmt(Lower *L, IrStmt *pre, IrStmt *s)
{
    if (!pre) return s;
    if (s) ir_seq_push(L->fe->a, pre, s);
    return pre;
}

static IrStmt *lower_expr_stmt(Lower *L, CXCursor c)
{
    Fe *fe = L->fe;
    CXCursor e = fe_strip(c);
    if (clang_getCursorKind(e) == CXCursor_BinaryOperator &&
        clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Comma && has_barrier(L, e)) {
        /* `a, __syncthreads();` as a statement: its operands in order */
        IrStmt *seq = ir_stmt(fe->a, IR_SEQ, fe_loc(fe, c));
        Kids k = kids_of(L, e);
        for (int i = 0; i < k.n; i++) {
            IrStmt *s = lower_stmt(L, k.v[i]);
            if (s) ir_seq_push(fe->a, seq, s);
        }
        seq->has_barrier = 1;
        return seq;
    }
    if (clang_getCursorKind(e) == CXCursor_BinaryOperator &&
        clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Assign) {
        CXCursor lhs = fe_strip(fe_child(e, 0)), rhs = fe_child(e, 1);
        FeFunc *f = barrier_callee(L, rhs);
        IrVar *v = clang_getCursorKind(lhs) == CXCursor_DeclRefExpr ? lookup(L, clang_getCursorReferenced(lhs)) : NULL;
        if (f && v) return lower_inline(L, fe_strip(rhs), f, v);
        if (v && is_sync_reduction(L, rhs)) return lower_sync_reduction(L, fe_strip(rhs), v);
    }
    FeCoop coop;
    if (fe_coop_call(fe, e, &coop) && coop.kind == COOP_GRID_SYNC) {
        /* the block meets, then every block of the grid (the launcher runs
         * all blocks at once: codegen, grid_sync) */
        IrStmt *seq = ir_stmt(fe->a, IR_SEQ, fe_loc(fe, c));
        IrStmt *b = ir_stmt(fe->a, IR_BARRIER, fe_loc(fe, c));
        b->u.barrier.id = L->k->nbarriers++;
        b->u.barrier.keep = 1;
        b->has_barrier = 1;
        ir_seq_push(fe->a, seq, b);
        IrStmt *g = ir_stmt(fe->a, IR_TEXT, fe_loc(fe, c));
        g->u.text.block_level = 1;
        g->u.text.r.lit = "cucpu_grid_sync();";
        g->has_barrier = 1;
        ir_seq_push(fe->a, seq, g);
        seq->has_barrier = 1;
        L->k->grid_sync = 1;
        return seq;
    }
    if (fe_is_barrier_call(fe, e)) {
        IrStmt *s = ir_stmt(fe->a, IR_BARRIER, fe_loc(fe, c));
        s->u.barrier.id = L->k->nbarriers++;
        s->has_barrier = 1;
        return s;
    }
    if (clang_getCursorKind(e) == CXCursor_CallExpr) {
        FeFunc *f = fe_callee(fe, e);
        WarpCall wc;
        if (warp_call(fe, e, &wc)) {
            /* its value unused: the arguments' own warp calls first */
            IrStmt *pre = ir_stmt(fe->a, IR_SEQ, fe_loc(fe, c));
            for (int i = 0; i < clang_Cursor_getNumArguments(e); i++) {
                IrStmt *h = hoist_calls(L, clang_Cursor_getArgument(e, i));
                if (h) ir_seq_push(fe->a, pre, h);
            }
            return then_stmt(L, pre, lower_warp(L, e, &wc, NULL));
        }
        if (f && f->has_barrier) return lower_inline(L, e, f, NULL);
    }
    if (fe_is_lockstep(fe, e)) return lower_lockstep(L, e);
    IrStmt *pre = hoist_calls(L, c);
    IrStmt *s = text_leaf(L, c);
    note_assignment(L, s, e);
    return then_stmt(L, pre, s);
}

static IrStmt *lower_jump(Lower *L, CXCursor c, IrStmtKind kind)
{
    unsigned b, e;
    fe_range(L->fe, c, &b, &e);
    int loop = kind == IR_RETURN ? L->ret_loop : find_loop(L, kind == IR_BREAK);
    if (kind == IR_RETURN && loop >= 0) kind = IR_BREAK;
    if (kind != IR_RETURN && loop < 0) return text_leaf(L, c);
    if (kind == IR_RETURN) L->k->has_return = 1;
    IrStmt *s = ir_stmt(L->fe->a, kind, fe_loc(L->fe, c));
    s->u.jump.r.begin = b;
    s->u.jump.r.end = fe_stmt_end(L->fe, e);
    s->u.jump.loop = loop;
    return s;
}

/* `return e;` in an inlined function: store e, leave the inlined body. */
static IrStmt *lower_return_value(Lower *L, CXCursor c)
{
    Fe *fe = L->fe;
    IrStmt *seq = ir_stmt(fe->a, IR_SEQ, fe_loc(fe, c));
    CXCursor e = fe_child(c, 0);
    IrStmt *pre = hoist_calls(L, e);
    if (pre) ir_seq_push(fe->a, seq, pre);
    if (L->ret_var) {
        IrStmt *d = ir_stmt(fe->a, IR_DECL, fe_loc(fe, c));
        d->u.decl.var = L->ret_var;
        d->u.decl.has_init = 1;
        d->u.decl.assign_only = 1;
        expr_range(L, e, &d->u.decl.init);
        ir_seq_push(fe->a, seq, d);
    } else {
        ir_seq_push(fe->a, seq, text_leaf(L, e));
    }
    IrStmt *j = lower_jump(L, c, IR_RETURN);
    ir_seq_push(fe->a, seq, j);
    return seq;
}

static IrStmt *lower_stmt(Lower *L, CXCursor c)
{
    Fe *fe = L->fe;
    enum CXCursorKind k = clang_getCursorKind(c);
    switch (k) {
    case CXCursor_CompoundStmt: return lower_compound(L, c, 1);
    case CXCursor_DeclStmt: return lower_decl(L, c);
    case CXCursor_NullStmt: return NULL;
    case CXCursor_ReturnStmt:
        if (L->ret_loop >= 0 && fe_nchildren(c) > 0) return lower_return_value(L, c);
        return lower_jump(L, c, IR_RETURN);
    case CXCursor_BreakStmt: return lower_jump(L, c, IR_BREAK);
    case CXCursor_ContinueStmt: return lower_jump(L, c, IR_CONTINUE);
    default: break;
    }
    if (!has_barrier(L, c)) {
        if ((k == CXCursor_GotoStmt || k == CXCursor_LabelStmt || k == CXCursor_IndirectGotoStmt) && L->func->has_barrier)
            diag_error(fe_loc(fe, c), "'goto' in a kernel that calls __syncthreads() is not supported");
        return clang_isExpression(k) ? lower_expr_stmt(L, c) : text_leaf(L, c);
    }
    switch (k) {
    case CXCursor_IfStmt: return lower_if(L, c);
    case CXCursor_ForStmt: return lower_for(L, c);
    case CXCursor_WhileStmt: return lower_while(L, c, IR_WHILE);
    case CXCursor_DoStmt: return lower_while(L, c, IR_DO);
    case CXCursor_SwitchStmt:
        diag_error(fe_loc(fe, c), "__syncthreads() inside a 'switch' is not supported; use 'if' instead");
        return NULL;
    case CXCursor_LabelStmt: case CXCursor_GotoStmt:
        diag_error(fe_loc(fe, c), "'goto' in a kernel that calls __syncthreads() is not supported");
        return NULL;
    case CXCursor_UnexposedStmt:
        /* `#pragma unroll` and other attributes before a statement: the
         * statement (the pragma only tunes the host compiler's loop) */
        if (fe_nchildren(c) == 1 && clang_isStatement(clang_getCursorKind(fe_child(c, 0))))
            return lower_stmt(L, fe_child(c, 0));
        diag_error(fe_loc(fe, c), "__syncthreads() inside this kind of statement is not supported");
        return NULL;
    default:
        if (clang_isExpression(k)) return lower_expr_stmt(L, c);
        diag_error(fe_loc(fe, c), "__syncthreads() inside this kind of statement is not supported");
        return NULL;
    }
}

static enum CXChildVisitResult lower_kid(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    void **ctx = d;
    Lower *L = ctx[0];
    IrStmt *seq = ctx[1];
    IrStmt *s = lower_stmt(L, c);
    if (s) ir_seq_push(L->fe->a, seq, s);
    return CXChildVisit_Continue;
}

/* { s1; s2; ... } */
static IrStmt *lower_compound(Lower *L, CXCursor c, int scope)
{
    IrStmt *seq = ir_stmt(L->fe->a, IR_SEQ, fe_loc(L->fe, c));
    seq->u.seq.scope = scope;
    void *ctx[2] = { L, seq };
    clang_visitChildren(c, lower_kid, ctx);
    return seq;
}

static enum CXChildVisitResult bind_param(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Lower *L = d;
    if (clang_getCursorKind(c) == CXCursor_ParmDecl) {
        IrVar *v = new_var(L, c, IRV_PARAM);
        v->flags &= ~(unsigned)IRV_VARYING;
        v->is_restrict = clang_isRestrictQualifiedType(clang_getCursorType(c));
        L->k->nparams++;
    } else if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
        L->k->body = lower_compound(L, c, 0);
        fe_range(L->fe, c, &L->k->body_begin, &L->k->body_end);
    }
    return CXChildVisit_Continue;
}

/* A parameter the kernel assigns is per thread in CUDA: the launcher's
 * parameter is renamed cucpu_arg_<name> and every thread starts from a
 * copy under the original name. */
static void copy_written_params(Lower *L)
{
    Fe *fe = L->fe;
    IrStmt *first = ir_stmt(fe->a, IR_SEQ, L->k->loc);
    for (int i = 0; i < L->k->vars.n; i++) {
        IrVar *v = L->k->vars.v[i];
        if ((v->flags & (IRV_PARAM | IRV_WRITTEN)) != (IRV_PARAM | IRV_WRITTEN)) continue;
        v->flags = (v->flags & ~(unsigned)IRV_PARAM) | IRV_LOCAL;
        IrStmt *d = ir_stmt(fe->a, IR_DECL, v->loc);
        d->u.decl.var = v;
        d->u.decl.has_init = 1;
        d->u.decl.init.lit = ar_printf(fe->a, "cucpu_arg_%s", v->name);
        pv_push(fe->a, &first->u.seq.list, d);
        fe_edit(fe, ED_REPLACE, v->loc.off, v->loc.off + (unsigned)strlen(v->name), d->u.decl.init.lit);
    }
    if (!first->u.seq.list.n) return;
    IrStmt *body = L->k->body;
    PtrVec old = body->u.seq.list;
    body->u.seq.list = first->u.seq.list;
    for (int i = 0; i < old.n; i++) pv_push(fe->a, &body->u.seq.list, old.v[i]);
}

static int name_used(IrKernel *k, const IrVar *self, const char *name)
{
    for (int i = 0; i < k->vars.n; i++) {
        const IrVar *v = k->vars.v[i];
        if (v != self && !strcmp(v->name, name)) return 1;
    }
    return 0;
}

/* The parameters and locals of an inlined function share the kernel's
 * scope chain once split into thread loops: one whose name another
 * variable of the kernel has gets a name of its own. */
static void rename_inlined(Lower *L)
{
    for (int i = 0; i < L->inlined.n; i++) {
        IrVar *v = L->inlined.v[i];
        const char *base = v->name;
        for (int n = 2; name_used(L->k, v, v->name); n++) v->name = ar_printf(L->fe->a, "%s_%d", base, n);
    }
}

IrKernel *fe_lower_kernel(Fe *fe, FeFunc *f)
{
    IrKernel *k = ar_alloc(fe->a, sizeof *k);
    k->name = f->name;
    k->src = fe->src;
    k->loc = fe_loc(fe, f->def);
    k->is_template = clang_getCursorKind(f->def) == CXCursor_FunctionTemplate;
    Lower L = { .fe = fe, .k = k, .ret_loop = -1, .func = f };
    clang_visitChildren(f->def, bind_param, &L);
    if (!k->body) cucpu_bug(__func__, "kernel %s has no body", f->name);
    copy_written_params(&L);
    rename_inlined(&L);
    /* an `extern __shared__` array of a called __device__ function reads
     * the block's dynamic shared memory through cucpu_dynsmem_tls */
    for (int i = 0; i < f->callees.n; i++)
        if (((FeFunc *)f->callees.v[i])->uses_dynshared) k->uses_dynshared = k->calls_block_storage = 1;
    return k;
}
