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
#include "lower.h"
#include "ir/expr.h"

IrStmt *lower_expr_stmt(Lower *L, CXCursor c)
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
        g->u.text.r = ir_made_range(ir_expr_call0(fe->a, NM(GRID_SYNC), g->loc), MADE_STMT, g->loc);
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
        int warp = warp_call(L, e, &wc);
        if (warp && wc.coop.kind == COOP_BLOCK_SYNC) {
            /* `g.sync()` of a template whose G is a thread_block */
            IrStmt *s = ir_stmt(fe->a, IR_BARRIER, fe_loc(fe, c));
            s->u.barrier.id = L->k->nbarriers++;
            s->has_barrier = 1;
            return s;
        }
        if (warp) {
            /* its value unused: the arguments' own warp calls first */
            IrStmt *pre = ir_stmt(fe->a, IR_SEQ, fe_loc(fe, c));
            for (int i = 0; i < clang_Cursor_getNumArguments(e); i++) {
                IrStmt *h = hoist_calls(L, clang_Cursor_getArgument(e, i));
                if (h) ir_seq_push(fe->a, pre, h);
            }
            return then_stmt(L, pre, lower_warp(L, e, &wc, NULL));
        }
        if (inlines(L, f)) return lower_inline(L, e, f, NULL);
    }
    if (fe_is_lockstep(fe, e)) return lower_lockstep(L, e);
    IrStmt *pre = hoist_calls(L, c);
    IrStmt *s = text_leaf(L, c);
    s->u.text.r.expr = expr_of(L, c);
    note_assignment(s);
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
        /* the caller's own variable in `v = f(...)`: its initializer must
         * not be recomputed later (privatize.c) */
        L->ret_var->flags |= IRV_WRITTEN;
        d->u.decl.has_init = 1;
        d->u.decl.assign_only = 1;
        expr_range(L, e, &d->u.decl.init);
        ir_seq_push(fe->a, seq, d);
    } else {
        IrStmt *t = text_leaf(L, e);
        t->u.text.r.expr = expr_of(L, e);
        ir_seq_push(fe->a, seq, t);
    }
    IrStmt *j = lower_jump(L, c, IR_RETURN);
    ir_seq_push(fe->a, seq, j);
    return seq;
}

/* `if (c) break;` (no else, no init) leaving a barrier loop, as an IF
 * node (without a barrier): split can then run it once per block when c
 * is the same for every thread. NULL for any other statement. */
static IrStmt *lower_if_break(Lower *L, CXCursor c)
{
    Fe *fe = L->fe;
    if (clang_getCursorKind(c) != CXCursor_IfStmt || fe_nchildren(c) != 2) return NULL;
    CXCursor cond = fe_child(c, 0), then = fe_child(c, 1);
    if (!clang_isExpression(clang_getCursorKind(cond))) return NULL;
    if (clang_getCursorKind(then) == CXCursor_CompoundStmt && fe_nchildren(then) == 1) then = fe_child(then, 0);
    if (clang_getCursorKind(then) != CXCursor_BreakStmt || find_loop(L, 1) < 0) return NULL;
    unsigned b, e;
    FeHeader h;
    fe_range(fe, c, &b, &e);
    if (!fe_stmt_header(fe, b, &h)) return NULL;     /* spelled by a macro */
    IrStmt *s = ir_stmt(fe->a, IR_IF, fe_loc(fe, c));
    expr_range(L, cond, &s->u.ifs.cond);
    s->u.ifs.then = ir_stmt(fe->a, IR_SEQ, fe_loc(fe, then));
    ir_seq_push(fe->a, s->u.ifs.then, lower_jump(L, then, IR_BREAK));
    return s;
}

IrStmt *lower_stmt(Lower *L, CXCursor c)
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
        IrStmt *ib = L->func->has_barrier ? lower_if_break(L, c) : NULL;
        if (ib) return ib;
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

/* How many of the statements k->v[i], k->v[i + 1], ... one macro
 * invocation spells (`BODY;` where BODY expands to `T x = e; if (c) s;`, as
 * HeCBench's kernelLaunch writes): each one's range is the whole invocation
 * (fe_range), so they start at one offset; statements of the text itself
 * never do. *end: the end of the last one's range. */
static int same_invocation(Lower *L, const Kids *k, int i, unsigned *end)
{
    unsigned b0, e;
    fe_range(L->fe, k->v[i], &b0, end);
    int j = i + 1;
    for (unsigned b; j < k->n; j++) {
        fe_range(L->fe, k->v[j], &b, &e);
        if (b != b0) break;
        if (e > *end) *end = e;
    }
    return j - i;
}

static int declares_shared(Lower *L, CXCursor c)
{
    if (clang_getCursorKind(c) != CXCursor_DeclStmt) return 0;
    Kids d = kids_of(L, c);
    for (int i = 0; i < d.n; i++)
        if (fe_has_attr(d.v[i], CXCursor_CUDASharedAttr)) return 1;
    return 0;
}

/* The n statements from k->v[i] that one macro invocation spells, as one
 * TEXT leaf: the invocation is printed once, with the refs of all of them.
 * The variables they declare stay unknown to the IR, so their uses count as
 * memory the analyses have no name for (as the locals of any TEXT leaf's
 * own loops do). NULL, with a diagnostic, when one of them holds a barrier
 * or declares __shared__ memory: those need the statements one by one. */
static IrStmt *invocation_leaf(Lower *L, const Kids *k, int i, int n, unsigned end)
{
    Fe *fe = L->fe;
    for (int j = i; j < i + n; j++)
        if (has_barrier(L, k->v[j]) || declares_shared(L, k->v[j])) {
            diag_error(fe_loc(fe, k->v[j]), "a macro that expands to several statements, one of them with __syncthreads() or a __shared__ declaration, is not supported in a kernel");
            return NULL;
        }
    unsigned b, e;
    fe_range(fe, k->v[i], &b, &e);
    IrStmt *s = ir_stmt(fe->a, IR_TEXT, fe_loc(fe, k->v[i]));
    scan_range(L, k->v[i], b, fe_stmt_end(fe, end), &s->u.text.r);
    for (int j = i + 1; j < i + n; j++) scan_more(L, k->v[j], &s->u.text.r);
    return s;
}

/* { s1; s2; ... } */
IrStmt *lower_compound(Lower *L, CXCursor c, int scope)
{
    IrStmt *seq = ir_stmt(L->fe->a, IR_SEQ, fe_loc(L->fe, c));
    seq->u.seq.scope = scope;
    Kids k = kids_of(L, c);
    for (int i = 0; i < k.n;) {
        unsigned end;
        int n = same_invocation(L, &k, i, &end);
        IrStmt *s = n > 1 ? invocation_leaf(L, &k, i, n, end) : lower_stmt(L, k.v[i]);
        if (s) ir_seq_push(L->fe->a, seq, s);
        i += n;
    }
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
        d->u.decl.init.lit = ar_printf(fe->a, "%s%s", NM(ARG_), v->name);
        pv_push(fe->a, &first->u.seq.list, d);
        /* the first lowering recorded the fact; the alternative shares it */
        if (!L->alt) fe_fact(fe, IRF_PARAM_COPY, v->loc.off, v->loc.off + (unsigned)strlen(v->name))->u.name = v->name;
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

/* A GPU gives a block at most 48 KiB of static __shared__ memory (dynamic
 * shared memory may go beyond with cudaFuncSetAttribute); ptxas rejects a
 * kernel that declares more, and so does cucpu, naming the largest array:
 * the block's copy lives in each OpenMP thread's stack. */
enum { STATIC_SHARED_MAX = 48 * 1024 };

static void check_static_shared(IrKernel *k)
{
    long total = 0;
    const IrVar *largest = NULL;
    for (int i = 0; i < k->vars.n; i++) {
        const IrVar *v = k->vars.v[i];
        if (!(v->flags & IRV_SHARED) || (v->flags & IRV_DYNSHARED)) continue;
        total += v->size;
        if (!largest || v->size > largest->size) largest = v;
    }
    if (total > STATIC_SHARED_MAX)
        diag_error(largest->loc, "kernel '%s' uses too much shared data (%ld bytes, %d max, as ptxas reports); '%s' alone is %ld bytes",
                   k->name, total, STATIC_SHARED_MAX, largest->name, largest->size);
}

static IrKernel *lower_kernel(Fe *fe, FeFunc *f, int alt)
{
    IrKernel *k = ar_alloc(fe->a, sizeof *k);
    k->name = f->name;
    k->src = fe->src;
    k->loc = fe_loc(fe, f->def);
    k->qualified_name = fe_tok_is(fe, fe_tok_at(fe, k->loc.off) - 1, "::");
    k->is_template = clang_getCursorKind(f->def) == CXCursor_FunctionTemplate;
    Lower L = { .fe = fe, .k = k, .ret_loop = -1, .func = f, .alt = alt };
    clang_visitChildren(f->def, bind_param, &L);
    if (!k->body) cucpu_bug(__func__, "kernel %s has no body", f->name);
    copy_written_params(&L);
    rename_inlined(&L);
    settle_trees(k);
    check_static_shared(k);
    /* an `extern __shared__` array of a called __device__ function reads
     * the block's dynamic shared memory through cucpu_dynsmem_tls */
    for (int i = 0; i < f->callees.n; i++)
        if (((FeFunc *)f->callees.v[i])->uses_dynshared) k->uses_dynshared = k->calls_block_storage = 1;
    if (f->dyn_objects) k->uses_dynshared = k->calls_block_storage = 1;
    return k;
}

/* The kernel's per-thread IR; for a kernel that calls a loop function
 * (loopfns.c) also the alternative with those calls inlined. */
IrKernel *fe_lower_kernel(Fe *fe, FeFunc *f)
{
    IrKernel *k = lower_kernel(fe, f, 0);
    if (fe_wants_loop_alt(f)) k->alt = lower_kernel(fe, f, 1);
    return k;
}
