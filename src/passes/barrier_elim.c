/*
 * barrier_elim.c: removes barriers that order nothing.
 *
 * A barrier B is redundant when the memory effects that can run between
 * the previous barrier and B (in any thread) cannot conflict with those
 * that can run between B and the next barrier (in any other thread),
 * read-after-read excepted (an_conflict). "Previous" and "next" follow
 * control flow: around loops (the tail of the previous iteration, the head
 * of the next), into and out of branches, and past loops that may run zero
 * times. A warp operation's barrier (keep) is never removed, and a warp
 * barrier does not bound a block barrier's effects. What is not known to
 * stop at a barrier is included, so the test errs on the side of keeping
 * B. Barriers are decided one at a time in program order, each seeing the
 * earlier removals.
 * Requires: the per-thread IR. Invalidates: has_barrier (recomputed here).
 * Runs before uniformity and split.
 */
#include "analysis/an.h"
#include "passes.h"

typedef struct Frame { IrStmt *seq; int i; IrStmt *owner; } Frame;
typedef struct Elim { Arena *a; int dims[3]; int removed; int warp; } Elim;

/* Whether barrier b bounds the effects around the barrier being decided.
 * Removed ones order nothing; a warp barrier orders only its warp, so it
 * bounds a warp barrier's neighbourhood but not a block barrier's. */
static int stops(const Elim *E, const IrStmt *b)
{
    return !b->u.barrier.eliminated && (!b->u.barrier.warp || E->warp);
}

static int tail(Elim *E, IrStmt *s, Effects *e);
static int head(Elim *E, IrStmt *s, Effects *e);

static int tail_seq(Elim *E, IrStmt *seq, Effects *e)
{
    for (int i = seq->u.seq.list.n - 1; i >= 0; i--)
        if (tail(E, seq->u.seq.list.v[i], e)) return 1;
    return 0;
}

static int head_seq(Elim *E, IrStmt *seq, Effects *e)
{
    for (int i = 0; i < seq->u.seq.list.n; i++)
        if (head(E, seq->u.seq.list.v[i], e)) return 1;
    return 0;
}

/* Adds the effects from the end of s back to its last barrier; returns 1
 * when every path through s meets a barrier. */
static int tail(Elim *E, IrStmt *s, Effects *e)
{
    if (!s) return 0;
    if (!s->has_barrier) { an_effects_stmt(E->a, s, e); return 0; }
    switch (s->kind) {
    case IR_BARRIER: return stops(E, s);
    case IR_SEQ: return tail_seq(E, s, e);
    case IR_IF: {
        int t = tail(E, s->u.ifs.then, e);
        int f = s->u.ifs.els ? tail(E, s->u.ifs.els, e) : 0;
        if (!(t && f)) an_effects_range(E->a, &s->u.ifs.cond, e);
        return t && f;
    }
    case IR_DO: {
        an_effects_range(E->a, &s->u.loop.cond, e);
        int t = tail(E, s->u.loop.body, e);
        if (!t) an_effects_stmt(E->a, s->u.loop.body, e);
        return t;
    }
    case IR_FOR: case IR_WHILE:
        an_effects_range(E->a, &s->u.loop.cond, e);
        an_effects_range(E->a, &s->u.loop.inc, e);
        if (!tail(E, s->u.loop.body, e)) an_effects_stmt(E->a, s->u.loop.body, e);
        an_effects_stmt(E->a, s->u.loop.init, e);
        return 0;                    /* it may run zero times */
    default: an_effects_stmt(E->a, s, e); return 0;
    }
}

/* Adds the effects from the start of s to its first barrier. */
static int head(Elim *E, IrStmt *s, Effects *e)
{
    if (!s) return 0;
    if (!s->has_barrier) { an_effects_stmt(E->a, s, e); return 0; }
    switch (s->kind) {
    case IR_BARRIER: return stops(E, s);
    case IR_SEQ: return head_seq(E, s, e);
    case IR_IF: {
        an_effects_range(E->a, &s->u.ifs.cond, e);
        int t = head(E, s->u.ifs.then, e);
        int f = s->u.ifs.els ? head(E, s->u.ifs.els, e) : 0;
        return t && f;
    }
    case IR_DO: {
        int h = head(E, s->u.loop.body, e);
        if (!h) an_effects_stmt(E->a, s->u.loop.body, e);
        an_effects_range(E->a, &s->u.loop.cond, e);
        return h;
    }
    case IR_FOR: case IR_WHILE:
        an_effects_stmt(E->a, s->u.loop.init, e);
        an_effects_range(E->a, &s->u.loop.cond, e);
        if (!head(E, s->u.loop.body, e)) an_effects_stmt(E->a, s->u.loop.body, e);
        an_effects_range(E->a, &s->u.loop.inc, e);
        return 0;
    default: an_effects_stmt(E->a, s, e); return 0;
    }
}

static void before(Elim *E, Frame *path, int n, Effects *e)
{
    for (int l = n - 1; l >= 0; l--) {
        Frame *f = &path[l];
        for (int j = f->i - 1; j >= 0; j--)
            if (tail(E, f->seq->u.seq.list.v[j], e)) return;
        IrStmt *o = f->owner;
        if (!o) return;
        if (o->kind == IR_IF) an_effects_range(E->a, &o->u.ifs.cond, e);
        if (o->kind == IR_FOR || o->kind == IR_WHILE || o->kind == IR_DO) {
            an_effects_range(E->a, &o->u.loop.cond, e);
            an_effects_range(E->a, &o->u.loop.inc, e);
            tail(E, o->u.loop.body, e);          /* the previous iteration */
            an_effects_stmt(E->a, o->u.loop.init, e);
        }
    }
}

static void after(Elim *E, Frame *path, int n, Effects *e)
{
    for (int l = n - 1; l >= 0; l--) {
        Frame *f = &path[l];
        for (int j = f->i + 1; j < f->seq->u.seq.list.n; j++)
            if (head(E, f->seq->u.seq.list.v[j], e)) return;
        IrStmt *o = f->owner;
        if (!o) return;
        if (o->kind == IR_FOR || o->kind == IR_WHILE || o->kind == IR_DO) {
            an_effects_range(E->a, &o->u.loop.inc, e);
            an_effects_range(E->a, &o->u.loop.cond, e);
            head(E, o->u.loop.body, e);          /* the next iteration */
        }
    }
}

/* Visits every barrier with the path of SEQs that leads to it. */
static void visit(Elim *E, IrStmt *seq, IrStmt *owner, Frame *path, int depth)
{
    if (depth >= 64) return;
    for (int i = 0; i < seq->u.seq.list.n; i++) {
        IrStmt *s = seq->u.seq.list.v[i];
        path[depth] = (Frame){ seq, i, owner };
        switch (s->kind) {
        case IR_BARRIER: {
            if (s->u.barrier.keep) break;     /* a warp operation's exchange */
            E->warp = s->u.barrier.warp;
            Effects b = { 0 }, a = { 0 };
            before(E, path, depth + 1, &b);
            after(E, path, depth + 1, &a);
            if (!an_conflict(&b, &a, E->dims)) {
                s->u.barrier.eliminated = 1;
                E->removed++;
            }
            break;
        }
        case IR_SEQ: visit(E, s, s, path, depth + 1); break;
        case IR_IF:
            visit(E, s->u.ifs.then, s, path, depth + 1);
            if (s->u.ifs.els) visit(E, s->u.ifs.els, s, path, depth + 1);
            break;
        case IR_FOR: case IR_WHILE: case IR_DO: visit(E, s->u.loop.body, s, path, depth + 1); break;
        default: break;
        }
    }
}

/* Drops eliminated barriers and recomputes has_barrier bottom-up. */
static int prune(IrStmt *s)
{
    if (!s) return 0;
    int b = 0;
    switch (s->kind) {
    case IR_BARRIER: return !s->u.barrier.eliminated;
    case IR_SEQ: {
        int k = 0;
        for (int i = 0; i < s->u.seq.list.n; i++) {
            IrStmt *c = s->u.seq.list.v[i];
            if (c->kind == IR_BARRIER && c->u.barrier.eliminated) continue;
            b |= prune(c);
            s->u.seq.list.v[k++] = c;
        }
        s->u.seq.list.n = k;
        break;
    }
    case IR_IF: b = prune(s->u.ifs.then) | prune(s->u.ifs.els); break;
    case IR_FOR: case IR_WHILE: case IR_DO: b = prune(s->u.loop.body); break;
    case IR_TEXT: b = s->u.text.block_level; break;
    default: break;
    }
    s->has_barrier = b;
    return b;
}

void pass_barrier_elim(IrKernel *k, Arena *a)
{
    Elim E = { .a = a };
    an_tid_dims(k->body, E.dims);
    Frame path[64];
    visit(&E, k->body, NULL, path, 0);
    prune(k->body);
    k->nbarriers_removed = E.removed;
}
