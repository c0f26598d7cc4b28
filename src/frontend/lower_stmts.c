/*
 * lower_stmts.c: if, for, while, do and declarations that hold barriers.
 * Part of the lowering of a kernel body (lower.h).
 */
#include <stdlib.h>
#include <string.h>
#include "lower.h"
#include "ir/expr.h"

/* ---- statements ------------------------------------------------------------------------ */

typedef struct BarrierQuery { Lower *L; Fe *fe; int found; } BarrierQuery;

int inlines(const Lower *L, const FeFunc *f)
{
    return f && (f->has_barrier || (L->alt && f->has_loop));
}

static enum CXChildVisitResult find_barrier(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    BarrierQuery *q = d;
    if (clang_getCursorKind(c) == CXCursor_CallExpr) {
        FeFunc *f = fe_callee(q->fe, c);
        if (fe_is_sync_call(c) || is_warp_call(q->L, c) || fe_is_barrier_call(q->fe, c) || inlines(q->L, f)) {
            q->found = 1;
            return CXChildVisit_Break;
        }
    }
    /* the alternative lowering keeps an inlined loop function's loop */
    if (q->L->alt && q->L->depth > 0 && clang_getCursorKind(c) == CXCursor_ForStmt) {
        q->found = 1;
        return CXChildVisit_Break;
    }
    if (!clang_Cursor_isNull(parent) && fe_is_lockstep_stmt(q->fe, c, parent)) {
        q->found = 1;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* Whether c contains a barrier: __syncthreads, a warp primitive, a call of
 * a function with one, or a lock-step store (c itself when it is one). */
int has_barrier(Lower *L, CXCursor c)
{
    BarrierQuery q = { L, L->fe, fe_is_lockstep(L->fe, c) };
    if (!q.found) find_barrier(c, clang_getNullCursor(), &q);
    if (!q.found) clang_visitChildren(c, find_barrier, &q);
    return q.found;
}


/* The children of a cursor, however many (a declaration may have any
 * number of declarators). */


typedef struct KidsQuery { Arena *a; Kids *k; } KidsQuery;

static enum CXChildVisitResult collect_kid(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    KidsQuery *q = d;
    cv_push(q->a, q->k, c);
    return CXChildVisit_Continue;
}

Kids kids_of(Lower *L, CXCursor c)
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

void expr_range(Lower *L, CXCursor c, IrRange *r)
{
    unsigned b, e;
    fe_range(L->fe, c, &b, &e);
    scan_range(L, c, b, e, r);
    r->expr = expr_of(L, c);
}



int contains(CXCursor outer, CXCursor inner, Fe *fe)
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
    r->spelled = fe_tok_spelling(fe, b, e);
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
IrStmt *lower_if(Lower *L, CXCursor c)
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

int new_loop(Lower *L) { return L->k->nloops++; }

/* Ends seq, a loop's body, with `if (test's cond) body else break;`. */
static void test_or_break(Lower *L, IrStmt *seq, IrStmt *test, IrStmt *loop, CXCursor body)
{
    Fe *fe = L->fe;
    test->u.ifs.then = lower_body(L, body);
    test->u.ifs.els = ir_stmt(fe->a, IR_SEQ, test->loc);
    IrStmt *brk = ir_stmt(fe->a, IR_BREAK, test->loc);
    brk->u.jump.loop = loop->u.loop.id;
    ir_seq_push(fe->a, test->u.ifs.els, brk);
    test->has_barrier = 1;
    ir_seq_push(fe->a, seq, test);
    seq->has_barrier = 1;
}

/* The body of a loop whose condition declares v: { DECL v = e; if (v) body else break; } */
static IrStmt *condvar_body(Lower *L, IrStmt *loop, CXCursor condvar, CXCursor body)
{
    Fe *fe = L->fe;
    IrStmt *seq = ir_stmt(fe->a, IR_SEQ, fe_loc(fe, condvar));
    seq->u.seq.scope = 1;
    IrStmt *test = ir_stmt(fe->a, IR_IF, fe_loc(fe, condvar));
    ir_seq_push(fe->a, seq, lower_condvar(L, condvar, &test->u.ifs.cond));
    test_or_break(L, seq, test, loop, body);
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
    test_or_break(L, seq, test, loop, body);
    loop->u.loop.cond = (IrRange){ .lit = "1" };
    loop->u.loop.has_cond = loop->kind != IR_FOR;
    return seq;
}

/* for (init; cond; inc) body */
IrStmt *lower_for(Lower *L, CXCursor c)
{
    Fe *fe = L->fe;
    IrStmt *s = ir_stmt(fe->a, IR_FOR, fe_loc(fe, c));
    Parts p;
    if (!parts_of(L, c, &p)) { header_error(L, c, "for"); return NULL; }
    /* a loop of shuffles that folds a warp: all its steps at once */
    IrStmt *tree = lower_warp_tree(L, c, &p);
    if (tree) return tree;
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
IrStmt *lower_while(Lower *L, CXCursor c, IrStmtKind kind)
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
/* The lambda an initializer is (through implicit conversions), or null. */
static CXCursor lambda_of(CXCursor e)
{
    while (clang_getCursorKind(e) != CXCursor_LambdaExpr) {
        enum CXCursorKind k = clang_getCursorKind(e);
        if ((k != CXCursor_UnexposedExpr && k != CXCursor_CallExpr) || fe_nchildren(e) != 1) return clang_getNullCursor();
        e = fe_child(e, 0);
    }
    return e;
}

/* 1 when lambda l captures something by value: its introducer names `=`,
 * a variable without `&`, or `*this` (read by token). */
static int lambda_copies(Fe *fe, CXCursor l)
{
    unsigned b, e;
    fe_range(fe, l, &b, &e);
    int open = fe_tok_at(fe, b);
    if (!fe_tok_is(fe, open, "[")) return 1;
    int close = fe_tok_match(fe, open);
    if (close < 0) return 1;
    for (int i = open + 1; i < close; i++) {
        if (fe_tok_is(fe, i, "&") || fe_tok_is(fe, i, "this")) {
            /* by reference (or the pointer this): skip to the next item */
        } else {
            return 1;
        }
        int depth = 0;
        while (i + 1 < close && (depth || !fe_tok_is(fe, i + 1, ","))) {
            if (fe_tok_is(fe, i + 1, "(") || fe_tok_is(fe, i + 1, "[") || fe_tok_is(fe, i + 1, "{")) depth++;
            if (fe_tok_is(fe, i + 1, ")") || fe_tok_is(fe, i + 1, "]") || fe_tok_is(fe, i + 1, "}")) depth--;
            i++;
        }
        i++;   /* the comma */
    }
    return 0;
}

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
            r->spelled = fe_tok_spelling(fe, nb, ne);
            r->var = v;
            pv_push(fe->a, &s->u.decl.decl.refs, r);
            IrRange *dr = &s->u.decl.decl;
            if (dr->refs.n > 1) qsort(dr->refs.v, (size_t)dr->refs.n, sizeof(void *), cmp_ref);
        }
    }
    if (ib && direct) {
        /* clang's extent of `T x(e)` ends with e: the initializer runs to
         * its `)` (or `}`) */
        int close = fe_tok_match(fe, fe_tok_at(fe, ib));
        if (close >= 0 && fe->toks[close].e > de) de = fe->toks[close].e;
    }
    if (ib) {
        s->u.decl.has_init = 1;
        s->u.decl.direct_init = direct;
        s->u.decl.list_init = fe_tok_is(fe, fe_tok_at(fe, ib), "{");
        scan_range(L, d, ib, de, &s->u.decl.init);
        if (dk.n) {
            s->u.decl.init.expr = expr_of(L, last);
            v->def = ir_expr_idx(fe->a, s->u.decl.init.expr);
        }
        CXCursor lambda = dk.n ? lambda_of(last) : clang_getNullCursor();
        if (!clang_Cursor_isNull(lambda)) {
            v->flags |= IRV_LAMBDA;
            v->type = "auto";   /* a closure type has no name to declare it again by */
            if (lambda_copies(fe, lambda)) v->flags |= IRV_LAMBDA_COPIES;
        }
        if (clang_getCursorType(d).kind == CXType_LValueReference || clang_getCursorType(d).kind == CXType_RValueReference)
            for (int i = 0; i < s->u.decl.init.refs.n; i++) {
                IrRef *f = s->u.decl.init.refs.v[i];
                if (f->kind == REF_VAR) f->var->flags |= IRV_ALIASED;   /* `T &r = v;` */
            }
    }
    pv_push(fe->a, &seq->u.seq.list, s);
    return s;
}

/* `typedef U N;` / `using N = U;` in a kernel with barriers (the idiom
 * `typedef cub::BlockReduce<float, 128> BR;`): no statement, since the
 * body is split into thread loops and the shared declarations move to the
 * launcher's region. Every later use of N prints as U instead, as a
 * template parameter of an inlined function does (a TSubst: by cursor in
 * the text, by name in the types of variables). */
static void local_typedef(Lower *L, CXCursor d)
{
    Fe *fe = L->fe;
    TSubst *ts = ar_alloc(fe->a, sizeof *ts);
    ts->param = d;
    ts->name = fe_name(fe, d);
    ts->text = subst_type(L, fe_cxstr(fe, clang_getTypeSpelling(clang_getTypedefDeclUnderlyingType(d))));
    pv_push(fe->a, &L->tsubst, ts);
}

/* `namespace N = a::b;` in a kernel with barriers (HeCBench's
 * `namespace cg = cooperative_groups;`): no statement either, for the same
 * reason as local_typedef; each later `N::` names the namespace by its full
 * name, `::a::b` (a TSubst: by cursor in the text, by name in types). */
static void local_namespace_alias(Lower *L, CXCursor d)
{
    Fe *fe = L->fe;
    int n = fe_nchildren(d);
    CXCursor ns = n ? clang_getCursorReferenced(fe_child(d, n - 1)) : clang_getNullCursor();
    const char *text = clang_Cursor_isNull(ns) ? NULL : tsubst_of(L, ns);   /* an alias of an alias */
    if (!text && !clang_Cursor_isNull(ns)) {
        text = "";
        for (CXCursor p = ns; clang_getCursorKind(p) == CXCursor_Namespace || clang_getCursorKind(p) == CXCursor_NamespaceAlias;
             p = clang_getCursorSemanticParent(p)) {
            const char *name = fe_name(fe, p);
            if (!*name) { text = NULL; break; }   /* an anonymous namespace has no name to write */
            text = ar_printf(fe->a, "::%s%s", name, text);
        }
    }
    if (!text || !*text) {
        diag_error(fe_loc(fe, d), "this namespace alias inside a kernel with __syncthreads() is not supported");
        return;
    }
    TSubst *ts = ar_alloc(fe->a, sizeof *ts);
    ts->param = d;
    ts->name = fe_name(fe, d);
    ts->text = text;
    pv_push(fe->a, &L->tsubst, ts);
}

/* T a = e, b; -> DECL a (e); DECL b */
IrStmt *lower_decl(Lower *L, CXCursor c)
{
    Fe *fe = L->fe;
    Kids k = kids_of(L, c);
    IrStmt *seq = ir_stmt(fe->a, IR_SEQ, fe_loc(fe, c));
    unsigned sb, se;
    fe_range(fe, c, &sb, &se);
    se = fe_stmt_end(fe, se);
    for (int i = 0; i < k.n; i++) {
        CXCursor d = k.v[i];
        if (clang_getCursorKind(d) == CXCursor_TypedefDecl || clang_getCursorKind(d) == CXCursor_TypeAliasDecl) {
            local_typedef(L, d);
            continue;
        }
        /* clang has already checked it (at instantiation in a template);
         * it has no run-time effect, so there is nothing to place */
        if (clang_getCursorKind(d) == CXCursor_StaticAssert) continue;
        if (clang_getCursorKind(d) == CXCursor_NamespaceAlias) {
            local_namespace_alias(L, d);
            continue;
        }
        if (clang_getCursorKind(d) != CXCursor_VarDecl) {
            diag_error(fe_loc(fe, d), "this declaration inside a kernel with __syncthreads() is not supported");
            continue;
        }
        if (fe_has_attr(d, CXCursor_CUDASharedAttr)) { shared_var(L, d); continue; }
        lower_var(L, d, seq, k.n == 1 ? sb : 0, k.n == 1 ? se : 0);
    }
    return seq->u.seq.list.n ? seq : NULL;    /* only __shared__: nothing left here */
}
