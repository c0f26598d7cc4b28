/*
 * fuse_record.c: a classified loop recorded as the IR's facts (IrHostLoop and its
 * IrHostNode tree, ir.h): each statement's kind, range and lines, whether
 * it reads memory, where wrappers open and with what indentation. The team
 * pass (passes/team.c) decides whether the loop fuses, and
 * codegen/host_loops.c writes its team code from these facts alone.
 */
#include "fuse.h"

/* Where to open a wrapper around a statement at b: the start of its line
 * when only blanks precede it (so pragmas keep the indentation), else b.
 * *ind gets those blanks. */
static IrPos line_start(Fe *fe, unsigned b, const char **ind)
{
    int i = fe_tok_at(fe, b);
    SrcLoc at = fe_loc_at(fe, b);
    if (i > 0 && fe_loc_at(fe, fe->toks[i - 1].e).line == at.line) { *ind = ""; return (IrPos){ b, at.line }; }
    unsigned p = b - (at.col - 1);
    *ind = ar_strndup(fe->a, fe->src->text + p, b - p);
    return (IrPos){ p, at.line };
}

static IrHostNode *record(Fuse *F, const Node *n)
{
    static const IrHostKind kinds[] = { [N_PRIVATE] = IRH_PRIVATE, [N_LAUNCH] = IRH_LAUNCH, [N_SINGLE] = IRH_SINGLE,
                                        [N_SEQ] = IRH_SEQ, [N_LOOP] = IRH_LOOP, [N_IF] = IRH_IF, [N_MOVED] = IRH_MOVED };
    Fe *fe = F->fe;
    IrHostNode *h = ar_alloc(fe->a, sizeof *h);
    h->kind = kinds[n->kind];
    h->begin = fe_pos(fe, n->begin);
    h->end = fe_pos(fe, n->end);
    /* locals whose address escapes count as memory once a single may write them */
    h->reads = n->reads || (F->singles && n->areads);
    if (n->kind == N_LAUNCH) {
        h->name = fe_pos(fe, n->name);
        h->rparen = fe_pos(fe, n->rparen);
    }
    if (n->kind == N_SINGLE) h->open = line_start(fe, n->begin, &h->indent);
    if (n->kind == N_MOVED) pv_push(fe->a, &F->loop->moved, h);
    for (int i = 0; i < n->kids.n; i++) pv_push(fe->a, &h->kids, record(F, n->kids.v[i]));
    return h;
}

void fuse_record(Fuse *F, Node *L)
{
    Fe *fe = F->fe;
    IrHostLoop *l = F->loop;
    l->open = line_start(fe, L->begin, &l->indent);
    for (int i = 0; i < F->fp.n; i++) pv_push(fe->a, &l->firstprivate, (void *)fe_name(fe, *(CXCursor *)F->fp.v[i]));
    l->root = record(F, L);
}
