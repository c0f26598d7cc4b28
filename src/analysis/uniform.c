/*
 * uniform.c: which locals are the same for every thread of a block.
 *
 * A barrier may sit only under block-uniform control flow, so the split
 * pass needs to know which conditions and loop variables are uniform. A
 * local is varying when something that writes it reads threadIdx or a
 * varying local, calls a function with side effects (atomics, clock), or
 * sits under a varying condition that does not also enclose the local's
 * declaration (a local declared in a branch exists only in the threads
 * that took it, and is uniform among them when everything that writes it
 * is: warp operations under varying conditions rely on this). Conditions
 * are counted: ctl is the number of varying ones around a statement.
 * Iterate to a fixed point.
 */
#include <string.h>
#include "an.h"

static int impure_call(const char *n)
{
    return !strncmp(n, "atomic", 6) || !strncmp(n, "clock", 5) || !strncmp(n, "curand", 6) ||
           !strcmp(n, "rand");
}

static int use_tid(const AnUse *u, void *ctx)
{
    (void)ctx;
    return u->kind == USE_BUILTIN && u->tid;
}

int an_range_uses_tid(const IrRange *r) { return an_each_use(r, use_tid, NULL); }

static int use_varying(const AnUse *u, void *ctx)
{
    (void)ctx;
    switch (u->kind) {
    case USE_BUILTIN: return u->tid;
    case USE_VAR: return (u->var->flags & IRV_VARYING) && !(u->var->flags & IRV_SHARED);
    case USE_CALL: return impure_call(u->name);
    case USE_CALLCTX: return 1;
    }
    return 0;
}

int an_range_varying(const IrRange *r) { return an_each_use(r, use_varying, NULL); }

static int use_effect(const AnUse *u, void *ctx)
{
    (void)ctx;
    return (u->kind == USE_VAR && u->write) || (u->kind == USE_CALL && impure_call(u->name));
}

int an_range_has_effects(const IrRange *r) { return an_each_use(r, use_effect, NULL); }

static int use_writes(const AnUse *u, void *ctx) { return u->kind == USE_VAR && u->write && u->var == ctx; }

static int range_writes(const IrRange *r, const IrVar *v) { return an_each_use(r, use_writes, (void *)v); }

int an_stmt_writes(const IrStmt *s, const IrVar *v)
{
    if (!s) return 0;
    switch (s->kind) {
    case IR_SEQ:
        for (int i = 0; i < s->u.seq.list.n; i++)
            if (an_stmt_writes(s->u.seq.list.v[i], v)) return 1;
        return 0;
    case IR_TEXT: return range_writes(&s->u.text.r, v);
    case IR_DECL: return s->u.decl.var == v || range_writes(&s->u.decl.init, v);
    case IR_IF: return range_writes(&s->u.ifs.cond, v) || an_stmt_writes(s->u.ifs.then, v) || an_stmt_writes(s->u.ifs.els, v);
    case IR_FOR: case IR_WHILE: case IR_DO:
        return an_stmt_writes(s->u.loop.init, v) || range_writes(&s->u.loop.cond, v) ||
               range_writes(&s->u.loop.inc, v) || an_stmt_writes(s->u.loop.body, v);
    case IR_BLOCK_FOR: case IR_GRID_FOR: return an_stmt_writes(s->u.par.body, v);
    default: return 0;
    }
}

/* Marks the locals written in r varying when r is varying, or when more
 * varying conditions enclose r than the local's declaration. Returns 1
 * when something changed. */
typedef struct Mark { int varying, ctl, changed; } Mark;

static int mark_use(const AnUse *u, void *ctx)
{
    Mark *m = ctx;
    if (u->kind != USE_VAR || !u->write || !(u->var->flags & IRV_LOCAL) || (u->var->flags & IRV_VARYING)) return 0;
    if (!m->varying && m->ctl <= u->var->decl_ctl) return 0;
    u->var->flags |= IRV_VARYING;
    m->changed = 1;
    return 0;
}

static int mark_writes(const IrRange *r, int ctl)
{
    Mark m = { an_range_varying(r), ctl, 0 };
    an_each_use(r, mark_use, &m);
    return m.changed;
}

static int visit(IrStmt *s, int ctl)
{
    if (!s) return 0;
    int c = 0;
    switch (s->kind) {
    case IR_SEQ:
        for (int i = 0; i < s->u.seq.list.n; i++) c |= visit(s->u.seq.list.v[i], ctl);
        return c;
    case IR_TEXT: return mark_writes(&s->u.text.r, ctl);
    case IR_DECL: {
        IrVar *v = s->u.decl.var;
        if (!s->u.decl.assign_only) v->decl_ctl = ctl;
        int varying = s->u.decl.has_init && an_range_varying(&s->u.decl.init);
        if (s->u.decl.assign_only && ctl > v->decl_ctl) varying = 1;
        if (!(v->flags & IRV_VARYING) && varying) {
            v->flags |= IRV_VARYING;
            c = 1;
        }
        return c | mark_writes(&s->u.decl.init, ctl);
    }
    case IR_IF: {
        int v = ctl + an_range_varying(&s->u.ifs.cond);
        c |= mark_writes(&s->u.ifs.cond, ctl);
        return c | visit(s->u.ifs.then, v) | visit(s->u.ifs.els, v);
    }
    case IR_FOR: case IR_WHILE: case IR_DO: {
        c |= visit(s->u.loop.init, ctl);
        int v = ctl + an_range_varying(&s->u.loop.cond);
        c |= mark_writes(&s->u.loop.cond, ctl) | mark_writes(&s->u.loop.inc, v);
        return c | visit(s->u.loop.body, v);
    }
    case IR_BLOCK_FOR: case IR_GRID_FOR: return visit(s->u.par.body, ctl);
    default: return 0;
    }
}

void an_uniformity(IrKernel *k)
{
    while (visit(k->body, 0)) {}
}
