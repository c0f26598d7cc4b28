/*
 * lower_warp_tree.c: a loop of shuffles that folds a warp, lowered whole.
 * Part of the lowering of a kernel body (lower.h).
 *
 * Warp reductions are written as a loop of shuffles:
 *
 *   for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
 *   for (int m = 1; m < 32; m *= 2) v = v + __shfl_xor_sync(0xffffffff, v, m);
 *   for (int o = 8; o > 0; o /= 2) v += tile16.shfl_down(v, o);
 *
 * Lowered one shuffle at a time (lower_warp), each step is an exchange
 * through a per-thread array, two thread loops over the block and a
 * per-lane helper that tests where its source lane is: five steps, ten
 * thread loops. Such a loop is lowered as a whole instead:
 *
 *   DECL cucpu_wv_N = v                                       (per thread)
 *   BARRIER (warp, kept)
 *   block level: cucpu_tree_down(cucpu_wv_N, cucpu_nt, 16, 32, cucpu_op_add());
 *                ... one call per step, its offset a constant
 *   v = cucpu_wv_N[cucpu_tid]                                 (per thread)
 *
 * Each step (cucpu_warp.h) gives every lane op(own, source), the source
 * being what that step's shuffle reads, in the loop's order: the same
 * operations on the same values, so the result is the same to the bit.
 * The steps are plain loops over each warp's lanes that the host compiler
 * vectorizes.
 *
 * Matched, and anything else is lowered step by step:
 *   - `for (I o = C0; o CMP C1; INC)`, INC `o >>= C`, `o /= C`, `o <<= C`,
 *     `o *= C` or `o = o OP C`, whose trip the translator runs: at most 32
 *     steps, each offset in 1..31 (constants at least 0);
 *   - a body of one statement `v OP= S(v, o)` or `v = v OP S(v, o)`, OP one
 *     of + * & | ^, v a local of a built-in arithmetic type (not volatile,
 *     not a reference), S the shuffle down or xor of the warp
 *     (__shfl_down_sync, __shfl_xor_sync and the legacy ones, with a
 *     constant or variable mask and a constant power-of-two width) or of a
 *     thread_block_tile of at most 32 threads, its result of v's type.
 */
#include <string.h>
#include "lower.h"

typedef struct Tree {
    CXCursor call, value, lhs;   /* the shuffle, its value argument, the stored v */
    IrVar *v;
    WarpCall w;
    const char *op;              /* cucpu_op_add, ... */
    int width;
    int offs[32], n;
} Tree;

static int const_int(CXCursor c, long long *out)
{
    CXEvalResult ev = clang_Cursor_Evaluate(c);
    if (!ev) return 0;
    int ok = clang_EvalResult_getKind(ev) == CXEval_Int;
    if (ok) *out = clang_EvalResult_getAsLongLong(ev);
    clang_EvalResult_dispose(ev);
    return ok;
}

/* e (under implicit conversions and parentheses) names declaration d. */
static int names(CXCursor e, CXCursor d)
{
    e = fe_strip(e);
    return clang_getCursorKind(e) == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(e), d);
}

static int int_kind(enum CXTypeKind k)
{
    return k == CXType_Int || k == CXType_UInt || k == CXType_Long || k == CXType_ULong || k == CXType_LongLong ||
           k == CXType_ULongLong;
}

/* The constant side of `o CMP c` / `c CMP o`, as a test of x. */
static int cond_holds(enum CXBinaryOperatorKind op, int o_left, long long c, long long x)
{
    long long a = o_left ? x : c, b = o_left ? c : x;
    switch (op) {
    case CXBinaryOperator_GT: return a > b;
    case CXBinaryOperator_GE: return a >= b;
    case CXBinaryOperator_LT: return a < b;
    case CXBinaryOperator_LE: return a <= b;
    case CXBinaryOperator_NE: return a != b;
    default: return -1;
    }
}

/* The increment as (operator, constant): `o >>= c` or `o = o >> c`. */
static int inc_of(CXCursor inc, CXCursor o, enum CXBinaryOperatorKind *op, long long *c)
{
    inc = fe_strip(inc);
    enum CXCursorKind k = clang_getCursorKind(inc);
    if (fe_nchildren(inc) != 2 || !names(fe_child(inc, 0), o)) return 0;
    CXCursor rhs = fe_child(inc, 1);
    enum CXBinaryOperatorKind bk = clang_getCursorBinaryOperatorKind(inc);
    if (k == CXCursor_CompoundAssignOperator) {
        switch (bk) {
        case CXBinaryOperator_ShrAssign: *op = CXBinaryOperator_Shr; break;
        case CXBinaryOperator_ShlAssign: *op = CXBinaryOperator_Shl; break;
        case CXBinaryOperator_DivAssign: *op = CXBinaryOperator_Div; break;
        case CXBinaryOperator_MulAssign: *op = CXBinaryOperator_Mul; break;
        default: return 0;
        }
        return const_int(rhs, c);
    }
    if (k != CXCursor_BinaryOperator || bk != CXBinaryOperator_Assign) return 0;
    rhs = fe_strip(rhs);
    if (clang_getCursorKind(rhs) != CXCursor_BinaryOperator || fe_nchildren(rhs) != 2 || !names(fe_child(rhs, 0), o))
        return 0;
    *op = clang_getCursorBinaryOperatorKind(rhs);
    if (*op != CXBinaryOperator_Shr && *op != CXBinaryOperator_Shl && *op != CXBinaryOperator_Div &&
        *op != CXBinaryOperator_Mul)
        return 0;
    return const_int(fe_child(rhs, 1), c);
}

/* The loop's offsets, in order, from its header; o is its variable. */
static int offsets(Lower *L, const Parts *p, Tree *t, CXCursor *o)
{
    (void)L;
    if (clang_Cursor_isNull(p->init) || clang_Cursor_isNull(p->cond) || clang_Cursor_isNull(p->inc) ||
        !clang_Cursor_isNull(p->condvar))
        return 0;
    if (clang_getCursorKind(p->init) != CXCursor_DeclStmt || fe_nchildren(p->init) != 1) return 0;
    *o = fe_child(p->init, 0);
    int nk = fe_nchildren(*o);
    long long x, c, s;
    if (clang_getCursorKind(*o) != CXCursor_VarDecl || !int_kind(clang_getCanonicalType(clang_getCursorType(*o)).kind) ||
        nk < 1 || !const_int(fe_child(*o, nk - 1), &x))
        return 0;
    CXCursor cond = fe_strip(p->cond);
    if (clang_getCursorKind(cond) != CXCursor_BinaryOperator || fe_nchildren(cond) != 2) return 0;
    int o_left = names(fe_child(cond, 0), *o);
    if (!o_left && !names(fe_child(cond, 1), *o)) return 0;
    if (!const_int(fe_child(cond, o_left ? 1 : 0), &c) || c < 0) return 0;
    enum CXBinaryOperatorKind cop = clang_getCursorBinaryOperatorKind(cond), sop;
    if (!inc_of(p->inc, *o, &sop, &s) || s < 0 || s > 8 || (sop == CXBinaryOperator_Div && s == 0)) return 0;
    for (t->n = 0;; t->n++) {
        int h = cond_holds(cop, o_left, c, x);
        if (h < 0) return 0;
        if (!h) break;
        if (t->n == 32 || x < 1 || x > 31) return 0;
        t->offs[t->n] = (int)x;
        x = sop == CXBinaryOperator_Shr ? x >> s : sop == CXBinaryOperator_Shl ? x << s
          : sop == CXBinaryOperator_Div ? x / s : x * s;
    }
    return t->n > 0;
}

/* The operator of `v OP= e` / `v = v OP e`, and e. */
static const char *fold_op(CXCursor st, CXCursor *lhs, CXCursor *e)
{
    static const struct { enum CXBinaryOperatorKind compound, plain; IrName name; } ops[] = {
        { CXBinaryOperator_AddAssign, CXBinaryOperator_Add, NM_OP_ADD },
        { CXBinaryOperator_MulAssign, CXBinaryOperator_Mul, NM_OP_MUL },
        { CXBinaryOperator_AndAssign, CXBinaryOperator_And, NM_OP_AND },
        { CXBinaryOperator_OrAssign, CXBinaryOperator_Or, NM_OP_OR },
        { CXBinaryOperator_XorAssign, CXBinaryOperator_Xor, NM_OP_XOR },
    };
    enum CXCursorKind k = clang_getCursorKind(st);
    if ((k != CXCursor_CompoundAssignOperator && k != CXCursor_BinaryOperator) || fe_nchildren(st) != 2) return NULL;
    *lhs = fe_strip(fe_child(st, 0));
    if (clang_getCursorKind(*lhs) != CXCursor_DeclRefExpr) return NULL;
    enum CXBinaryOperatorKind bk = clang_getCursorBinaryOperatorKind(st);
    if (k == CXCursor_CompoundAssignOperator) {
        *e = fe_strip(fe_child(st, 1));
        for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
            if (bk == ops[i].compound) return ir_names[ops[i].name];
        return NULL;
    }
    if (bk != CXBinaryOperator_Assign) return NULL;
    CXCursor rhs = fe_strip(fe_child(st, 1));
    if (clang_getCursorKind(rhs) != CXCursor_BinaryOperator || fe_nchildren(rhs) != 2 ||
        !names(fe_child(rhs, 0), clang_getCursorReferenced(*lhs)))
        return NULL;
    *e = fe_strip(fe_child(rhs, 1));
    bk = clang_getCursorBinaryOperatorKind(rhs);
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (bk == ops[i].plain) return ir_names[ops[i].name];
    return NULL;
}

/* The body: one statement that folds v with a shuffle of v by o. */
static int body_of(Lower *L, CXCursor body, CXCursor o, Tree *t)
{
    Fe *fe = L->fe;
    if (clang_getCursorKind(body) == CXCursor_CompoundStmt) {
        if (fe_nchildren(body) != 1) return 0;
        body = fe_child(body, 0);
    }
    CXCursor e;
    t->op = fold_op(fe_strip(body), &t->lhs, &e);
    if (!t->op || clang_getCursorKind(e) != CXCursor_CallExpr) return 0;
    CXCursor vd = clang_getCursorReferenced(t->lhs);
    CXType vt = clang_getCanonicalType(clang_getCursorType(vd));
    int fp = vt.kind == CXType_Float || vt.kind == CXType_Double;
    if (!fp && !int_kind(vt.kind)) return 0;
    if (fp && strcmp(t->op, NM(OP_ADD)) && strcmp(t->op, NM(OP_MUL))) return 0;
    if (!clang_equalTypes(clang_getCanonicalType(clang_getCursorType(e)), vt)) return 0;
    t->v = lookup(L, vd);
    if (!t->v || !(t->v->flags & IRV_LOCAL) ||
        (t->v->flags & (IRV_SHARED | IRV_DYNSHARED | IRV_REFERENCE | IRV_VOLATILE | IRV_QUALIFIED | IRV_LAMBDA)))
        return 0;
    t->call = e;
    if (!warp_call(L, e, &t->w) || (t->w.op->kind != W_SHFL_DOWN && t->w.op->kind != W_SHFL_XOR)) return 0;
    if (t->w.coop.kind != COOP_NONE && (t->w.coop.group != GROUP_TILE || t->w.width > 32)) return 0;
    int a0 = t->w.a0, nargs = clang_Cursor_getNumArguments(e);
    if (nargs < a0 + 2 || !names(clang_Cursor_getArgument(e, (unsigned)a0), vd) ||
        !names(clang_Cursor_getArgument(e, (unsigned)a0 + 1), o))
        return 0;
    t->value = clang_Cursor_getArgument(e, (unsigned)a0);
    if (t->w.op->has_mask) {
        /* the mask plays no part in a shuffle here: only that it has no effects */
        long long m;
        CXCursor mask = fe_strip(clang_Cursor_getArgument(e, 0));
        if (!const_int(mask, &m) && clang_getCursorKind(mask) != CXCursor_DeclRefExpr) return 0;
    }
    t->width = t->w.width ? t->w.width : 32;
    if (!t->w.width && nargs > a0 + 2) {
        long long wd;
        CXCursor warg = clang_Cursor_getArgument(e, (unsigned)a0 + 2);
        unsigned ab, ae;
        fe_range(fe, warg, &ab, &ae);
        /* a defaulted width has no range of its own: 32 */
        if (ab < ae) {
            if (!const_int(warg, &wd) || wd < 1 || wd > 32 || (wd & (wd - 1))) return 0;
            t->width = (int)wd;
        }
    }
    return 1;
}

/* NULL when the loop c is not such a tree (then it is lowered as any loop). */
IrStmt *lower_warp_tree(Lower *L, CXCursor c, const Parts *p)
{
    Fe *fe = L->fe;
    Tree t;
    memset(&t, 0, sizeof t);
    CXCursor o;
    if (L->in_lockstep || !offsets(L, p, &t, &o) || !body_of(L, p->body, o, &t)) return NULL;
    SrcLoc loc = fe_loc(fe, c);
    IrStmt *seq = ir_stmt(fe->a, IR_SEQ, loc);
    seq->has_barrier = 1;
    L->k->nwarp_ops++;
    int n = L->ntemps++;
    const char *type = fe_cxstr(fe, clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(t.call))));
    IrVar *wv = synth_var(L, ar_printf(fe->a, "%s%d", NM(WV_), n), type, loc,
                          IRV_LOCAL | IRV_VARYING | IRV_PRIVATE | IRV_SYNTH);
    set_exchange(L, seq, wv, &t.value, NULL);
    ir_seq_push(fe->a, seq, warp_barrier(L, loc, 1));
    const char *step = t.w.op->kind == W_SHFL_DOWN ? NM(TREE_DOWN) : NM(TREE_XOR), *steps = "", *ranged = "";
    /* ranged: over the warps of threads cucpu_wb to cucpu_we, when the
     * bounds pass finds that no other thread takes part */
    const char *part = ar_printf(fe->a, "%s + %s, %s - %s", wv->name, NM(WB), NM(WE), NM(WB));
    for (int i = 0; i < t.n; i++) {
        steps = ar_printf(fe->a, "%s%s%s(%s, %s, %d, %d, %s());", steps, i ? " " : "", step, wv->name, NM(NT), t.offs[i],
                          t.width, t.op);
        ranged = ar_printf(fe->a, "%s%s%s(%s, %d, %d, %s());", ranged, i ? " " : "", step, part, t.offs[i], t.width, t.op);
    }
    IrStmt *b = ir_stmt(fe->a, IR_TEXT, loc);
    b->u.text.block_level = 1;
    b->u.text.warp_level = 1;
    b->u.text.r.lit = steps;
    b->u.text.tree_ranged = ranged;
    b->u.text.tree_var = wv;
    IrTree *tr = ar_alloc(fe->a, sizeof *tr);
    tr->xor_ = t.w.op->kind == W_SHFL_XOR;
    tr->n = t.n;
    memcpy(tr->offs, t.offs, sizeof t.offs);
    tr->width = t.width;
    tr->op = t.op;
    for (int i = 0; i < t.n; i++) tr->lanes[i] = 0xffffffffu;
    tr->var = wv;
    b->u.text.tree = tr;
    b->has_barrier = 1;
    ir_seq_push(fe->a, seq, b);
    /* v = cucpu_wv_N[cucpu_tid], through the user's name of v */
    IrStmt *st = ir_stmt(fe->a, IR_TEXT, loc);
    IrRange *r = &st->u.text.r;
    expr_range(L, t.lhs, r);
    r->unknown_read = 1;
    r->tid_text = 1;
    st->u.text.tree_back = wv;
    for (int i = 0; i < r->refs.n; i++) {
        IrRef *f = r->refs.v[i];
        if (f->kind == REF_VAR && f->var == t.v) f->is_write = 1;
    }
    t.v->flags |= IRV_WRITTEN | IRV_VARYING;
    range_replace(L, r, r->end, r->end, ar_printf(fe->a, " = %s[%s]", wv->name, NM(TID)));
    ir_seq_push(fe->a, seq, st);
    return seq;
}
