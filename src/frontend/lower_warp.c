/*
 * lower_warp.c: warp primitives and lock-step volatile stores.
 * Part of the lowering of a kernel body (lower.h).
 */
#include <stdlib.h>
#include <string.h>
#include "lower.h"

static int lambda_in_place(Lower *L, CXCursor fn);
static IrStmt *lambda_op(Lower *L, IrStmt *seq, CXCursor fn, const char *call, IrVar *ret, SrcLoc loc);

/* ---- warp primitives and lock step ------------------------------------------------ */

static const char *type_name(Lower *L, CXType t)
{
    t = clang_getUnqualifiedType(clang_getNonReferenceType(t));
    /* a group of <cooperative_groups.h> by its full name: the user's
     * spelling may lean on a namespace alias or `auto` */
    const char *canon = fe_cxstr(L->fe, clang_getTypeSpelling(clang_getCanonicalType(t)));
    if (!strncmp(canon, "cooperative_groups::", 20)) return canon;
    /* a kernel's local typedef or an inlined template's parameter: its type */
    return subst_type(L, fe_cxstr(L->fe, clang_getTypeSpelling(t)));
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
const char *warp_result_type(Lower *L, CXCursor call, const WarpCall *w)
{
    CXType t = clang_getCursorType(call);
    if (t.kind != CXType_Unexposed && t.kind != CXType_Dependent) return type_name(L, t);
    switch (w->op->kind) {
    case W_CUB: return subst_type(L, w->cub.type ? w->cub.type : "int");   /* a reduction's T */
    case W_ANY: case W_ALL: case W_UNI: return "int";
    case W_BALLOT: case W_ACTIVEMASK: case W_MATCH_ANY: case W_MATCH_ALL: return "unsigned int";
    case W_COALESCED: case W_PARTITION: return "cooperative_groups::coalesced_group";
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
void set_exchange(Lower *L, IrStmt *seq, IrVar *v, const CXCursor *arg, const char *lit)
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

IrStmt *warp_barrier(Lower *L, SrcLoc loc, int keep)
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
    return ar_printf(L->fe->a, "%s[%s]", v->name, NM(TID));
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
IrStmt *lower_warp(Lower *L, CXCursor call, const WarpCall *w, IrVar *ret)
{
    Fe *fe = L->fe;
    const WarpOp *op = w->op;
    if (op->kind == W_CUB) return lower_cub(L, call, w, ret);
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
    /* a tile of several warps (its sync is a warp barrier, above, which
     * orders at least the tile's threads): what CUDA gives it */
    int big = tile && w->width > 32;
    const char *helper = op->helper == NM_COUNT ? NULL : ir_names[op->helper];
    if (big) {
        static const struct { WarpKind kind; IrName helper; } bigs[] = {
            { W_SHFL_IDX, NM_BIGTILE_SHFL }, { W_ANY, NM_BIGTILE_ANY }, { W_ALL, NM_BIGTILE_ALL },
            { W_CG_REDUCE, NM_BIGTILE_REDUCE }, { W_CG_ISCAN, NM_BIGTILE_INCLUSIVE_SCAN },
            { W_CG_ESCAN, NM_BIGTILE_EXCLUSIVE_SCAN },
        };
        helper = NULL;
        for (size_t i = 0; i < sizeof bigs / sizeof *bigs; i++)
            if (bigs[i].kind == op->kind) helper = ar_printf(fe->a, "%s<%d>", ir_names[bigs[i].helper], w->width);
        if (!helper || coalesced) {
            diag_error(loc, "'%s' is not an operation of a thread_block_tile of more than 32 threads; CUDA gives thread_block_tile<%d> shfl, any, all, sync, thread_rank, num_threads, size, meta_group_rank and meta_group_size, and cg::reduce and the scans over it",
                       op->name, w->width);
            return seq;
        }
    }
    const char *wm = NULL, *helper_args;
    if (!shfl || coalesced) {
        IrVar *m = exchange_var(L, ar_printf(fe->a, "%s%d", NM(WM_), n), "unsigned int", loc);
        ir_seq_push(fe->a, seq, ir_clear_per_thread(fe->a, loc, m->name));
        CXCursor marg;
        if (big) {
            set_exchange(L, seq, m, NULL, "1u");   /* reached the call */
        } else if (tile) {
            set_exchange(L, seq, m, NULL, ar_printf(fe->a, "%s(%s, %d)", NM(TILE_MASK), NM(TID), w->width));
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
    if (op->kind == W_PARTITION && !strcmp(op->name, "binary_partition")) vtype = "bool";
    IrVar *wv = NULL;
    CXCursor varg;
    if (op->kind != W_ACTIVEMASK && op->kind != W_COALESCED) {
        if (!arg_spelled(L, call, a0, &varg)) {
            diag_error(loc, "'%s' needs its value argument", op->name);
            return seq;
        }
        if (!vtype) vtype = type_name(L, clang_getCursorType(varg));
        if (strstr(vtype, "<dependent")) {
            /* `sum.x` of a template's `CmplxType sum`: clang gives the
             * pattern no type, and the exchange buffer needs one */
            diag_error(loc, "the value of '%s' has a type that depends on a template parameter here; "
                            "cucpu cannot name the type of its exchange buffer (copy the value into a local of a named type first)",
                       op->name);
            return seq;
        }
        wv = exchange_var(L, ar_printf(fe->a, "%s%d", NM(WV_), n), vtype, loc);
        wv->flags |= IRV_EXCHANGE;
        set_exchange(L, seq, wv, &varg, NULL);
    }
    switch (op->kind) {
    case W_SHFL_IDX: case W_SHFL_UP: case W_SHFL_DOWN: case W_SHFL_XOR: {
        const char *width = w->width ? ar_printf(fe->a, "%d", w->width)
                                     : int_arg(L, seq, call, a0 + 2, "32", ar_printf(fe->a, "%s%d", NM(WW_), n), "int", loc);
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
                range_replace(L, r, r->begin, r->begin, ar_printf(fe->a, "%s(%s, %s, %s, (", helper, wv->name, NM(TID), NM(NT)));
                range_replace(L, r, r->end, r->end, ar_printf(fe->a, "), %s)", width));
                ir_seq_push(fe->a, seq, post);
                return seq;
            }
        }
        const char *lane = int_arg(L, seq, call, a0 + 1, "0", ar_printf(fe->a, "%s%d", NM(WL_), n),
                                   op->kind == W_SHFL_UP || op->kind == W_SHFL_DOWN ? "unsigned int" : "int", loc);
        if (coalesced) {
            if (op->kind != W_SHFL_IDX) {
                diag_error(loc, "'%s' of a coalesced_group is not supported; use shfl", op->name);
                return seq;
            }
            /* a rank of the group: the lane that holds it */
            lane = ar_printf(fe->a, "%s(%s[%s], %s)", NM(COALESCED_LANE), wm, NM(TID), lane);
        }
        helper_args = ar_printf(fe->a, "%s, %s, %s, %s, %s", wv->name, NM(TID), NM(NT), lane, width);
        break;
    }
    case W_ACTIVEMASK: case W_COALESCED: helper_args = ar_printf(fe->a, "%s, %s, %s", wm, NM(TID), NM(NT)); break;
    case W_MATCH_ALL: {
        CXCursor parg;
        if (!arg_spelled(L, call, a0 + 1, &parg)) {
            diag_error(loc, "'%s' needs its predicate", op->name);
            return seq;
        }
        IrVar *wp = exchange_var(L, ar_printf(fe->a, "%s%d", NM(WP_), n), "int *", loc);
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
        helper_args = ar_printf(fe->a, "%s, %s, %s, %s, %s[%s]", wv->name, wm, NM(TID), NM(NT), wp->name, NM(TID));
        break;
    }
    case W_CG_REDUCE: case W_CG_ISCAN: case W_CG_ESCAN: {
        /* the function object: a default-constructed one of its type */
        CXCursor fn;
        const char *fo;
        if (w->fo)
            fo = w->fo;
        else if (arg_spelled(L, call, a0 + 1, &fn)) {
            const char *t = fe_cxstr(fe, clang_getTypeSpelling(clang_getCanonicalType(clang_getNonReferenceType(clang_getCursorType(fn)))));
            /* cg::plus<T>() in a template: its type as the lowering binds T */
            const char *cgf = fe_coop_functor(fe, clang_getCursorType(fn));
            if (cgf) t = subst_type(L, cgf);
            const char *call_text = ar_printf(fe->a, "%s(%s, %s, %s, %s, ", helper, wv->name, wm, NM(TID), NM(NT));
            int lam = strncmp(t, "cooperative_groups::", 20) ? lambda_in_place(L, fn) : 0;
            if (lam < 0) {
                diag_error(loc, "'%s' with a lambda that is mutable, captures 'this' or has an init-capture is not supported; capture variables by name, [&] or [=]", op->name);
                return seq;
            }
            if (lam) {
                L->lambda_by_ref = 1;
                IrStmt *r = lambda_op(L, seq, fn, call_text, ret, loc);
                L->lambda_by_ref = 0;
                return r;
            }
            CXCursor named = fe_strip(fn);
            /* the closure passed by value: its copy constructor's argument */
            if (clang_getCursorKind(named) == CXCursor_CallExpr && fe_nchildren(named) == 1 &&
                clang_getCursorKind(clang_getCursorReferenced(named)) == CXCursor_Constructor)
                named = fe_strip(fe_child(named, 0));
            IrVar *lv = clang_getCursorKind(named) == CXCursor_DeclRefExpr ? lookup(L, clang_getCursorReferenced(named)) : NULL;
            if (lv && (lv->flags & IRV_LAMBDA))
                /* a closure variable: made again after the exchange (privatize.c) */
                return lambda_op(L, seq, fn, call_text, ret, loc);
            if (strncmp(t, "cooperative_groups::", 20)) {
                diag_error(loc, "'%s' with this function object is not supported; cucpu supports cg::plus, cg::less, cg::greater, cg::bit_and, cg::bit_or, cg::bit_xor, a lambda written in the call and a local lambda variable", op->name);
                return seq;
            }
            fo = ar_printf(fe->a, "%s()", t);
        } else
            fo = ar_printf(fe->a, "cooperative_groups::plus<%s>()", vtype);
        helper_args = ar_printf(fe->a, "%s, %s, %s, %s, %s", wv->name, wm, NM(TID), NM(NT), fo);
        break;
    }
    default: helper_args = ar_printf(fe->a, "%s, %s, %s, %s", wv->name, wm, NM(TID), NM(NT)); break;
    }
    ir_seq_push(fe->a, seq, warp_barrier(L, loc, 1));
    if (!ret && op->kind != W_MATCH_ALL) return seq;
    const char *value = ar_printf(fe->a, "%s(%s)", helper, helper_args);
    /* a group's ballot and match name its lanes from its first one */
    if ((op->kind == W_BALLOT || op->kind == W_MATCH_ANY || op->kind == W_MATCH_ALL) && tile)
        value = ar_printf(fe->a, "%s(%s, %s, %d)", NM(TILE_BITS), value, NM(TID), w->width);
    if ((op->kind == W_BALLOT || op->kind == W_MATCH_ANY || op->kind == W_MATCH_ALL) && coalesced)
        value = ar_printf(fe->a, "%s(%s, %s[%s])", NM(COALESCED_BITS), value, wm, NM(TID));
    /* a partition: the parent's lanes that hold the caller's label */
    if (op->kind == W_COALESCED || op->kind == W_PARTITION) value = ar_printf(fe->a, "cooperative_groups::%s(%s, %s)", NM(COALESCED_GROUP), value, NM(TID));
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

/* A lambda written in the call: 1 when its captures are `&`, `=`, `x` or
 * `&x` and it is not mutable, so that it may capture everything by
 * reference (it lives only for the call, and nothing it captured changes
 * meanwhile); -1 for another lambda; 0 when fn is not one. */
static int lambda_in_place(Lower *L, CXCursor fn)
{
    Fe *fe = L->fe;
    CXCursor lam = fe_strip(fn);
    if (clang_getCursorKind(lam) != CXCursor_LambdaExpr) return 0;
    unsigned b, e;
    fe_range(fe, lam, &b, &e);
    int open = fe_tok_at(fe, b), close = open < fe->ntoks && fe_tok_is(fe, open, "[") ? fe_tok_match(fe, open) : -1;
    if (close < 0) return -1;
    for (int i = open + 1; i < close; i++) {
        int amp = fe_tok_is(fe, i, "&");
        if (amp && (i + 1 == close || fe_tok_is(fe, i + 1, ","))) { i++; continue; }
        if (fe_tok_is(fe, i, "=") && (i + 1 == close || fe_tok_is(fe, i + 1, ","))) { i++; continue; }
        int id = i + amp;
        if (id >= close || fe_tok_is(fe, id, "this") || fe_tok_is(fe, id, "*") || fe_tok_is(fe, id, "=") ||
            fe_tok_is(fe, id, "&"))
            return -1;
        if (id + 1 != close && !fe_tok_is(fe, id + 1, ",")) return -1;   /* an init-capture, a pack */
        i = id + 1;
    }
    /* `mutable` between the parameters and the body */
    for (int i = close + 1; i < fe->ntoks && fe->toks[i].b < e && !fe_tok_is(fe, i, "{"); i++)
        if (fe_tok_is(fe, i, "mutable")) return -1;
    return 1;
}

/* cg::reduce(g, v, [&](T a, T b) { ... }) and the scans: the lambda is the
 * operator, made again after the barrier with its captures by reference
 * (the thread's locals it names are kept across the barrier as any are),
 * or a closure variable, named there:
 *   BARRIER (warp, kept)
 *   DECL ret = cucpu_cg_reduce(cucpu_wv_N, cucpu_wm_N, cucpu_tid, cucpu_nt, [&](T a, T b) { ... }) */
static IrStmt *lambda_op(Lower *L, IrStmt *seq, CXCursor fn, const char *call, IrVar *ret, SrcLoc loc)
{
    Fe *fe = L->fe;
    ir_seq_push(fe->a, seq, warp_barrier(L, loc, 1));
    IrStmt *post = ret ? warp_result(L, ret, loc) : ir_stmt(fe->a, IR_TEXT, loc);
    IrRange *r = ret ? &post->u.decl.init : &post->u.text.r;
    expr_range(L, fn, r);
    r->unknown_read = 1;
    r->tid_text = 1;
    range_replace(L, r, r->begin, r->begin, ret ? call : ar_printf(fe->a, "(void)%s", call));
    range_replace(L, r, r->end, r->end, ret ? ")" : ");");
    r->terminated = !ret;   /* the lambda's `}` is not the statement's end */
    ir_seq_push(fe->a, seq, post);
    return seq;
}

/* Inserts `text` in place of [b, e) of r (an insertion when b == e). */
void range_replace(Lower *L, IrRange *r, unsigned b, unsigned e, const char *text)
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
 * warp-synchronous code writes (`v[tid] += v[tid + 16];`), or one that reads
 * another element of the memory it stores to (exchange.c). On the GPU the
 * warp's lanes run it in lock step: every lane reads before any lane
 * writes, and every lane has written before the next statement reads. So:
 *   BARRIER (warp)               (the statements before have run in every lane:
 *                                 `s[t] += s[t + 32]; s[t] += s[t + 16];`
 *                                 whose first needs no lock step, exchange.c)
 *   DECL cucpu_lk_N = value      (the right-hand side, or `lhs op (rhs)`;
 *                                 a class's operator op= on a copy of lhs)
 *   BARRIER (warp)  lhs = cucpu_lk_N;  BARRIER (warp) */
/* The type of the stored lvalue; in a template, where clang leaves
 * `this->buf[i]` dependent, the element type of the array's declaration
 * (`float buf[N]`: float), one dimension per subscript. */
static CXType lockstep_type(CXCursor lhs)
{
    CXType t = clang_getCursorType(lhs);
    if (t.kind != CXType_Dependent && t.kind != CXType_Unexposed) return t;
    int dims = 0;
    CXCursor c = fe_strip(lhs);
    while (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr) {
        dims++;
        c = fe_strip(fe_child(c, 0));
    }
    enum CXCursorKind k = clang_getCursorKind(c);
    if (!dims || (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr)) return t;
    CXType a = clang_getCursorType(clang_getCursorReferenced(c));
    for (int i = 0; i < dims; i++) {
        if (a.kind == CXType_Pointer) a = clang_getPointeeType(a);
        else a = clang_getArrayElementType(a);
    }
    return a;
}

#define LOCKSTEP_MACRO "this store runs in lock step over the warp (other lanes read the memory it writes), " \
                       "but its operator comes from a macro, which cucpu cannot split; write the statement out"

IrStmt *lower_lockstep(Lower *L, CXCursor e)
{
    Fe *fe = L->fe;
    SrcLoc loc = fe_loc(fe, e);
    CXCursor lhs = fe_store_target(e);
    IrStmt *seq = ir_stmt(fe->a, IR_SEQ, loc);
    seq->has_barrier = 1;
    L->k->nwarp_ops++;
    CXType lt = lockstep_type(lhs);
    if (lt.kind == CXType_Invalid || lt.kind == CXType_Dependent) {
        diag_error(loc, "this store runs in lock step over the warp (other lanes read the memory it writes), "
                   "but cucpu cannot name the type of what it stores in this template");
        return seq;
    }
    IrVar *tmp = exchange_var(L, ar_printf(fe->a, "%s%d", NM(LK_), L->ntemps++), type_name(L, lt), loc);
    IrStmt *d = ir_stmt(fe->a, IR_DECL, loc);
    d->u.decl.var = tmp;
    d->u.decl.has_init = 1;
    d->u.decl.assign_only = 1;
    tmp->decl = d;
    unsigned lb, le, eb, ee;
    fe_range(fe, lhs, &lb, &le);
    fe_range(fe, e, &eb, &ee);
    enum CXCursorKind k = clang_getCursorKind(e);
    const char *cop = fe_assign_operator(e);
    /* the parts are printed from their own ranges, so each must be written
     * apart: not one macro's expansion, whose range is the whole statement */
    unsigned rb = ee, re = ee;
    if (k != CXCursor_UnaryOperator) fe_range(fe, cop ? clang_Cursor_getArgument(e, 1) : fe_child(e, 1), &rb, &re);
    if (lb >= le || (lb <= eb && le >= ee) || le > rb || (k != CXCursor_UnaryOperator && rb >= re)) {
        diag_error(loc, LOCKSTEP_MACRO);
        return seq;
    }
    L->in_lockstep = 1;
    L->lockstep_store = e;
    if (cop && !strcmp(cop, "=")) {
        /* a class's operator=: the value is the right-hand side */
        expr_range(L, clang_Cursor_getArgument(e, 1), &d->u.decl.init);
    } else if (cop) {
        /* a class's `lhs op= rhs` (whose `op` may not exist, as with
         * float3's operator+= in helper_math.h): on a copy,
         *   [&] { auto v = lhs; v op= rhs; return v; }() */
        expr_range(L, e, &d->u.decl.init);
        int t = fe_tok_at(fe, le);
        if (!fe_tok_is(fe, t, cop)) {
            diag_error(loc, LOCKSTEP_MACRO);
            L->in_lockstep = 0;
            return seq;
        }
        range_replace(L, &d->u.decl.init, eb, eb, ar_printf(fe->a, "[&] { auto %s = ", NM(LK_VAL)));
        range_replace(L, &d->u.decl.init, fe->toks[t].b, fe->toks[t].b, ar_printf(fe->a, "; %s ", NM(LK_VAL)));
        range_replace(L, &d->u.decl.init, ee, ee, ar_printf(fe->a, "; return %s; }()", NM(LK_VAL)));
    } else if (k == CXCursor_BinaryOperator) {
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
            diag_error(loc, LOCKSTEP_MACRO);
            L->in_lockstep = 0;
            return seq;
        }
        range_replace(L, &d->u.decl.init, fe->toks[t].b, fe->toks[t].e, rep);
        range_replace(L, &d->u.decl.init, ee, ee, ")");
    }
    ir_seq_push(fe->a, seq, warp_barrier(L, loc, 1));
    ir_seq_push(fe->a, seq, d);
    ir_seq_push(fe->a, seq, warp_barrier(L, loc, 1));
    IrStmt *st = ir_stmt(fe->a, IR_TEXT, loc);
    expr_range(L, lhs, &st->u.text.r);
    st->u.text.r.unknown_write = 1;
    st->u.text.r.tid_text = 1;
    L->in_lockstep = 0;
    range_replace(L, &st->u.text.r, le, le, ar_printf(fe->a, " = %s[%s]", tmp->name, NM(TID)));
    ir_seq_push(fe->a, seq, st);
    ir_seq_push(fe->a, seq, warp_barrier(L, loc, 1));
    return seq;
}
