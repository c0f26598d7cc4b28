/*
 * lower_scan.c: leaves: a statement's text range and the refs inside it.
 * Part of the lowering of a kernel body (lower.h).
 */
#include <stdlib.h>
#include <string.h>
#include "lower.h"
#include "ir/expr.h"

/* ---- scanning leaves for refs --------------------------------------------------- */



void cv_push(Arena *a, CurVec *cv, CXCursor c)
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



IrRef *add_ref(Scan *s, IrRefKind k, unsigned b, unsigned e)
{
    IrRef *ref = ar_alloc(s->L->fe->a, sizeof *ref);
    ref->kind = k;
    ref->begin = b;
    ref->end = e;
    if (k == REF_VAR) ref->spelled = fe_tok_spelling(s->L->fe, b, e);
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

/* An inlined function's non-const reference parameter becomes a pointer to
 * its argument (`p = &(x)`, printed from the binding, never scanned as a
 * store): x may be written through it by each thread, so it is written,
 * its address taken and its value per thread, like `&x` in the source. */
void note_reference_bind(Lower *L, CXCursor arg)
{
    CXCursor base = lvalue_base(arg);
    if (clang_Cursor_isNull(base)) return;
    IrVar *v = lookup(L, clang_getCursorReferenced(base));
    if (v) v->flags |= IRV_WRITTEN | IRV_ADDRTAKEN | IRV_VARYING;
}

/* Remembers the variable that assignment or increment c stores into. */
/* Whether c is the lock-step store whose value is being scanned: `lhs op
 * (rhs)` only reads lhs (lower_lockstep). */
static int lockstep_value(Scan *s, CXCursor c)
{
    return s->L->in_lockstep && same_node(c, s->L->lockstep_store);
}

static void note_store(Scan *s, CXCursor c)
{
    if (lockstep_value(s, c)) return;
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
    if (!fe_is_assign_operator_call(c) || clang_Cursor_getNumArguments(c) < 1 || lockstep_value(s, c)) return;
    CXCursor lhs = clang_Cursor_getArgument(c, 0);
    CXCursor target = lvalue_base(lhs);
    if (!clang_Cursor_isNull(target)) cv_push(s->L->fe->a, &s->writes, target);
    cv_push(s->L->fe->a, &s->stores, fe_strip(lhs));
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
    if (!v && clang_getCursorKind(d) == CXCursor_VarDecl && !fe_has_attr(d, CXCursor_CUDAConstantAttr) &&
        !clang_isConstQualifiedType(clang_getCursorType(d))) {
        /* a __device__ or static variable: memory other threads may read
         * and write, which the effect analysis has no name for (a barrier
         * between its store and a load must stay) */
        s->r->nonlocal = 1;
        if (is_write_use(s, c, parent)) s->r->unknown_write = 1;
        else s->r->unknown_read = 1;
    }
    if (!v) return;
    IrRef *r = add_ref(s, REF_VAR, b, e);
    r->var = v;
    /* spelled in a #define of this file: outside the statement, not rewritable */
    r->in_macro = !spelled || b < s->r->begin || e > s->r->end;
    if (v->flags & IRV_SHARED) shared_use(s, c, v, parent);
    r->is_write = is_write_use(s, c, parent);
    if (r->is_write) v->flags |= IRV_WRITTEN;
    if (s->in_lambda) v->flags |= IRV_ALIASED;
    for (int i = 0; i < s->copies.n; i++)
        if (s->copies.v[i] == v) r->copied = 1;
    if (r->is_write && clang_getCursorKind(parent) == CXCursor_UnaryOperator &&
        clang_getCursorUnaryOperatorKind(parent) == CXUnaryOperator_AddrOf)
        v->flags |= IRV_ADDRTAKEN | IRV_VARYING;
}


/* A __shared__ variable named outside a subscript the analysis recorded:
 * a scalar is an access without indices; an array whose address escapes
 * (s + i, f(s)) is an access at an unknown index (nidx -1). */
void shared_use(Scan *s, CXCursor c, IrVar *v, CXCursor parent)
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

void scan_call(Scan *s, CXCursor c)
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
    int warp = is_warp_call(L, c);
    if (warp || inlines(L, f)) {
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
    /* a lambda, or another object's operator() the front end does not
     * know: its body may read and write whatever it captured or points to
     * (a lambda reading __shared__ memory after a barrier) */
    CXCursor callee = clang_getCursorReferenced(c);
    int callable = !f && clang_getCursorKind(callee) == CXCursor_CXXMethod && !strcmp(n, "operator()");
    /* memcpy, memmove, memset and cg::memcpy_async write through their
     * first pointer (dst), which the accesses do not record as a store */
    int mem_store = !strncmp(n, "memcpy", 6) || !strncmp(n, "memmove", 7) || !strncmp(n, "memset", 6);
    if (!strncmp(n, "atomic", 6) || !strncmp(n, "__threadfence", 13) || (f && f->writes_memory) || mem_store ||
        (!f && fe_call_unknown(c)) || callable)
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

int find_loop(Lower *L, int want_switch_ok)
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

void push_loop(Lower *L, int id, int barrier, int is_switch)
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

/* The kernel variable a lambda's capture names at token offset b, or NULL
 * (captures are the lambda's VariableRef children). */
static IrVar *capture_var(Scan *s, CXCursor lambda, unsigned b)
{
    Kids k = kids_of(s->L, lambda);
    for (int i = 0; i < k.n; i++) {
        unsigned kb, ke;
        if (clang_getCursorKind(k.v[i]) != CXCursor_VariableRef) continue;
        fe_range(s->L->fe, k.v[i], &kb, &ke);
        if (kb == b) return lookup(s->L, clang_getCursorReferenced(k.v[i]));
    }
    return NULL;
}

/* A lambda in a kernel without a capture default: `[&r, n]` becomes
 * `[&, n]`, `[]` becomes `[&]`. Its body may name what the translation
 * makes locals of the launcher (threadIdx, the per-thread index cucpu_tid
 * of a variable kept across a barrier, `r[cucpu_tid]`), which CUDA's
 * globals needed no capture for. By-copy and init captures stay. A
 * capture `v` of a kernel variable is a REF_VAR (capture): when v is kept
 * per thread, it copies this thread's value (`v = v[cucpu_tid]`), and the
 * body's uses of v (copied) read that copy. */
static unsigned capture_by_default(Scan *s, CXCursor c)
{
    Fe *fe = s->L->fe;
    unsigned b, e;
    if (!fe_plain_range(fe, c, &b, &e)) return 0;
    int open = fe_tok_at(fe, b);
    if (open >= fe->ntoks || fe->toks[open].b != b || !fe_tok_is(fe, open, "[")) return 0;
    int close = fe_tok_match(fe, open);
    if (close < 0) return 0;
    if (s->L->lambda_by_ref) {
        /* the operator of a group's reduce or scan (lower_warp.c): made
         * again after the exchange, it reads what it captured then */
        s->L->lambda_by_ref = 0;
        add_ref(s, REF_REPLACE, b, fe->toks[close].e)->text = "[&]";
        return fe->toks[close].e;
    }
    const char *out = "[&";
    unsigned seg = b;            /* the text from seg on prints as out */
    PtrVec vars = { 0 };
    for (int i = open + 1; i < close;) {
        int j = i, depth = 0;           /* one capture: tokens [i, j) */
        for (; j < close && (depth || !fe_tok_is(fe, j, ",")); j++) {
            if (fe_tok_is(fe, j, "(") || fe_tok_is(fe, j, "[") || fe_tok_is(fe, j, "{")) depth++;
            if (fe_tok_is(fe, j, ")") || fe_tok_is(fe, j, "]") || fe_tok_is(fe, j, "}")) depth--;
        }
        int n = j - i;
        if (n == 1 && (fe_tok_is(fe, i, "&") || fe_tok_is(fe, i, "="))) {  /* a default already */
            return 0;
        }
        int by_ref = fe_tok_is(fe, i, "&") && (n == 2 || (n == 3 && fe_tok_is(fe, i + 2, "...")));
        IrVar *v = !by_ref && n == 1 ? capture_var(s, c, fe->toks[i].b) : NULL;
        if (v) {
            pv_push(fe->a, &vars, v);
            add_ref(s, REF_REPLACE, seg, fe->toks[i].b)->text = ar_printf(fe->a, "%s, ", out);
            IrRef *r = add_ref(s, REF_VAR, fe->toks[i].b, fe->toks[i].e);
            r->var = v;
            r->capture = 1;
            out = "";
            seg = fe->toks[i].e;
        } else if (!by_ref)
            out = ar_printf(fe->a, "%s, %.*s", out, (int)(fe->toks[j - 1].e - fe->toks[i].b), fe->src->text + fe->toks[i].b);
        i = j + 1;
    }
    add_ref(s, REF_REPLACE, seg, fe->toks[close].e)->text = ar_printf(fe->a, "%s]", out);
    for (int i = 0; i < vars.n; i++) pv_push(fe->a, &s->copies, vars.v[i]);
    return 0;
}

/* A store the lanes of a warp must run in lock step (fe_is_lockstep) where
 * it is not a statement of its own, which lower_lockstep alone makes lock
 * step: the GPU's result is not assured, so say which line. */
static void lockstep_in_place(Scan *s, CXCursor c)
{
    Lower *L = s->L;
    if (L->in_lockstep || !fe_is_lockstep(L->fe, c)) return;
    if (!fe_is_exchange(L->fe, c))
        diag_warning(fe_loc(L->fe, c), "this store to volatile memory is not run in lock step by the lanes of a warp; "
                     "if other lanes read it without a barrier (warp-synchronous code), make it a statement of its own");
    else
        diag_warning(fe_loc(L->fe, c), "this store reads another element of the memory it writes, with no barrier between, "
                     "but is not run in lock step by the lanes of a warp as on the GPU; make it a statement of its own");
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

/* `clock()` -> `cucpu_clock()` (shifts.c). */
static void gpu_clock(Scan *s, CXCursor c)
{
    unsigned b, e;
    if (fe_gpu_clock(s->L->fe, c, &b, &e)) add_ref(s, REF_REPLACE, b, e)->text = NM(CLOCK);
}

/* `(int)f` -> `(int)__float2int_rz(f)` and the like (shifts.c). */
static void gpu_f2i(Scan *s, CXCursor c)
{
    unsigned b, e;
    const char *fn;
    if (!fe_gpu_f2i(s->L->fe, c, &b, &e, &fn)) return;
    add_ref(s, REF_REPLACE, b, b)->text = fn;
    add_ref(s, REF_REPLACE, e, e)->text = ")";
}

static enum CXChildVisitResult scan_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    Scan *s = d;
    Lower *L = s->L;
    switch (clang_getCursorKind(c)) {
    case CXCursor_UnaryOperator: case CXCursor_BinaryOperator: case CXCursor_CompoundAssignOperator:
        lockstep_in_place(s, c);
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
    case CXCursor_NamespaceRef: {   /* a namespace alias local to the kernel (local_namespace_alias) */
        const char *t = tsubst_of(L, clang_getCursorReferenced(c));
        unsigned b, e;
        if (t && fe_spelled_range(L->fe, c, &b, &e)) add_ref(s, REF_REPLACE, b, e)->text = t;
        break;
    }
    case CXCursor_TemplateRef: class_name_ref(s, c, 2); break;
    case CXCursor_UnexposedExpr: case CXCursor_CStyleCastExpr: case CXCursor_CXXStaticCastExpr:
    case CXCursor_CXXFunctionalCastExpr:
        gpu_f2i(s, c);
        break;
    case CXCursor_OverloadedDeclRef:
        if (L->this_var && implicit_member_call(L, c)) object_use(s, c, 0);
        break;
    case CXCursor_CXXThisExpr:
        if (L->this_var) object_use(s, c, 1);
        break;
    case CXCursor_CallExpr:
        lockstep_in_place(s, c);
        note_operator_store(s, c);
        gpu_clock(s, c);
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
    case CXCursor_LambdaExpr: {
        /* variable uses inside are ours to rewrite; its return, break and
         * continue belong to the lambda */
        int ncopies = s->copies.n;
        unsigned intro = capture_by_default(s, c);
        s->in_lambda++;
        if (intro) {
            Kids k = kids_of(L, c);
            for (int i = 0; i < k.n; i++) {
                unsigned kb, ke;
                fe_range(L->fe, k.v[i], &kb, &ke);
                if (kb >= intro && scan_visit(k.v[i], c, s) == CXChildVisit_Recurse) scan_children(s, k.v[i]);
            }
        } else
            scan_children(s, c);
        s->in_lambda--;
        s->copies.n = ncopies;
        return CXChildVisit_Continue;
    }
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

int cmp_ref(const void *a, const void *b)
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
void scan_range(Lower *L, CXCursor c, unsigned b, unsigned e, IrRange *r)
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

void scan_more(Lower *L, CXCursor c, IrRange *r)
{
    Scan s = { .L = L, .r = r };
    if (scan_visit(c, clang_getNullCursor(), &s) == CXChildVisit_Recurse) scan_children(&s, c);
    if (r->refs.n > 1) qsort(r->refs.v, (size_t)r->refs.n, sizeof(void *), cmp_ref);
}

/* `{ F = c; ...}`: the assignment `F = c` (c an integer or bool literal,
 * F a kernel variable) that opens the compound statement, or NULL; *end:
 * past its `;`. */
static IrExpr *flag_set(Lower *L, CXCursor then, unsigned *end)
{
    if (clang_getCursorKind(then) != CXCursor_CompoundStmt || fe_nchildren(then) < 1) return NULL;
    CXCursor first = fe_child(then, 0);
    IrExpr *e = expr_of(L, first);
    if (!e || e->kind != EX_ASSIGN || e->op != OP_ASSIGN || e->nkids != 2) return NULL;
    const IrExpr *v = e->kids[0], *c = ir_expr_bare(e->kids[1]);
    if (v->kind != EX_VAR || c->kind != EX_INT || !c->has_value) return NULL;
    unsigned b;
    fe_range(L->fe, first, &b, end);
    *end = fe_stmt_end(L->fe, *end);
    return e;
}

/* `if (C) return;` or `if (C) S` (no else) as an IrGuard, or NULL; for
 * `if (F) S` a guard with flag_test and no comparisons. */
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
    /* C: comparisons joined by || (exit) or && */
    g->cond = expr_of(L, fe_child(c, 0));
    if (!ir_expr_compares(L->fe->a, g->cond, g->exit ? OP_LOR : OP_LAND, &g->cmps)) {
        /* `if (F) S`, a flag's test (flags.c); never a bound */
        if (g->exit || ir_expr_bare(g->cond)->kind != EX_VAR) return NULL;
        g->flag_test = 1;
        return g;
    }
    if (!g->exit) g->sets = flag_set(L, then, &g->sets_end);
    return g;
}

/* `if (C) S` without else, whatever C is: C's tree and S's range (for
 * passes that evaluate C per thread, passes/lanes.c). */
static IrGuard *when_of(Lower *L, CXCursor c)
{
    if (clang_getCursorKind(c) != CXCursor_IfStmt || fe_nchildren(c) != 2) return NULL;
    IrGuard *g = ar_alloc(L->fe->a, sizeof *g);
    CXCursor then = fe_child(c, 1);
    fe_range(L->fe, then, &g->then_begin, &g->then_end);
    g->then_end = fe_stmt_end(L->fe, g->then_end);
    g->then_loc = fe_loc_at(L->fe, g->then_begin);
    g->cond = expr_of(L, fe_child(c, 0));
    return g->cond ? g : NULL;
}

/* Scans a whole statement cursor into a TEXT leaf. */
IrStmt *text_leaf(Lower *L, CXCursor c)
{
    unsigned b, e;
    fe_range(L->fe, c, &b, &e);
    IrStmt *s = ir_stmt(L->fe->a, IR_TEXT, fe_loc(L->fe, c));
    scan_range(L, c, b, fe_stmt_end(L->fe, e), &s->u.text.r);
    s->u.text.guard = guard_of(L, c);
    s->u.text.when = when_of(L, c);
    return s;
}
