/*
 * lower_cub.c: CUB's block- and warp-level collectives.
 * Part of the lowering of a kernel body (lower.h).
 *
 * A collective of CUB is a member function called on a temporary made
 * from the block's TempStorage, `BlockReduce(temp_storage).Sum(x)`. On
 * the GPU it meets the block (or warp) inside; here the call is lowered as
 * __syncthreads_count is (lower_sync_reduction): each thread's operand
 * goes into a per-thread array, a block-level statement combines the
 * threads in linear thread-id order, and each thread reads its result.
 * The object and its TempStorage play no part (the member functions are
 * declared and never defined in include/cub). An operator argument
 * (`cub::Max()`, a user functor) is default-constructed after the
 * barrier, as cg::reduce's is: nothing of the thread's state crosses it.
 *
 *   BlockReduce: Sum(x), Sum(x, num_valid), Reduce(x, op), Reduce(x, op, num_valid)
 *   BlockScan:   ExclusiveSum(x, out[, agg]), InclusiveSum(x, out[, agg]),
 *                ExclusiveScan(x, out, init, op[, agg]), InclusiveScan(x, out, op[, agg])
 *   WarpReduce:  Sum(x), Reduce(x, op): cg::reduce over a tile of its width
 *   BlockLoad:   Load(it, items[, valid[, default]]), BlockStore: Store(it,
 *                items[, valid]): per thread, no barrier (block_io)
 *   BlockExchange: StripedToBlocked, BlockedToStriped, WarpStripedToBlocked,
 *                BlockedToWarpStriped ([in,] items), ScatterToBlocked,
 *                ScatterToStriped ([in,] items, ranks)
 *   BlockRadixSort: Sort, SortDescending, SortBlockedToStriped,
 *                SortDescendingBlockedToStriped (keys[, values][, begin_bit[, end_bit]])
 *   BlockDiscontinuity: FlagHeads, FlagTails (flags, items, op[, neighbour])
 *   BlockHistogram: InitHistogram(bins), Histogram, Composite (items, bins)
 *   WarpScan:    InclusiveSum, ExclusiveSum (x, out[, agg]), InclusiveScan,
 *                ExclusiveScan (x, out, [init,] op[, agg]): cg scans over a
 *                tile of its width (warp_scan)
 */
#include <stdlib.h>
#include <string.h>
#include "lower.h"

/* The parameter of cub's declaration (include/cub) that argument i binds:
 * "input", "output", "block_aggregate", "initial_value", "num_valid", ... */
static const char *param_name(Lower *L, const FeCub *cb, int i, int nargs)
{
    if (clang_Cursor_isNull(cb->decl)) {
        /* a call in a template that clang did not resolve: by position */
        static const char *const excl_scan[] = { "input", "output", "initial_value", "scan_op", "block_aggregate" };
        static const char *const other[] = { "input", "output", "scan_op", "block_aggregate" };
        if (!strcmp(cb->method, "ExclusiveScan")) return i < 5 ? excl_scan[i] : "";
        if (strstr(cb->method, "Sum")) return i == 2 && nargs == 3 ? "block_aggregate" : i < 2 ? other[i] : "";
        return i < 4 ? other[i] : "";
    }
    CXCursor p = clang_Cursor_getArgument(cb->decl, (unsigned)i);
    return clang_Cursor_isNull(p) ? "" : fe_name(L->fe, p);
}

static IrVar *cub_var(Lower *L, const char *name, const char *type, SrcLoc loc)
{
    return synth_var(L, name, type, loc, IRV_LOCAL | IRV_VARYING | IRV_PRIVATE | IRV_SYNTH);
}

/* A block-level statement between the thread loops (a barrier). */
static IrStmt *block_text(Lower *L, SrcLoc loc, const char *text)
{
    IrStmt *s = ir_stmt(L->fe->a, IR_TEXT, loc);
    s->u.text.block_level = 1;
    s->u.text.r.lit = text;
    s->has_barrier = 1;
    return s;
}

/* The operator argument `op` as text that makes one after the barrier: a
 * default-constructed object of its class. NULL after an error (a lambda,
 * a function pointer). */
static const char *op_text(Lower *L, CXCursor arg, const FeCub *cb, SrcLoc loc)
{
    CXType t = clang_getCanonicalType(clang_getNonReferenceType(clang_getCursorType(arg)));
    CXCursor d = clang_getTypeDeclaration(clang_getUnqualifiedType(t));
    const char *s = fe_cxstr(L->fe, clang_getTypeSpelling(clang_getUnqualifiedType(t)));
    if (!is_class_kind(clang_getCursorKind(d)) || strstr(s, "lambda") || strchr(s, '(')) {
        diag_error(loc, "'%s::%s' with this operator is not supported; cucpu supports a function object "
                   "that a default constructor makes (cub::Sum, cub::Max, cub::Min, a functor class)",
                   cb->cls_name, cb->method);
        return NULL;
    }
    return ar_printf(L->fe->a, "%s()", s);
}

/* Argument i of call as a per-thread statement that writes it, run after
 * the block-level step: its text, with prefix and suffix around it. A
 * local so written is varying. */
static IrStmt *write_arg(Lower *L, CXCursor call, int i, const char *prefix, const char *suffix, SrcLoc loc)
{
    Fe *fe = L->fe;
    CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
    IrStmt *st = ir_stmt(fe->a, IR_TEXT, loc);
    IrRange *r = &st->u.text.r;
    expr_range(L, arg, r);
    r->unknown_write = 1;
    r->tid_text = 1;
    CXCursor lv = fe_strip(arg);
    IrVar *v = clang_getCursorKind(lv) == CXCursor_DeclRefExpr ? lookup(L, clang_getCursorReferenced(lv)) : NULL;
    if (v) {
        v->flags |= IRV_WRITTEN | IRV_VARYING;
        for (int k = 0; k < r->refs.n; k++) {
            IrRef *f = r->refs.v[k];
            if (f->kind == REF_VAR && f->var == v) f->is_write = 1;
        }
    }
    range_replace(L, r, r->begin, r->begin, prefix);
    range_replace(L, r, r->end, r->end, suffix);
    return st;
}

/* `(lvalue) = value` for argument i (passed by reference). */
static IrStmt *store_arg(Lower *L, CXCursor call, int i, const char *value, SrcLoc loc)
{
    return write_arg(L, call, i, "(", ar_printf(L->fe->a, ") = %s", value), loc);
}

/* BlockReduce(temp).Sum(x [, num_valid]) / .Reduce(x, op [, num_valid]):
 *   DECL cucpu_cv_N = x; [DECL cucpu_cn_N = num_valid]        (per thread)
 *   block level: T cucpu_cr_N = cucpu_cv_N[0];
 *                for t in 1 .. min(num_valid of thread 0, nt): cucpu_cr_N = op(cucpu_cr_N, cucpu_cv_N[t])
 *   DECL ret = cucpu_cr_N   (every thread; CUB defines it in thread 0) */
static IrStmt *block_reduce(Lower *L, CXCursor call, const FeCub *cb, IrVar *ret, IrStmt *seq, int n)
{
    Fe *fe = L->fe;
    SrcLoc loc = fe_loc(fe, call);
    int nargs = clang_Cursor_getNumArguments(call), sum = !strcmp(cb->method, "Sum");
    if ((!sum && strcmp(cb->method, "Reduce")) || nargs < 1 + !sum ||
        clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(call, 0))).kind == CXType_ConstantArray) {
        diag_error(loc, "'%s::%s' is not supported; cucpu supports Sum(x), Sum(x, num_valid), Reduce(x, op) and "
                   "Reduce(x, op, num_valid) with one item per thread", cb->cls_name, cb->method);
        return seq;
    }
    const char *op = sum ? "cub::Sum()" : op_text(L, clang_Cursor_getArgument(call, 1), cb, loc);
    if (!op) return seq;
    CXCursor x = clang_Cursor_getArgument(call, 0);
    IrVar *v = cub_var(L, ar_printf(fe->a, "%s%d", NM(CV_), n), cb->type, loc);
    set_exchange(L, seq, v, &x, NULL);
    const char *count = NM(NT);
    if (nargs > 1 + !sum) {
        CXCursor nv = clang_Cursor_getArgument(call, (unsigned)(1 + !sum));
        IrVar *c = cub_var(L, ar_printf(fe->a, "%s%d", NM(CN_), n), "int", loc);
        set_exchange(L, seq, c, &nv, NULL);
        count = ar_printf(fe->a, "(%s[0] < %s ? %s[0] : %s)", c->name, NM(NT), c->name, NM(NT));
    }
    ir_seq_push(fe->a, seq, block_text(L, loc, ar_printf(fe->a, "%s %s%d = %s[0]; for (int %s = 1; %s < %s; %s++) %s%d = %s(%s%d, %s[%s]);", cb->type, NM(CR_), n, v->name, NM(T), NM(T), count, NM(T), NM(CR_), n, op, NM(CR_), n, v->name, NM(T))));
    if (!ret) return seq;
    IrStmt *r = ir_stmt(fe->a, IR_DECL, loc);
    r->u.decl.var = ret;
    r->u.decl.has_init = 1;
    r->u.decl.assign_only = ret->decl != NULL;
    if (!ret->decl) ret->decl = r;
    r->u.decl.init.lit = ar_printf(fe->a, "%s%d", NM(CR_), n);
    ir_seq_push(fe->a, seq, r);
    return seq;
}

/* BlockScan(temp).ExclusiveSum(x, out [, agg]) and the other scans:
 *   DECL cucpu_cv_N = x; [DECL cucpu_ci_N = init]             (per thread)
 *   block level: in linear thread order, cucpu_cv_N[t] becomes thread t's
 *                prefix; cucpu_ca_N the reduction of all inputs
 *   out = cucpu_cv_N[tid]; [agg = cucpu_ca_N]                  (per thread) */
static IrStmt *block_scan(Lower *L, CXCursor call, const FeCub *cb, IrStmt *seq, int n)
{
    Fe *fe = L->fe;
    SrcLoc loc = fe_loc(fe, call);
    int nargs = clang_Cursor_getNumArguments(call);
    int excl = !strncmp(cb->method, "Exclusive", 9), sum = strstr(cb->method, "Sum") != NULL;
    int out = -1, agg = -1, init = -1, opi = -1, other = 0;
    for (int i = 1; i < nargs; i++) {
        const char *p = param_name(L, cb, i, nargs);
        if (!strcmp(p, "output")) out = i;
        else if (!strcmp(p, "block_aggregate")) agg = i;
        else if (!strcmp(p, "initial_value")) init = i;
        else if (!strcmp(p, "scan_op")) opi = i;
        else other = 1;   /* a prefix callback */
    }
    CXCursor x = clang_Cursor_getArgument(call, 0);
    CXType xt = clang_getCanonicalType(clang_getCursorType(x));
    if ((strncmp(cb->method, "Exclusive", 9) && strncmp(cb->method, "Inclusive", 9)) || out < 0 ||
        (!sum && opi < 0) || (excl && !sum && init < 0) || other || xt.kind == CXType_ConstantArray) {
        diag_error(loc, "'%s::%s' is not supported here; cucpu supports ExclusiveSum(x, out), InclusiveSum(x, out), "
                   "ExclusiveScan(x, out, init, op) and InclusiveScan(x, out, op), each optionally with a block_aggregate, "
                   "one item per thread", cb->cls_name, cb->method);
        return seq;
    }
    const char *op = sum ? "cub::Sum()" : op_text(L, clang_Cursor_getArgument(call, (unsigned)opi), cb, loc);
    if (!op) return seq;
    IrVar *v = cub_var(L, ar_printf(fe->a, "%s%d", NM(CV_), n), cb->type, loc);
    set_exchange(L, seq, v, &x, NULL);
    const char *start = ar_printf(fe->a, "%s()", cb->type);
    if (init >= 0) {
        CXCursor ia = clang_Cursor_getArgument(call, (unsigned)init);
        IrVar *c = cub_var(L, ar_printf(fe->a, "%s%d", NM(CI_), n), cb->type, loc);
        set_exchange(L, seq, c, &ia, NULL);
        start = ar_printf(fe->a, "%s[0]", c->name);
    }
    const char *T = cb->type, *a = ar_printf(fe->a, "%s%d", NM(CA_), n);
    const char *step = excl ? ar_printf(fe->a, "%s[%s] = %s; %s = %s(%s, %s);", v->name, NM(T), NM(ACC), NM(ACC), op, NM(ACC), NM(X))
                            : ar_printf(fe->a, "%s[%s] = %s;", v->name, NM(T), a);
    ir_seq_push(fe->a, seq, block_text(L, loc, ar_printf(fe->a, "%s %s = %s[0]; { %s %s = %s; for (int %s = 0; %s < %s; %s++) { %s %s = %s[%s]; if (%s) %s = %s(%s, %s); %s } (void)%s; }", T, a, v->name, T, NM(ACC), start, NM(T), NM(T), NM(NT), NM(T), T, NM(X), v->name, NM(T), NM(T), a, op, a, NM(X), step, NM(ACC))));
    ir_seq_push(fe->a, seq, store_arg(L, call, out, ar_printf(fe->a, "%s[%s]", v->name, NM(TID)), loc));
    if (agg >= 0) ir_seq_push(fe->a, seq, store_arg(L, call, agg, a, loc));
    return seq;
}

/* WarpReduce(temp).Sum(x) / .Reduce(x, op): cg::reduce over a tile of
 * LOGICAL_WARP_THREADS lanes (lower_warp), the operator default-constructed. */
static IrStmt *warp_reduce(Lower *L, CXCursor call, const FeCub *cb, IrVar *ret, IrStmt *seq)
{
    SrcLoc loc = fe_loc(L->fe, call);
    int nargs = clang_Cursor_getNumArguments(call), sum = !strcmp(cb->method, "Sum");
    int w = cb->width;
    if ((!sum && strcmp(cb->method, "Reduce")) || nargs != 1 + !sum || w < 1 || w > 32 || (w & (w - 1))) {
        diag_error(loc, "'%s::%s' is not supported; cucpu supports Sum(x) and Reduce(x, op) on a full warp "
                   "(or a power-of-two LOGICAL_WARP_THREADS up to 32)", cb->cls_name, cb->method);
        return seq;
    }
    WarpCall wc = { 0 };
    wc.op = coop_op("reduce");
    wc.width = w;
    wc.coop.kind = COOP_WARP_OP;
    wc.coop.group = GROUP_TILE;
    wc.coop.width = w;
    wc.coop.member = 1;
    wc.fo = sum ? "cub::Sum()" : op_text(L, clang_Cursor_getArgument(call, 1), cb, loc);
    if (!wc.fo) return seq;
    return lower_warp(L, call, &wc, ret);
}

/* The arguments of call from first on, as one range: each scanned alone
 * (the call itself is a collective, which a scan refuses), their refs and
 * accesses gathered; the range runs from the first's start to the last's
 * end. */
static void args_range(Lower *L, CXCursor call, int first, IrRange *r)
{
    int n = clang_Cursor_getNumArguments(call);
    unsigned b, e, ab, ae;
    fe_range(L->fe, clang_Cursor_getArgument(call, (unsigned)first), &b, &ae);
    fe_range(L->fe, clang_Cursor_getArgument(call, (unsigned)(n - 1)), &ab, &e);
    memset(r, 0, sizeof *r);
    r->begin = b;
    r->end = e;
    r->src = L->fe->src;
    r->loc = fe_loc_at(L->fe, b);
    for (int i = first; i < n; i++) {
        IrRange t;
        memset(&t, 0, sizeof t);
        expr_range(L, clang_Cursor_getArgument(call, (unsigned)i), &t);
        for (int k = 0; k < t.refs.n; k++) pv_push(L->fe->a, &r->refs, t.refs.v[k]);
        for (int k = 0; k < t.accesses.n; k++) pv_push(L->fe->a, &r->accesses, t.accesses.v[k]);
        r->unknown_read |= t.unknown_read;
        r->unknown_write |= t.unknown_write;
        r->irregular |= t.irregular;
        r->block_state |= t.block_state;
    }
    if (r->refs.n > 1) qsort(r->refs.v, (size_t)r->refs.n, sizeof(void *), cmp_ref);
}

/* BlockLoad(temp).Load(it, items, ...) and BlockStore(temp).Store(it,
 * items, ...): what each thread loads or stores depends only on its rank
 * (include/cub/block/block_load.cuh), so the call stays per thread, as a
 * static member with the rank first, which the headers cannot read:
 *   cub::BlockLoad<...>::cucpu_load(cucpu_tid, it, items, ...)
 * The class is the object's type as written (a kernel's typedef replaced).
 * The items array (a local) is written by a load. */
static IrStmt *block_io(Lower *L, CXCursor call, const FeCub *cb, IrStmt *seq)
{
    Fe *fe = L->fe;
    SrcLoc loc = fe_loc(fe, call);
    int load = cb->cls == CUB_BLOCK_LOAD, nargs = clang_Cursor_getNumArguments(call);
    if (strcmp(cb->method, load ? "Load" : "Store") || nargs < 2 || nargs > 2 + load + 1) {
        diag_error(loc, "'%s::%s' is not supported; cucpu supports %s", cb->cls_name, cb->method,
                   load ? "Load(it, items), Load(it, items, valid_items) and Load(it, items, valid_items, oob_default)"
                        : "Store(it, items) and Store(it, items, valid_items)");
        return seq;
    }
    CXType ot = clang_getNonReferenceType(clang_getCursorType(cb->object));
    const char *cls = subst_type(L, fe_cxstr(fe, clang_getTypeSpelling(clang_getUnqualifiedType(ot))));
    IrStmt *st = ir_stmt(fe->a, IR_TEXT, loc);
    IrRange *r = &st->u.text.r;
    args_range(L, call, 0, r);
    r->tid_text = 1;
    range_replace(L, r, r->begin, r->begin,
                  ar_printf(fe->a, "%s::%s(%s, ", cls, load ? NM(LOAD) : NM(STORE), NM(TID)));
    range_replace(L, r, r->end, r->end, ")");
    if (load) {
        r->unknown_write = 1;
        CXCursor items = fe_strip(clang_Cursor_getArgument(call, 1));
        IrVar *v = clang_getCursorKind(items) == CXCursor_DeclRefExpr ? lookup(L, clang_getCursorReferenced(items)) : NULL;
        if (v) {
            v->flags |= IRV_WRITTEN | IRV_VARYING;
            for (int k = 0; k < r->refs.n; k++) {
                IrRef *f = r->refs.v[k];
                if (f->kind == REF_VAR && f->var == v) f->is_write = 1;
            }
        }
    }
    ir_seq_push(fe->a, seq, st);
    return seq;
}

/* Whether argument i of call is written in the source (not a default). */
static int arg_written(Lower *L, CXCursor call, int i)
{
    if (i >= clang_Cursor_getNumArguments(call)) return 0;
    unsigned cb, ce, ab, ae;
    fe_range(L->fe, call, &cb, &ce);
    fe_range(L->fe, clang_Cursor_getArgument(call, (unsigned)i), &ab, &ae);
    return ab < ae && ab >= cb && ae <= ce;
}

/* Whether argument i is an array (T items[N], also of a dependent size). */
static int arg_is_array(CXCursor call, int i)
{
    CXType t = clang_getNonReferenceType(clang_getCursorType(clang_Cursor_getArgument(call, (unsigned)i)));
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    return k == CXType_ConstantArray || k == CXType_DependentSizedArray;
}

/* Argument i, an array T[N] of the thread's items, copied into a
 * per-thread cub::cucpu_detail::Items<T, N> named cucpu_<pfx>_<n>, which a
 * block-level step reads and writes as an array over the threads. */
static IrVar *items_in(Lower *L, IrStmt *seq, CXCursor call, int i, const char *pfx, int n)
{
    Fe *fe = L->fe;
    CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
    SrcLoc loc = fe_loc(fe, arg);
    CXType t = clang_getUnqualifiedType(clang_getNonReferenceType(clang_getCursorType(arg)));
    const char *ty = subst_type(L, fe_cxstr(fe, clang_getTypeSpelling(t)));
    IrVar *v = cub_var(L, ar_printf(fe->a, "%s%s_%d", NM(PREFIX), pfx, n),
                       ar_printf(fe->a, "typename cub::%s::ItemsOf<%s>::type", NM(DETAIL), ty), loc);
    set_exchange(L, seq, v, &arg, NULL);
    IrRange *r = &v->decl->u.decl.init;
    const char *elem = subst_type(L, fe_cxstr(fe, clang_getTypeSpelling(clang_getArrayElementType(t))));
    if (clang_getArrayElementType(t).kind == CXType_Invalid)   /* dependent: the type's own element */
        elem = ar_printf(fe->a, "typename std::remove_extent<%s>::type", ty);
    range_replace(L, r, r->begin, r->begin, ar_printf(fe->a, "cub::%s::items_of<%s>(", NM(DETAIL), elem));
    range_replace(L, r, r->end, r->end, ")");
    return v;
}

/* After the block-level step, per thread: the array argument i gets the
 * thread's Items v: `cub::cucpu_detail::items_to(arg, v[cucpu_tid])`. */
static IrStmt *items_out(Lower *L, CXCursor call, int i, const IrVar *v, SrcLoc loc)
{
    return write_arg(L, call, i, ar_printf(L->fe->a, "cub::%s::items_to(", NM(DETAIL)),
                     ar_printf(L->fe->a, ", %s[%s])", v->name, NM(TID)), loc);
}

/* An int argument i for the block-level step: per thread into
 * cucpu_<pfx>_<n>, read from thread 0 (CUB wants it the same in every
 * thread); dflt when the call leaves it out. */
static const char *int_in(Lower *L, IrStmt *seq, CXCursor call, int i, const char *dflt, const char *pfx, int n)
{
    if (!arg_written(L, call, i)) return dflt;
    CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
    IrVar *v = cub_var(L, ar_printf(L->fe->a, "%s%s_%d", NM(PREFIX), pfx, n), "int", fe_loc(L->fe, arg));
    set_exchange(L, seq, v, &arg, NULL);
    return ar_printf(L->fe->a, "%s[0]", v->name);
}

/* BlockExchange(temp).StripedToBlocked(items) / (in, out), the other
 * rearrangements, and ScatterToBlocked/ScatterToStriped([in,] items, ranks):
 *   DECL cucpu_cx_N = items_of(in); [DECL cucpu_ck_N = items_of(ranks)]  (per thread)
 *   block level: block_exchange(cucpu_cx_N, nt, FROM, TO) or block_scatter(...)
 *   items_to(out, cucpu_cx_N[cucpu_tid])                                 (per thread) */
static IrStmt *block_exchange(Lower *L, CXCursor call, const FeCub *cb, IrStmt *seq, int n)
{
    Fe *fe = L->fe;
    SrcLoc loc = fe_loc(fe, call);
    static const struct { const char *name, *from, *to; } moves[] = {
        { "StripedToBlocked", "STRIPED", "BLOCKED" },
        { "BlockedToStriped", "BLOCKED", "STRIPED" },
        { "WarpStripedToBlocked", "WARP_STRIPED", "BLOCKED" },
        { "BlockedToWarpStriped", "BLOCKED", "WARP_STRIPED" },
        { "ScatterToBlocked", NULL, "BLOCKED" },
        { "ScatterToStriped", NULL, "STRIPED" },
    };
    int m = -1, nargs = clang_Cursor_getNumArguments(call);
    for (int k = 0; k < (int)(sizeof moves / sizeof *moves); k++)
        if (!strcmp(cb->method, moves[k].name)) m = k;
    int scatter = m >= 0 && !moves[m].from;
    int ok = m >= 0 && nargs >= 1 + scatter && nargs <= 2 + scatter;
    for (int i = 0; ok && i < nargs; i++) ok = arg_is_array(call, i);
    if (!ok) {
        diag_error(loc, "'%s::%s' is not supported; cucpu supports StripedToBlocked, BlockedToStriped, "
                   "WarpStripedToBlocked and BlockedToWarpStriped ([input,] items) and ScatterToBlocked and "
                   "ScatterToStriped ([input,] items, ranks)", cb->cls_name, cb->method);
        return seq;
    }
    int out = nargs - 1 - scatter;   /* in place when 0 */
    IrVar *x = items_in(L, seq, call, 0, "cx", n);
    const char *step;
    if (scatter) {
        IrVar *rk = items_in(L, seq, call, nargs - 1, "ck", n);
        step = ar_printf(fe->a, "cub::%s::block_scatter(%s, %s, %s, cub::%s::%s);", NM(DETAIL), x->name, rk->name, NM(NT), NM(DETAIL), moves[m].to);
    } else {
        step = ar_printf(fe->a, "cub::%s::block_exchange(%s, %s, cub::%s::%s, cub::%s::%s);", NM(DETAIL), x->name, NM(NT), NM(DETAIL), moves[m].from, NM(DETAIL), moves[m].to);
    }
    ir_seq_push(fe->a, seq, block_text(L, loc, step));
    ir_seq_push(fe->a, seq, items_out(L, call, out, x, loc));
    return seq;
}

/* BlockRadixSort(temp).Sort(keys[, values][, begin_bit[, end_bit]]) and
 * SortDescending, SortBlockedToStriped, SortDescendingBlockedToStriped:
 *   DECL cucpu_sk_N = items_of(keys); [DECL cucpu_sv_N = items_of(values)]  (per thread)
 *   block level: block_radix_sort(cucpu_sk_N, [cucpu_sv_N,] nt, begin, end, descending, TO)
 *   items_to(keys, cucpu_sk_N[cucpu_tid]); [items_to(values, ...)]        (per thread) */
static IrStmt *block_radix_sort(Lower *L, CXCursor call, const FeCub *cb, IrStmt *seq, int n)
{
    Fe *fe = L->fe;
    SrcLoc loc = fe_loc(fe, call);
    const char *mth = cb->method;
    int desc = !strncmp(mth, "SortDescending", 14);
    int striped = strstr(mth, "BlockedToStriped") != NULL;
    int nargs = clang_Cursor_getNumArguments(call);
    int known = !strcmp(mth, "Sort") || !strcmp(mth, "SortDescending") || !strcmp(mth, "SortBlockedToStriped") ||
                !strcmp(mth, "SortDescendingBlockedToStriped");
    if (!known || nargs < 1 || !arg_is_array(call, 0)) {
        diag_error(loc, "'%s::%s' is not supported; cucpu supports Sort, SortDescending, SortBlockedToStriped and "
                   "SortDescendingBlockedToStriped (keys[, values][, begin_bit[, end_bit]])", cb->cls_name, mth);
        return seq;
    }
    int vals = nargs > 1 && arg_is_array(call, 1);
    if (nargs > 3 + vals || (nargs > 1 + vals && !arg_written(L, call, 1 + vals) && arg_written(L, call, 2 + vals))) {
        diag_error(loc, "'%s::%s' with a decomposer is not supported", cb->cls_name, mth);
        return seq;
    }
    IrVar *k = items_in(L, seq, call, 0, "sk", n);
    IrVar *v = vals ? items_in(L, seq, call, 1, "sv", n) : NULL;
    const char *bb = int_in(L, seq, call, 1 + vals, "0", "sb", n);
    /* end_bit left out: all the key's bits */
    const char *eb = int_in(L, seq, call, 2 + vals, ar_printf(fe->a, "(int)sizeof(%s[0].v[0]) * 8", k->name), "se", n);
    ir_seq_push(fe->a, seq, block_text(L, loc, ar_printf(fe->a, "cub::%s::block_radix_sort(%s, %s%s%s, %s, %s, %d, cub::%s::%s);", NM(DETAIL), k->name, v ? v->name : "", v ? ", " : "", NM(NT), bb, eb, desc, NM(DETAIL), striped ? "STRIPED" : "BLOCKED")));
    ir_seq_push(fe->a, seq, items_out(L, call, 0, k, loc));
    if (v) ir_seq_push(fe->a, seq, items_out(L, call, 1, v, loc));
    return seq;
}

/* WarpScan(temp).InclusiveSum(x, out[, agg]) and the other scans: the
 * scan as cg::inclusive_scan or cg::exclusive_scan over a tile of the
 * class's LOGICAL_WARP_THREADS (lower_warp), into cucpu_ws_N; then, per
 * thread, out = that (with an initial value: op(init, it), or init at
 * the logical warp's first lane of an exclusive scan); the aggregate, when
 * asked for, a cg::reduce of the inputs (exclusive of init, as CUB's).
 * An exclusive scan without init leaves T() at the first lane, where CUB
 * leaves it undefined. */
static IrStmt *warp_scan(Lower *L, CXCursor call, const FeCub *cb, IrStmt *seq, int n)
{
    Fe *fe = L->fe;
    SrcLoc loc = fe_loc(fe, call);
    int nargs = clang_Cursor_getNumArguments(call), w = cb->width;
    int excl = !strncmp(cb->method, "Exclusive", 9), sum = strstr(cb->method, "Sum") != NULL;
    int out = -1, agg = -1, init = -1, opi = -1, other = 0;
    for (int i = 1; i < nargs; i++) {
        const char *p = param_name(L, cb, i, nargs);
        if (!strcmp(p, "output")) out = i;
        else if (!strcmp(p, "warp_aggregate") || !strcmp(p, "block_aggregate")) agg = i;
        else if (!strcmp(p, "initial_value")) init = i;
        else if (!strcmp(p, "scan_op")) opi = i;
        else other = 1;
    }
    int unsure = 0;
    if (clang_Cursor_isNull(cb->decl) && !sum && nargs == 4) {
        /* in a template, (x, out, op, agg) or (x, out, init, op): an
         * operator is an object of a class, an initial value a number */
        CXType t2 = clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(call, 2)));
        int is_op = t2.kind == CXType_Record, is_num = t2.kind >= CXType_Bool && t2.kind <= CXType_LongDouble;
        unsure = !is_op && !is_num;
        opi = is_op ? 2 : 3;
        agg = is_op ? 3 : -1;
        init = is_op ? -1 : 2;
    }
    if ((strncmp(cb->method, "Exclusive", 9) && strncmp(cb->method, "Inclusive", 9)) || out < 0 ||
        (!sum && opi < 0) || other || unsure || w < 1 || w > 32 || (w & (w - 1))) {
        diag_error(loc, "'%s::%s' is not supported here; cucpu supports InclusiveSum(x, out), ExclusiveSum(x, out), "
                   "InclusiveScan(x, out, [init,] op) and ExclusiveScan(x, out, [init,] op), each optionally with "
                   "a warp_aggregate, on a power-of-two LOGICAL_WARP_THREADS up to 32", cb->cls_name, cb->method);
        return seq;
    }
    const char *op = sum ? "cub::Sum()" : op_text(L, clang_Cursor_getArgument(call, (unsigned)opi), cb, loc);
    if (!op) return seq;
    const char *ival = NULL;
    if (init >= 0) {
        CXCursor ia = clang_Cursor_getArgument(call, (unsigned)init);
        IrVar *c = cub_var(L, ar_printf(fe->a, "%s%d", NM(WI_), n), cb->type, loc);
        set_exchange(L, seq, c, &ia, NULL);
        ival = ar_printf(fe->a, "%s[%s]", c->name, NM(TID));
    }
    WarpCall wc = { 0 };
    wc.width = w;
    wc.coop.kind = COOP_WARP_OP;
    wc.coop.group = GROUP_TILE;
    wc.coop.width = w;
    wc.coop.member = 1;
    wc.fo = op;
    wc.op = coop_op(excl ? "exclusive_scan" : "inclusive_scan");
    IrVar *r = cub_var(L, ar_printf(fe->a, "%s%d", NM(WS_), n), cb->type, loc);
    ir_seq_push(fe->a, seq, lower_warp(L, call, &wc, r));
    const char *value = ar_printf(fe->a, "%s[%s]", r->name, NM(TID));
    if (ival)
        value = ar_printf(fe->a, "cub::%s::with_init(%s, %s, %s, %d && %s %% %d == 0)", NM(DETAIL), op, ival, value, excl, NM(TID), w);
    ir_seq_push(fe->a, seq, store_arg(L, call, out, value, loc));
    if (agg >= 0) {
        wc.op = coop_op("reduce");
        IrVar *a = cub_var(L, ar_printf(fe->a, "%s%d", NM(WA_), n), cb->type, loc);
        ir_seq_push(fe->a, seq, lower_warp(L, call, &wc, a));
        ir_seq_push(fe->a, seq, store_arg(L, call, agg, ar_printf(fe->a, "%s[%s]", a->name, NM(TID)), loc));
    }
    return seq;
}

/* BlockDiscontinuity(temp).FlagHeads(flags, items, op[, predecessor]) and
 * FlagTails(flags, items, op[, successor]):
 *   DECL cucpu_dx_N = items_of(items); DECL cucpu_df_N = {}; [DECL cucpu_dn_N = neighbour]
 *   block level: flag_heads(cucpu_df_N, cucpu_dx_N, nt, op, [&cucpu_dn_N[0] or 0])
 *   items_to(flags, cucpu_df_N[cucpu_tid])
 * The neighbour is thread 0's (CUB reads the first thread's predecessor
 * and the last thread's successor; the same when every thread passes it). */
static IrStmt *block_discontinuity(Lower *L, CXCursor call, const FeCub *cb, IrStmt *seq, int n)
{
    Fe *fe = L->fe;
    SrcLoc loc = fe_loc(fe, call);
    int heads = !strcmp(cb->method, "FlagHeads"), nargs = clang_Cursor_getNumArguments(call);
    if ((!heads && strcmp(cb->method, "FlagTails")) || nargs < 3 || nargs > 4 || !arg_is_array(call, 0) ||
        !arg_is_array(call, 1)) {
        diag_error(loc, "'%s::%s' is not supported; cucpu supports FlagHeads(head_flags, input, flag_op[, "
                   "tile_predecessor_item]) and FlagTails(tail_flags, input, flag_op[, tile_successor_item])",
                   cb->cls_name, cb->method);
        return seq;
    }
    const char *op = op_text(L, clang_Cursor_getArgument(call, 2), cb, loc);
    if (!op) return seq;
    IrVar *x = items_in(L, seq, call, 1, "dx", n);
    CXCursor fa = clang_Cursor_getArgument(call, 0);
    CXType ft = clang_getUnqualifiedType(clang_getNonReferenceType(clang_getCursorType(fa)));
    IrVar *f = cub_var(L, ar_printf(fe->a, "%s%d", NM(DF_), n),
                       ar_printf(fe->a, "typename cub::%s::ItemsOf<%s>::type", NM(DETAIL), subst_type(L, fe_cxstr(fe, clang_getTypeSpelling(ft)))), loc);
    set_exchange(L, seq, f, NULL, "{}");
    const char *nb = "0";
    if (nargs == 4) {
        CXCursor na = clang_Cursor_getArgument(call, 3);
        IrVar *v = cub_var(L, ar_printf(fe->a, "%s%d", NM(DN_), n), cb->type, loc);
        set_exchange(L, seq, v, &na, NULL);
        nb = ar_printf(fe->a, "&%s[0]", v->name);
    }
    ir_seq_push(fe->a, seq, block_text(L, loc, ar_printf(fe->a, "cub::%s::flag_%s(%s, %s, %s, %s, (const %s *)%s);", NM(DETAIL), heads ? "heads" : "tails", f->name, x->name, NM(NT), op, cb->type, nb)));
    ir_seq_push(fe->a, seq, items_out(L, call, 0, f, loc));
    return seq;
}

/* A per-thread call `cub::cucpu_detail::<fn>(<pre>args from first on)`,
 * which writes memory through its arguments. */
static IrStmt *helper_call(Lower *L, CXCursor call, int first, const char *fn, const char *pre, SrcLoc loc)
{
    IrStmt *st = ir_stmt(L->fe->a, IR_TEXT, loc);
    IrRange *r = &st->u.text.r;
    args_range(L, call, first, r);
    r->tid_text = 1;
    r->unknown_write = 1;
    range_replace(L, r, r->begin, r->begin, ar_printf(L->fe->a, "cub::%s::%s(%s", NM(DETAIL), fn, pre));
    range_replace(L, r, r->end, r->end, ")");
    return st;
}

/* BlockHistogram(temp).InitHistogram(bins), .Histogram(items, bins),
 * .Composite(items, bins), the bins a __shared__ array of counters:
 *   [histogram_zero(cucpu_tid, bins); BARRIER]                (Init, Histogram)
 *   [histogram_add(items, bins); BARRIER]                     (Histogram, Composite)
 * Thread 0 clears; every thread adds its items atomically. */
static IrStmt *block_histogram(Lower *L, CXCursor call, const FeCub *cb, IrStmt *seq)
{
    Fe *fe = L->fe;
    SrcLoc loc = fe_loc(fe, call);
    int init = !strcmp(cb->method, "InitHistogram"), full = !strcmp(cb->method, "Histogram");
    int nargs = clang_Cursor_getNumArguments(call);
    if ((!init && !full && strcmp(cb->method, "Composite")) || nargs != (init ? 1 : 2)) {
        diag_error(loc, "'%s::%s' is not supported; cucpu supports InitHistogram(histogram), Histogram(items, "
                   "histogram) and Composite(items, histogram)", cb->cls_name, cb->method);
        return seq;
    }
    if (init || full) {
        ir_seq_push(fe->a, seq, helper_call(L, call, init ? 0 : 1, "histogram_zero", ar_printf(fe->a, "%s, ", NM(TID)), loc));
        ir_seq_push(fe->a, seq, block_text(L, loc, ";"));
    }
    if (!init) {
        ir_seq_push(fe->a, seq, helper_call(L, call, 0, "histogram_add", "", loc));
        ir_seq_push(fe->a, seq, block_text(L, loc, ";"));
    }
    return seq;
}

/* A CUB collective `obj.f(args)` (w->cub), its value into ret (NULL:
 * unused). The object must be a temporary: a named object's calls are
 * refused, so that no call of an undefined member function is left. */
IrStmt *lower_cub(Lower *L, CXCursor call, const WarpCall *w, IrVar *ret)
{
    Fe *fe = L->fe;
    FeCub sub = w->cub;
    const FeCub *cb = &sub;
    if (sub.type) sub.type = subst_type(L, sub.type);   /* in an inlined template: its arguments */
    if ((sub.cls == CUB_WARP_REDUCE || sub.cls == CUB_WARP_SCAN) && clang_Cursor_isNull(sub.decl)) {
        /* a width that a template parameter names (`cub::WarpScan<int, W>`):
         * the inlined template's argument, from the type as written */
        CXType ot = clang_getNonReferenceType(clang_getCursorType(sub.object));
        const char *t = subst_type(L, fe_cxstr(fe, clang_getTypeSpelling(ot)));
        const char *comma = strchr(t, ',');
        sub.width = comma ? atoi(comma + 1) : 32;
    }
    SrcLoc loc = fe_loc(fe, call);
    IrStmt *seq = ir_stmt(fe->a, IR_SEQ, loc);
    seq->has_barrier = 1;
    CXCursor obj = fe_strip(cb->object);
    enum CXCursorKind ok = clang_getCursorKind(obj);
    if (clang_Cursor_isNull(obj) || ok == CXCursor_DeclRefExpr || ok == CXCursor_MemberRefExpr ||
        ok == CXCursor_UnaryOperator || ok == CXCursor_ArraySubscriptExpr) {
        diag_error(loc, "'%s::%s' on a named object is not supported; call it on a temporary made from the "
                   "TempStorage, `%s(temp_storage).%s(...)`", cb->cls_name, cb->method, cb->cls_name, cb->method);
        return seq;
    }
    if (cb->cls == CUB_BLOCK_LOAD || cb->cls == CUB_BLOCK_STORE) return block_io(L, call, cb, seq);
    if (cb->cls == CUB_BLOCK_HISTOGRAM) {
        L->k->nbarriers += 2;
        return block_histogram(L, call, cb, seq);
    }
    if (cb->cls == CUB_BLOCK_EXCHANGE || cb->cls == CUB_BLOCK_RADIX_SORT) {
        L->k->nbarriers++;
        int n = L->ntemps++;
        return cb->cls == CUB_BLOCK_EXCHANGE ? block_exchange(L, call, cb, seq, n) : block_radix_sort(L, call, cb, seq, n);
    }
    if (!cb->type || strstr(cb->type, "type-parameter")) {
        diag_error(loc, "'%s::%s' whose item type depends on a template parameter is not supported here", cb->cls_name, cb->method);
        return seq;
    }
    if (cb->cls == CUB_WARP_REDUCE) return warp_reduce(L, call, cb, ret, seq);
    if (cb->cls == CUB_WARP_SCAN) return warp_scan(L, call, cb, seq, L->ntemps++);
    L->k->nbarriers++;
    int n = L->ntemps++;
    if (cb->cls == CUB_BLOCK_DISCONTINUITY) return block_discontinuity(L, call, cb, seq, n);
    if (cb->cls == CUB_BLOCK_REDUCE) return block_reduce(L, call, cb, ret, seq, n);
    return block_scan(L, call, cb, seq, n);
}
