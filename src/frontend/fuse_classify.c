/*
 * fuse_classify.c: the statements of a host loop L, classified (Node, fuse.h):
 * private (every thread runs it), launch, single (the master thread runs
 * it between barriers), a declaration moved before the team, or an
 * if/for/while/do whose header every thread runs around such statements.
 * NULL for a statement that cannot run in a team (fuse.c has the rules).
 */
#include "fuse.h"

static Node *node(Fuse *F, NodeKind k, CXCursor c)
{
    Node *n = ar_alloc(F->fe->a, sizeof *n);
    n->kind = k;
    fe_range(F->fe, c, &n->begin, &n->end);
    n->end = fe_stmt_end(F->fe, n->end);
    return n;
}

/* Arguments of a launch or of its configuration: call and assign nothing. */
static int launch_args_ok(Fuse *F, CXCursor call, Node *n)
{
    int nargs = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < nargs; i++) {
        Facts *f = fuse_facts(F, clang_Cursor_getArgument(call, (unsigned)i));
        if (f->calls || f->launches || f->mem_writes || f->assigned.n || f->jumps) return 0;
        n->reads |= f->reads > 0;
        n->areads |= f->areads > 0;
    }
    return 1;
}

/* Whether the launch's configuration names a stream (`<<<g, b, s, st>>>`):
 * that stream may capture, and a team entry cannot record the launch
 * (codegen/capture.c), so such launches run through their launchers. */
static int names_stream(Fe *fe, CXCursor cfg)
{
    if (clang_Cursor_getNumArguments(cfg) < 4) return 0;
    CXCursor a = clang_Cursor_getArgument(cfg, 3);
    unsigned b, e;
    fe_range(fe, a, &b, &e);
    return e > b && !(clang_getCursorKind(a) == CXCursor_UnexposedExpr && fe_nchildren(a) == 0);
}

/* k<<<g, b>>>(args); with k defined above the loop, written out (not in a
 * macro: those launches are the `->*` form, see indirect.c), on no stream
 * of its own. */
static Node *launch(Fuse *F, CXCursor stmt, CXCursor call)
{
    Fe *fe = F->fe;
    FeFunc *k = fe_func(fe, clang_getCursorReferenced(call));
    if (!k || !k->is_kernel || !k->ir || clang_Cursor_isNull(k->def)) return NULL;
    unsigned db, de, b, e, nb, ne;
    if (!fe_plain_range(fe, call, &b, &e) || names_stream(fe, fe_child(call, 1))) return NULL;
    fe_range(fe, k->def, &db, &de);
    if (de > F->lb) return NULL;
    Node *n = node(F, N_LAUNCH, stmt);
    if (!launch_args_ok(F, fe_child(call, 1), n) || !launch_args_ok(F, call, n)) return NULL;
    CXCursor callee = fe_strip(fe_child(call, 0));
    if (!fe_spelled_range(fe, callee, &nb, &ne) || !fe_tok_is(fe, fe_tok_at(fe, nb), k->name))
        return NULL;
    fe_range(fe, call, &b, &e);
    if (!fe_tok_ends(fe, e, ")")) return NULL;
    n->name = nb;
    n->rparen = e - 1;
    for (int i = 0; i < F->loop->kernels.n; i++)
        if (F->loop->kernels.v[i] == k->ir) return n;
    pv_push(fe->a, &F->loop->kernels, k->ir);
    return n;
}

static Node *classify(Fuse *F, CXCursor s, int depth);

typedef struct Kids { CXCursor v[8]; int n; } Kids;

static enum CXChildVisitResult kids_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    Kids *k = d;
    if (k->n < 8) k->v[k->n] = c;
    k->n++;
    return CXChildVisit_Continue;
}

/* The offset of the `)` that closes the header of an if/for/while at b. */
static unsigned header_end(Fe *fe, unsigned b, unsigned e)
{
    FeHeader h;
    return fe_stmt_header(fe, b, &h) ? h.rparen : e;
}

/* if/for/while/do whose headers every thread evaluates. */
Node *fuse_control(Fuse *F, CXCursor s, int depth)
{
    Fe *fe = F->fe;
    enum CXCursorKind k = clang_getCursorKind(s);
    Node *n = node(F, k == CXCursor_IfStmt ? N_IF : N_LOOP, s);
    Kids kids = { .n = 0 };
    clang_visitChildren(s, kids_visit, &kids);
    if (kids.n > 8) return NULL;
    unsigned he = k == CXCursor_DoStmt ? 0 : header_end(fe, n->begin, n->end);
    for (int i = 0; i < kids.n; i++) {
        unsigned b, e;
        fe_range(fe, kids.v[i], &b, &e);
        int header = k == CXCursor_DoStmt ? i > 0 : b < he;
        if (header) {
            Facts *f = fuse_facts(F, kids.v[i]);
            if (!fuse_private_ok(F, f)) return NULL;
            n->reads |= f->reads > 0;
            n->areads |= f->areads > 0;
            continue;
        }
        Node *kid = classify(F, kids.v[i], depth + (k != CXCursor_IfStmt));
        if (!kid) return NULL;
        pv_push(fe->a, &n->kids, kid);
    }
    return n;
}

static Node *classify(Fuse *F, CXCursor s, int depth)
{
    Fe *fe = F->fe;
    enum CXCursorKind k = clang_getCursorKind(s);
    if (k == CXCursor_CompoundStmt) {
        Node *n = node(F, N_SEQ, s);
        for (int i = 0; i < fe_nchildren(s); i++) {
            Node *kid = classify(F, fe_child(s, i), depth);
            if (!kid) return NULL;
            pv_push(fe->a, &n->kids, kid);
        }
        return n;
    }
    if (k == CXCursor_NullStmt) return node(F, N_PRIVATE, s);
    if (k == CXCursor_ContinueStmt) return node(F, N_PRIVATE, s);
    if (k == CXCursor_BreakStmt) return depth > 0 ? node(F, N_PRIVATE, s) : NULL;
    if (clang_isExpression(k) && fe_is_launch(fe_strip(s))) return launch(F, s, fe_strip(s));
    Facts *f = fuse_facts(F, s);
    Node *n = node(F, N_PRIVATE, s);
    n->reads = f->reads > 0;
    n->areads = f->areads > 0;
    if (k == CXCursor_DeclStmt) {
        n->decl = s;
        if (fe_nchildren(s) && fuse_in_set(&F->hoist, fe_child(s, 0))) {
            n->kind = N_MOVED;
            return n;
        }
        pv_push(fe->a, &F->decls, n);
    }
    if (!f->launches && fuse_private_ok(F, f)) return n;
    if (k == CXCursor_DeclStmt) return NULL;
    n->kind = N_SINGLE;
    if (fuse_single_ok(F, f, n->begin, n->end)) { F->singles++; return n; }
    if (k == CXCursor_IfStmt || k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt)
        return fuse_control(F, s, depth);
    return NULL;
}
