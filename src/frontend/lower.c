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

typedef struct Lower {
    Fe *fe;
    IrKernel *k;
    VarMap *map;
    int nmap, capmap;
    LoopCtx loops[128];
    int nloops;
    int ret_loop;            /* inlining: `return` breaks this loop; -1 in the kernel */
    IrVar *ret_var;          /* inlining: where `return e` stores e, or NULL */
    int depth;               /* inlining depth */
    FeFunc *func;            /* the kernel */
} Lower;

static IrStmt *lower_stmt(Lower *L, CXCursor c);
static IrStmt *lower_inline(Lower *L, CXCursor call, FeFunc *f, IrVar *ret);
static FeFunc *barrier_callee(Lower *L, CXCursor e);
static IrStmt *lower_sync_reduction(Lower *L, CXCursor call, IrVar *x);
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
    return ar_strndup(L->fe->a, L->fe->u->src.text + b, e - b);
}

/* The `[..][..]` that follow the declared name, as written. */
static const char *decl_dims(Lower *L, CXCursor d, const char *name)
{
    unsigned off;
    clang_getExpansionLocation(clang_getCursorLocation(d), NULL, NULL, NULL, &off);
    const char *t = L->fe->u->src.text;
    size_t n = L->fe->u->src.len;
    unsigned p = off;
    if (strncmp(t + p, name, strlen(name))) return "";
    p = fe_skip_ws(L->fe, p + (unsigned)strlen(name));
    unsigned b = p;
    while (p < n && t[p] == '[') {
        int depth = 0;
        for (; p < n; p++) {
            if (t[p] == '[') depth++;
            else if (t[p] == ']' && --depth == 0) { p++; break; }
        }
        unsigned q = fe_skip_ws(L->fe, p);
        if (q < n && t[q] == '[') p = q;
    }
    return src_text(L, b, p);
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
        v->elem_type = fe_cxstr(fe, clang_getTypeSpelling(e));
        v->dims = decl_dims(L, d, v->name);
        v->type = v->elem_type;
        v->flags |= IRV_VARYING;          /* element-wise writes are not tracked */
    } else {
        v->type = fe_cxstr(fe, clang_getTypeSpelling(clang_getUnqualifiedType(t)));
        v->dims = "";
        if (t.kind == CXType_Record || t.kind == CXType_Elaborated || t.kind == CXType_LValueReference)
            v->flags |= IRV_VARYING;
    }
    long long size = clang_Type_getSizeOf(t);
    v->size = size > 0 ? (long)size : 0;
    pv_push(fe->a, &L->k->vars, v);
    bind(L, d, v);
    return v;
}

/* ---- scanning leaves for refs --------------------------------------------------- */

typedef struct Scan {
    Lower *L;
    IrRange *r;
    CXCursor writes[32];     /* variables stored into */
    int nwrites;
    CXCursor stores[32];     /* lvalues stored into */
    int nstores;
    CXCursor rows[16];       /* inner subscripts of recorded multi-dimensional accesses */
    int nrows;
    CXCursor bases[16];      /* array names of recorded accesses */
    int nbases;
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
    if (!clang_Cursor_isNull(target) && s->nwrites < 32) s->writes[s->nwrites++] = target;
    if ((k != CXCursor_UnaryOperator || clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_AddrOf) &&
        (k == CXCursor_CompoundAssignOperator || k == CXCursor_UnaryOperator ||
         clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) && s->nstores < 32) {
        CXCursor lhs = fe_strip(fe_child(c, 0));
        s->stores[s->nstores++] = lhs;
    }
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
static IrIdx *idx_of(Lower *L, CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    switch (k) {
    case CXCursor_UnexposedExpr: case CXCursor_ParenExpr: case CXCursor_CStyleCastExpr:
        if (fe_nchildren(c) >= 1) return idx_of(L, last_child(c));
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
        x->l = idx_of(L, fe_child(c, 0));
        x->r = idx_of(L, fe_child(c, 1));
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
    for (int i = 0; i < s->nstores; i++)
        if (same_node(s->stores[i], c)) return 1;
    return 0;
}

/* base[i][j]: records the access, or an unknown one when base is not a
 * variable the analysis knows. */
static void record_access(Scan *s, CXCursor c, CXCursor parent)
{
    for (int i = 0; i < s->nrows; i++)
        if (same_node(s->rows[i], c)) return;   /* the row of a multi-dimensional access */
    (void)parent;
    Lower *L = s->L;
    IrIdx *idx[4];
    int n = 0;
    CXCursor e = c;
    while (clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr) {
        if (n < 4) idx[n] = idx_of(L, fe_child(e, 1));
        n++;
        e = fe_child(e, 0);
        e = fe_strip(e);
        if (clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr && s->nrows < 16) s->rows[s->nrows++] = e;
    }
    int write = is_store(s, c);
    IrVar *v = clang_getCursorKind(e) == CXCursor_DeclRefExpr ? lookup(L, clang_getCursorReferenced(e)) : NULL;
    if (v && s->nbases < 16) s->bases[s->nbases++] = e;
    if (!v || n > 4 || !(v->flags & (IRV_SHARED | IRV_PARAM))) {
        if (v && (v->flags & IRV_LOCAL) && *v->dims) return;   /* a local array: not shared memory */
        if (write) s->r->unknown_write = 1;
        else s->r->unknown_read = 1;
        return;
    }
    IrAccess *a = ar_alloc(L->fe->a, sizeof *a);
    a->base = v;
    a->write = write;
    a->nidx = n;
    for (int i = 0; i < n; i++) a->idx[i] = idx[n - 1 - i];   /* outermost subscript last */
    fe_range(L->fe, c, &a->begin, &a->end);
    pv_push(L->fe->a, &s->r->accesses, a);
}

static int is_write_use(Scan *s, CXCursor use, CXCursor parent)
{
    for (int i = 0; i < s->nwrites; i++)
        if (same_node(s->writes[i], use)) return 1;
    /* passed straight to a call: possibly bound to a reference parameter */
    return clang_getCursorKind(parent) == CXCursor_CallExpr && clang_getCursorType(use).kind != CXType_Pointer &&
           !clang_equalCursors(fe_child(parent, 0), use);
}

int fe_is_warp_op(const char *n)
{
    static const char *const ops[] = { "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync",
        "__shfl_xor_sync", "__shfl", "__shfl_up", "__shfl_down", "__shfl_xor", "__ballot_sync",
        "__ballot", "__any_sync", "__all_sync", "__any", "__all", "__syncwarp", "__activemask",
        "__match_any_sync", "__match_all_sync", "__reduce_add_sync", NULL };
    for (int i = 0; ops[i]; i++)
        if (!strcmp(n, ops[i])) return 1;
    return 0;
}

static IrVar *shared_var(Lower *L, CXCursor d);
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
    for (int i = 0; i < s->nbases; i++)
        if (same_node(s->bases[i], c)) return;
    IrAccess *a = ar_alloc(s->L->fe->a, sizeof *a);
    a->base = v;
    a->nidx = *v->dims || (v->flags & IRV_DYNSHARED) ? -1 : 0;
    a->write = is_store(s, c) || clang_getCursorKind(parent) == CXCursor_UnaryOperator;
    fe_range(s->L->fe, c, &a->begin, &a->end);
    pv_push(s->L->fe->a, &s->r->accesses, a);
}

static void scan_call(Scan *s, CXCursor c)
{
    Lower *L = s->L;
    Fe *fe = L->fe;
    const char *n = fe_name(fe, c);
    if (fe_is_barrier_call(fe, c)) {
        diag_error(fe_loc(fe, c), "__syncthreads() inside an expression is not supported; call it as a statement of its own");
        return;
    }
    if (fe_is_warp_op(n)) {
        diag_error(fe_loc(fe, c), "warp-level primitive '%s' is not supported by cucpu yet", n);
        return;
    }
    if (sync_reduction(n)) {
        diag_error(fe_loc(fe, c), "'%s' is supported only as the whole initializer or right-hand side: `int x = %s(pred);`", n, n);
        return;
    }
    if (fe_is_launch(c)) {
        diag_error(fe_loc(fe, c), "kernel launch inside device code (dynamic parallelism) is not supported");
        return;
    }
    FeFunc *f = fe_func(fe, clang_getCursorReferenced(c));
    unsigned b, e;
    fe_range(fe, c, &b, &e);
    if (f && f->has_barrier) {
        diag_error(fe_loc(fe, c), "call to '%s', which contains __syncthreads(), must be a statement of its own", n);
        return;
    }
    add_ref(s, REF_CALL, b, e)->text = n;
    if (!strncmp(n, "atomic", 6) || !strncmp(n, "__threadfence", 13) || (f && f->writes_memory))
        s->r->unknown_read = s->r->unknown_write = 1;
    else if (f || !strncmp(n, "tex", 3) || !strncmp(n, "__ldg", 5) || !strncmp(n, "mem", 3))
        s->r->unknown_read = 1;
    if (f && f->uses_ctx && !f->is_kernel) {
        unsigned cb, ce;
        fe_range(fe, fe_child(c, 0), &cb, &ce);
        unsigned p = fe_find_char(fe, ce, e, '(');
        IrRef *r = add_ref(s, REF_CALLCTX, p + 1, p + 1);
        r->has_args = clang_Cursor_getNumArguments(c) > 0;
    }
}

static int find_loop(Lower *L, int want_switch_ok)
{
    for (int i = L->nloops - 1; i >= 0; i--) {
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
    if (L->nloops == 128) cucpu_bug(__func__, "loops nested too deeply");
    L->loops[L->nloops].id = id;
    L->loops[L->nloops].barrier = barrier;
    L->loops[L->nloops++].is_switch = is_switch;
}

static enum CXChildVisitResult scan_visit(CXCursor c, CXCursor parent, CXClientData d);

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

static enum CXChildVisitResult scan_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    Scan *s = d;
    Lower *L = s->L;
    switch (clang_getCursorKind(c)) {
    case CXCursor_UnaryOperator: case CXCursor_BinaryOperator: case CXCursor_CompoundAssignOperator:
        if (clang_getCursorKind(c) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref) {
            if (is_store(s, c)) s->r->unknown_write = 1;
            else s->r->unknown_read = 1;
        }
        note_store(s, c);
        break;
    case CXCursor_DeclRefExpr: scan_ref(s, c, parent); break;
    case CXCursor_CallExpr: scan_call(s, c); break;
    case CXCursor_ArraySubscriptExpr: record_access(s, c, parent); break;
    case CXCursor_MemberRefExpr: {
        CXCursor base = fe_child(c, 0);
        if (!clang_Cursor_isNull(base) && clang_getCursorType(base).kind == CXType_Pointer) {
            if (is_store(s, c)) s->r->unknown_write = 1;
            else s->r->unknown_read = 1;
        }
        break;
    }
    case CXCursor_ReturnStmt:
        if (L->ret_loop >= 0 && fe_nchildren(c) > 0)
            diag_error(fe_loc(L->fe, c), "returning a value from a __device__ function that contains __syncthreads() is not supported");
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
        break;
    default: break;
    }
    return CXChildVisit_Recurse;
}

static int cmp_ref(const void *a, const void *b)
{
    const IrRef *x = *(IrRef *const *)a, *y = *(IrRef *const *)b;
    if (x->begin != y->begin) return x->begin < y->begin ? -1 : 1;
    return (x->end < y->end) - (x->end > y->end);   /* enclosing refs first */
}

/* Fills r with [b, e) and the refs found in cursor c. */
static void scan_range(Lower *L, CXCursor c, unsigned b, unsigned e, IrRange *r)
{
    r->begin = b;
    r->end = e;
    r->loc = fe_loc_at(L->fe, b);
    Scan s = { .L = L, .r = r };
    if (scan_visit(c, clang_getNullCursor(), &s) == CXChildVisit_Recurse) scan_children(&s, c);
    if (r->refs.n > 1) qsort(r->refs.v, (size_t)r->refs.n, sizeof(void *), cmp_ref);
}

/* The comparisons of C joined by `join` (|| or &&); 0 when C is not such. */
static int guard_cmps(Lower *L, CXCursor c, enum CXBinaryOperatorKind join, PtrVec *out)
{
    c = fe_strip(c);
    if (clang_getCursorKind(c) != CXCursor_BinaryOperator || fe_nchildren(c) != 2) return 0;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    if (op == join) return guard_cmps(L, fe_child(c, 0), join, out) && guard_cmps(L, fe_child(c, 1), join, out);
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
    if (!guard_cmps(L, fe_child(c, 0), g->exit ? CXBinaryOperator_LOr : CXBinaryOperator_LAnd, &g->cmps)) return NULL;
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
        FeFunc *f = fe_func(q->fe, clang_getCursorReferenced(c));
        if (fe_is_sync_call(c) || (f && f->has_barrier)) {
            q->found = 1;
            return CXChildVisit_Break;
        }
    }
    return CXChildVisit_Recurse;
}

static int has_barrier(Lower *L, CXCursor c)
{
    BarrierQuery q = { L->fe, 0 };
    find_barrier(c, clang_getNullCursor(), &q);
    if (!q.found) clang_visitChildren(c, find_barrier, &q);
    return q.found;
}

static IrStmt *lower_compound(Lower *L, CXCursor c, int scope);

typedef struct Kids { CXCursor v[8]; int n; } Kids;

static enum CXChildVisitResult collect_kid(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Kids *k = d;
    if (k->n < 8) k->v[k->n++] = c;
    return CXChildVisit_Continue;
}

static Kids kids_of(CXCursor c)
{
    Kids k = { .n = 0 };
    clang_visitChildren(c, collect_kid, &k);
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

/* if (cond) then [else els] */
static IrStmt *lower_if(Lower *L, CXCursor c)
{
    Kids k = kids_of(c);
    IrStmt *s = ir_stmt(L->fe->a, IR_IF, fe_loc(L->fe, c));
    if (k.n < 2 || k.n > 3) {
        diag_error(fe_loc(L->fe, c), "this form of 'if' (with an init statement or a condition variable) around __syncthreads() is not supported");
        return s;
    }
    expr_range(L, k.v[0], &s->u.ifs.cond);
    s->u.ifs.then = lower_body(L, k.v[1]);
    if (k.n == 3) s->u.ifs.els = lower_body(L, k.v[2]);
    s->has_barrier = 1;
    return s;
}

static int new_loop(Lower *L) { return L->k->nloops++; }

/* for (init; cond; inc) body: the parts are told apart by the `;` positions. */
static IrStmt *lower_for(Lower *L, CXCursor c)
{
    Fe *fe = L->fe;
    IrStmt *s = ir_stmt(fe->a, IR_FOR, fe_loc(fe, c));
    unsigned b, e;
    fe_range(fe, c, &b, &e);
    unsigned lp = fe_find_char(fe, b, e, '(');
    const char *t = fe->u->src.text;
    unsigned semi[2] = { e, e }, rp = e;
    int depth = 0, ns = 0;
    for (unsigned p = lp; p < e; p++) {
        if (t[p] == '(') depth++;
        else if (t[p] == ')' && --depth == 0) { rp = p; break; }
        else if (t[p] == ';' && depth == 1 && ns < 2) semi[ns++] = p;
    }
    Kids k = kids_of(c);
    s->u.loop.id = new_loop(L);
    for (int i = 0; i < k.n; i++) {
        unsigned kb, ke;
        fe_range(fe, k.v[i], &kb, &ke);
        if (i == k.n - 1 && kb > rp) {
            push_loop(L, s->u.loop.id, 1, 0);
            s->u.loop.body = lower_body(L, k.v[i]);
            L->nloops--;
        } else if (kb < semi[0]) {
            s->u.loop.init = lower_stmt(L, k.v[i]);
        } else if (kb < semi[1]) {
            expr_range(L, k.v[i], &s->u.loop.cond);
            s->u.loop.has_cond = 1;
        } else {
            expr_range(L, k.v[i], &s->u.loop.inc);
            s->u.loop.has_inc = 1;
        }
    }
    s->has_barrier = 1;
    return s;
}

/* while (cond) body   |   do body while (cond); */
static IrStmt *lower_while(Lower *L, CXCursor c, IrStmtKind kind)
{
    Kids k = kids_of(c);
    IrStmt *s = ir_stmt(L->fe->a, kind, fe_loc(L->fe, c));
    s->u.loop.id = new_loop(L);
    if (k.n != 2) {
        diag_error(fe_loc(L->fe, c), "a 'while' with a condition variable around __syncthreads() is not supported");
        return s;
    }
    CXCursor cond = kind == IR_WHILE ? k.v[0] : k.v[1], body = kind == IR_WHILE ? k.v[1] : k.v[0];
    expr_range(L, cond, &s->u.loop.cond);
    s->u.loop.has_cond = 1;
    push_loop(L, s->u.loop.id, 1, 0);
    s->u.loop.body = lower_body(L, body);
    L->nloops--;
    s->has_barrier = 1;
    return s;
}

/* Where the initializer of declaration d starts, or 0 when it has none. */
static unsigned init_start(Lower *L, CXCursor d, const char *name, int *direct)
{
    unsigned off;
    clang_getExpansionLocation(clang_getCursorLocation(d), NULL, NULL, NULL, &off);
    const char *t = L->fe->u->src.text;
    unsigned p = fe_skip_ws(L->fe, off + (unsigned)strlen(name));
    while (t[p] == '[') {
        int depth = 0;
        for (; t[p]; p++) {
            if (t[p] == '[') depth++;
            else if (t[p] == ']' && --depth == 0) { p++; break; }
        }
        p = fe_skip_ws(L->fe, p);
    }
    *direct = t[p] == '{' || t[p] == '(';
    if (t[p] == '=') return fe_skip_ws(L->fe, p + 1);
    if (*direct) return p;
    return 0;
}

/* T a = e, b; -> DECL a (e); DECL b */
static IrStmt *lower_decl(Lower *L, CXCursor c)
{
    Fe *fe = L->fe;
    Kids k = kids_of(c);
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
        IrStmt *s = ir_stmt(fe->a, IR_DECL, fe_loc(fe, d));
        IrVar *v = new_var(L, d, IRV_LOCAL);
        s->u.decl.var = v;
        v->decl = s;
        Kids dk = kids_of(d);
        if (dk.n && is_sync_reduction(L, dk.v[dk.n - 1])) {
            s->u.decl.decl.begin = s->u.decl.decl.end = 0;
            pv_push(fe->a, &seq->u.seq.list, s);
            ir_seq_push(fe->a, seq, lower_sync_reduction(L, fe_strip(dk.v[dk.n - 1]), v));
            continue;
        }
        FeFunc *bf = dk.n ? barrier_callee(L, dk.v[dk.n - 1]) : NULL;
        if (bf) {
            /* T x = f(...); with a barrier in f: declare x, inline f storing into x */
            unsigned db, de;
            fe_range(fe, d, &db, &de);
            s->u.decl.decl.begin = s->u.decl.decl.end = 0;
            pv_push(fe->a, &seq->u.seq.list, s);
            IrStmt *in = lower_inline(L, fe_strip(dk.v[dk.n - 1]), bf, v);
            ir_seq_push(fe->a, seq, in);
            continue;
        }
        s->u.decl.decl.begin = k.n == 1 ? sb : 0;
        s->u.decl.decl.end = k.n == 1 ? se : 0;
        int direct = 0;
        unsigned ib = init_start(L, d, v->name, &direct), db, de;
        fe_range(fe, d, &db, &de);
        /* the declaration itself, refs included (array dims, initializer) */
        if (k.n == 1) scan_range(L, d, sb, se, &s->u.decl.decl);
        if (ib) {
            s->u.decl.has_init = 1;
            s->u.decl.direct_init = direct;
            scan_range(L, d, ib, de, &s->u.decl.init);
            if (dk.n) v->def = idx_of(L, dk.v[dk.n - 1]);
        }
        v->in_loop = L->nloops > 0;
        pv_push(fe->a, &seq->u.seq.list, s);
    }
    return seq->u.seq.list.n ? seq : NULL;    /* only __shared__: nothing left here */
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
    int nparams = clang_Cursor_getNumArguments(f->def);
    int saved_nmap = L->nmap;
    for (int i = 0; i < nparams && i < nargs; i++) {
        CXCursor p = clang_Cursor_getArgument(f->def, (unsigned)i), a = clang_Cursor_getArgument(call, (unsigned)i);
        IrStmt *d = ir_stmt(fe->a, IR_DECL, fe_loc(fe, a));
        d->u.decl.var = new_var(L, p, IRV_LOCAL);
        d->u.decl.has_init = 1;
        expr_range(L, a, &d->u.decl.init);
        ir_seq_push(fe->a, seq, d);
    }
    CXCursor body = clang_getNullCursor();
    Kids k = kids_of(f->def);
    for (int i = 0; i < k.n; i++)
        if (clang_getCursorKind(k.v[i]) == CXCursor_CompoundStmt) body = k.v[i];
    int saved_ret = L->ret_loop, saved_loops = L->nloops;
    IrVar *saved_ret_var = L->ret_var;
    L->ret_var = ret;
    IrStmt *wrap = ir_stmt(fe->a, IR_DO, fe_loc(fe, call));
    wrap->u.loop.id = new_loop(L);
    wrap->u.loop.cond.lit = "0";
    wrap->u.loop.has_cond = 1;
    wrap->u.loop.uniform = 1;
    L->ret_loop = wrap->u.loop.id;
    L->nloops = 0;
    push_loop(L, wrap->u.loop.id, 1, 0);
    L->depth++;
    wrap->u.loop.body = lower_compound(L, body, 1);
    L->depth--;
    L->nloops = saved_loops;
    L->ret_loop = saved_ret;
    L->ret_var = saved_ret_var;
    wrap->has_barrier = 1;
    ir_seq_push(fe->a, seq, wrap);
    L->nmap = saved_nmap;
    return seq;
}

/* x = __syncthreads_count(pred):
 *   DECL p = (pred) != 0   (p kept per thread)
 *   block level: r = 0 (1 for _and); for each thread t: r op= p[t]
 *   DECL x = r             (every thread reads the block's result) */
static IrStmt *lower_sync_reduction(Lower *L, CXCursor call, IrVar *x)
{
    Fe *fe = L->fe;
    const char *n = fe_name(fe, call), *op = sync_reduction(n);
    int id = L->k->nbarriers++;
    IrStmt *seq = ir_stmt(fe->a, IR_SEQ, fe_loc(fe, call));
    IrVar *p = ar_alloc(fe->a, sizeof *p);
    p->name = ar_printf(fe->a, "cucpu_pred_%d", id);
    p->type = "int";
    p->dims = "";
    p->loc = fe_loc(fe, call);
    p->flags = IRV_LOCAL | IRV_VARYING | IRV_PRIVATE | IRV_SYNTH;
    p->id = L->k->vars.n;
    pv_push(fe->a, &L->k->vars, p);
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
    return clang_getCursorKind(e) == CXCursor_CallExpr && sync_reduction(fe_name(L->fe, e));
}

/* The function with a barrier that expression e calls, or NULL. */
static FeFunc *barrier_callee(Lower *L, CXCursor e)
{
    e = fe_strip(e);
    if (clang_getCursorKind(e) != CXCursor_CallExpr) return NULL;
    FeFunc *f = fe_func(L->fe, clang_getCursorReferenced(e));
    return f && f->has_barrier ? f : NULL;
}

/* `a[i] = rhs;`: remembers the store and where rhs is, for forwarding. */
static void note_array_store(Lower *L, IrStmt *s, CXCursor e)
{
    if (clang_getCursorKind(e) != CXCursor_BinaryOperator ||
        clang_getCursorBinaryOperatorKind(e) != CXBinaryOperator_Assign)
        return;
    CXCursor lhs = fe_strip(fe_child(e, 0)), rhs = fe_child(e, 1);
    if (clang_getCursorKind(lhs) != CXCursor_ArraySubscriptExpr) return;
    unsigned lb, le, rb, re;
    fe_range(L->fe, lhs, &lb, &le);
    fe_range(L->fe, rhs, &rb, &re);
    const IrRange *r = &s->u.text.r;
    if (rb < r->begin || re > r->end || rb >= re) return;
    for (int i = 0; i < r->accesses.n; i++) {
        IrAccess *a = r->accesses.v[i];
        if (a->write && a->begin == lb && a->end == le) {
            s->u.text.store = a;
            s->u.text.rhs_begin = rb;
            s->u.text.rhs_end = re;
        }
    }
}

static IrStmt *lower_expr_stmt(Lower *L, CXCursor c)
{
    Fe *fe = L->fe;
    CXCursor e = fe_strip(c);
    if (clang_getCursorKind(e) == CXCursor_BinaryOperator &&
        clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Assign) {
        CXCursor lhs = fe_strip(fe_child(e, 0)), rhs = fe_child(e, 1);
        FeFunc *f = barrier_callee(L, rhs);
        IrVar *v = clang_getCursorKind(lhs) == CXCursor_DeclRefExpr ? lookup(L, clang_getCursorReferenced(lhs)) : NULL;
        if (f && v) return lower_inline(L, fe_strip(rhs), f, v);
        if (v && is_sync_reduction(L, rhs)) return lower_sync_reduction(L, fe_strip(rhs), v);
    }
    if (fe_is_barrier_call(fe, e)) {
        IrStmt *s = ir_stmt(fe->a, IR_BARRIER, fe_loc(fe, c));
        s->u.barrier.id = L->k->nbarriers++;
        s->has_barrier = 1;
        return s;
    }
    if (clang_getCursorKind(e) == CXCursor_CallExpr) {
        FeFunc *f = fe_func(fe, clang_getCursorReferenced(e));
        if (f && f->has_barrier) return lower_inline(L, e, f, NULL);
    }
    IrStmt *s = text_leaf(L, c);
    note_array_store(L, s, e);
    return s;
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

IrKernel *fe_lower_kernel(Fe *fe, FeFunc *f)
{
    IrKernel *k = ar_alloc(fe->a, sizeof *k);
    k->name = f->name;
    k->src = &fe->u->src;
    k->loc = fe_loc(fe, f->def);
    k->is_template = clang_getCursorKind(f->def) == CXCursor_FunctionTemplate;
    Lower L = { .fe = fe, .k = k, .ret_loop = -1, .func = f };
    clang_visitChildren(f->def, bind_param, &L);
    if (!k->body) cucpu_bug(__func__, "kernel %s has no body", f->name);
    copy_written_params(&L);
    return k;
}
