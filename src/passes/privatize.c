/*
 * privatize.c: values that live across a barrier.
 *
 * Requires: the block-level program (split). A local used in more than one
 * thread loop, or by block-level control flow, must survive the end of the
 * thread loop that computed it. Each such value is either
 *  - stored: an array with one element per thread (IRV_PRIVATE), declared
 *    once per OpenMP thread, every use becoming `x[tid]`; or, when its value
 *    is the same for the whole block, one variable per block (IRV_SCALAR);
 *  - recomputed: its initializer is evaluated again at the top of each later
 *    thread loop that uses it (IRV_RECOMPUTE). Only an initializer without
 *    memory accesses or side effects, over values that are themselves
 *    available and never assigned after their declaration, can be
 *    recomputed.
 * What to store is a minimum cut (the `recompute` pass; without it every
 * value is stored): in the graph of initializer dependences, each value
 * costs one slot if stored; values that cannot be recomputed are sources,
 * values needed later are sinks, and the cheapest set of stored values that
 * separates them is found by max-flow.
 * Hoisted names (private arrays, shared arrays) are made unique.
 */
#include <string.h>
#include "analysis/an.h"
#include "passes.h"

static void use(IrVar *v, int seg)
{
    if (!(v->flags & IRV_LOCAL) || (v->flags & IRV_BLOCKVAR)) return;
    if (v->nsegs == 0 || v->last_seg != seg) {
        v->nsegs++;
        v->last_seg = seg;
    }
}

static unsigned char *block_use;     /* per var id: read by block-level code */
static unsigned char *reassigned;    /* per var id: assigned after its declaration */

static void use_range(const IrRange *r, int seg)
{
    for (int i = 0; i < r->refs.n; i++) {
        IrRef *f = r->refs.v[i];
        if (f->kind != REF_VAR) continue;
        use(f->var, seg);
        if (seg < 0) block_use[f->var->id] = 1;
    }
}

static void walk(IrStmt *s, int seg)
{
    if (!s) return;
    switch (s->kind) {
    case IR_SEQ:
        for (int i = 0; i < s->u.seq.list.n; i++) walk(s->u.seq.list.v[i], seg);
        break;
    case IR_TEXT: use_range(&s->u.text.r, seg); break;
    case IR_DECL:
        use(s->u.decl.var, seg);
        if (seg < 0) block_use[s->u.decl.var->id] = 1;
        use_range(&s->u.decl.init, seg);
        break;
    case IR_IF:
        use_range(&s->u.ifs.cond, seg);
        walk(s->u.ifs.then, seg);
        walk(s->u.ifs.els, seg);
        break;
    case IR_FOR: case IR_WHILE: case IR_DO:
        walk(s->u.loop.init, seg);
        use_range(&s->u.loop.cond, seg);
        use_range(&s->u.loop.inc, seg);
        walk(s->u.loop.body, seg);
        walk(s->u.loop.step, seg);
        break;
    case IR_GRID_FOR: walk(s->u.par.body, -1); break;
    case IR_BLOCK_FOR: walk(s->u.par.body, s->u.par.seg); break;
    default: break;
    }
}

/* ---- recomputation -------------------------------------------------------------- */

static int pure_init(const IrRange *r)
{
    /* a __device__ variable (nonlocal) may change before the recomputation */
    if (ir_range_made(r) || r->accesses.n || r->unknown_read || r->unknown_write || r->nonlocal) return 0;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind == REF_CALL && (!strncmp(f->text, "atomic", 6) || !strncmp(f->text, "clock", 5) ||
                                    !strcmp(f->text, "rand") || !strcmp(f->text, "printf")))
            return 0;
        if (f->kind == REF_VAR && f->is_write) return 0;
        if (f->kind == REF_VAR && (f->var->flags & IRV_SHARED)) return 0;
        if (f->kind == REF_VAR && f->in_macro) return 0;
        /* an operand assigned anywhere may have changed between the
         * definition and the thread loop that would recompute it (`t = v0
         * - 5; for (...) v0 = b; __syncthreads(); use(t)`); a block's loop
         * variable changes only between iterations, and a value declared
         * in the loop's body does not outlive its iteration */
        if (f->kind == REF_VAR && (f->var->flags & IRV_ADDRTAKEN)) return 0;
        if (f->kind == REF_VAR && !(f->var->flags & IRV_BLOCKVAR) &&
            ((f->var->flags & IRV_WRITTEN) || reassigned[f->var->id]))
            return 0;
    }
    return 1;
}

/* A closure that copies what it captures may be made again later only if
 * nothing it names is ever assigned: then the copies hold the same values. */
static int copies_constant(const IrVar *v)
{
    if (!(v->flags & IRV_LAMBDA_COPIES)) return 1;
    const IrRange *r = &v->decl->u.decl.init;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind == REF_VAR && (f->is_write || (f->var->flags & (IRV_WRITTEN | IRV_ADDRTAKEN | IRV_SYNTH))))
            return 0;
    }
    return 1;
}

static int recomputable(const IrVar *v)
{
    const IrStmt *d = v->decl;
    if (!d || !d->u.decl.has_init || d->u.decl.assign_only || *v->dims) return 0;
    /* a closure that captures by reference is the same closure wherever it
     * is made again; one that copies would copy later values */
    if (v->flags & IRV_LAMBDA) return !(v->flags & (IRV_WRITTEN | IRV_ADDRTAKEN)) && copies_constant(v);
    if (v->flags & (IRV_WRITTEN | IRV_ADDRTAKEN | IRV_SYNTH | IRV_BLOCKVAR)) return 0;
    if (block_use[v->id] || reassigned[v->id]) return 0;
    if (v->flags & IRV_REFERENCE) return 0;
    return pure_init(&d->u.decl.init);
}

/* A small max-flow (Edmonds-Karp) on the node-split dependence graph. */
typedef struct Flow { int n; int *cap; } Flow;
enum { INF = 1 << 20 };

static int bfs(Flow *f, int *prev, Arena *a)
{
    int *q = ar_alloc(a, sizeof(int) * (size_t)f->n);
    for (int i = 0; i < f->n; i++) prev[i] = -1;
    int h = 0, t = 0;
    q[t++] = 0;
    prev[0] = 0;
    while (h < t) {
        int u = q[h++];
        for (int v = 0; v < f->n; v++)
            if (prev[v] < 0 && f->cap[u * f->n + v] > 0) {
                prev[v] = u;
                q[t++] = v;
            }
    }
    return prev[1] >= 0;
}

static void maxflow(Flow *f, int *prev, Arena *a)
{
    while (bfs(f, prev, a)) {
        int m = INF;
        for (int v = 1; v != 0; v = prev[v]) {
            int u = prev[v];
            if (f->cap[u * f->n + v] < m) m = f->cap[u * f->n + v];
        }
        for (int v = 1; v != 0; v = prev[v]) {
            int u = prev[v];
            f->cap[u * f->n + v] -= m;
            f->cap[v * f->n + u] += m;
        }
    }
    bfs(f, prev, a);                 /* prev[x] >= 0: reachable from the source */
}

/* Marks the deps of a recomputed value that are not stored as recomputed too. */
static void need_deps(IrVar *v)
{
    const IrRange *r = &v->decl->u.decl.init;
    for (int i = 0; i < r->refs.n; i++) {
        IrRef *f = r->refs.v[i];
        if (f->kind != REF_VAR || !(f->var->flags & IRV_LOCAL) || (f->var->flags & (IRV_BLOCKVAR | IRV_PRIVATE | IRV_SCALAR | IRV_RECOMPUTE)))
            continue;
        f->var->flags |= IRV_RECOMPUTE;
        need_deps(f->var);
    }
}

static void decide(IrKernel *k, Arena *a)
{
    int nv = k->vars.n, n = 2 * nv + 2;
    Flow f = { n, ar_alloc(a, sizeof(int) * (size_t)n * (size_t)n) };
    for (int i = 0; i < nv; i++) {
        IrVar *v = k->vars.v[i];
        if (!(v->flags & IRV_LOCAL) || (v->flags & IRV_BLOCKVAR)) continue;
        int in = 2 * i + 2, out = in + 1;
        int rec = recomputable(v);
        f.cap[in * n + out] = v->flags & IRV_LAMBDA ? INF : 1;   /* a closure cannot be stored */
        if (!rec) f.cap[0 * n + in] = INF;
        if (v->nsegs > 1) f.cap[out * n + 1] = INF;
        if (rec) {
            const IrRange *r = &v->decl->u.decl.init;
            for (int j = 0; j < r->refs.n; j++) {
                IrRef *x = r->refs.v[j];
                if (x->kind == REF_VAR && (x->var->flags & IRV_LOCAL) && !(x->var->flags & IRV_BLOCKVAR))
                    f.cap[(2 * x->var->id + 3) * n + in] = INF;
            }
        }
    }
    int *prev = ar_alloc(a, sizeof(int) * (size_t)n);
    maxflow(&f, prev, a);
    for (int i = 0; i < nv; i++) {
        IrVar *v = k->vars.v[i];
        if (!(v->flags & IRV_LOCAL) || (v->flags & IRV_BLOCKVAR)) continue;
        int in = 2 * i + 2, out = in + 1;
        if (prev[in] >= 0 && prev[out] < 0) v->flags |= IRV_PRIVATE;     /* cut: stored */
    }
    for (int i = 0; i < nv; i++) {
        IrVar *v = k->vars.v[i];
        if ((v->flags & IRV_LOCAL) && v->nsegs > 1 && !(v->flags & (IRV_PRIVATE | IRV_BLOCKVAR))) {
            v->flags |= IRV_RECOMPUTE;
            need_deps(v);
        }
    }
}

/* ---- per thread loop: what to recompute on entry --------------------------------- */

static int stmt_defines(const IrStmt *s, const IrVar *v)
{
    if (!s) return 0;
    if (s->kind == IR_DECL) return s->u.decl.var == v && !s->u.decl.assign_only;
    if (s->kind == IR_SEQ) {
        for (int i = 0; i < s->u.seq.list.n; i++)
            if (stmt_defines(s->u.seq.list.v[i], v)) return 1;
    }
    return 0;
}

static void add_recompute(Arena *a, IrStmt *bf, IrVar *v)
{
    for (int i = 0; i < bf->u.par.recompute.n; i++)
        if (bf->u.par.recompute.v[i] == v) return;
    if (stmt_defines(bf->u.par.body, v)) return;
    const IrRange *r = &v->decl->u.decl.init;
    for (int i = 0; i < r->refs.n; i++) {
        IrRef *f = r->refs.v[i];
        if (f->kind == REF_VAR && (f->var->flags & IRV_RECOMPUTE)) add_recompute(a, bf, f->var);
    }
    pv_push(a, &bf->u.par.recompute, v);
}

typedef struct Collect { Arena *a; IrStmt *bf; } Collect;

/* The recomputed values range r reads: thread loop bf recomputes them first. */
static int collect_range(IrRange *r, void *ctx)
{
    Collect *c = ctx;
    for (int i = 0; i < r->refs.n; i++) {
        IrRef *f = r->refs.v[i];
        /* (a declaration names its own variable: that defines it, not reads it) */
        if (f->kind == REF_VAR && (f->var->flags & IRV_RECOMPUTE) && !(f->var->decl && r == &f->var->decl->u.decl.decl))
            add_recompute(c->a, c->bf, f->var);
    }
    return 0;
}

static void collect(Arena *a, IrStmt *bf, IrStmt *s)
{
    ir_each_range(s, collect_range, &(Collect){ a, bf });
}

static void preludes(Arena *a, IrStmt *s)
{
    if (!s) return;
    switch (s->kind) {
    case IR_SEQ: for (int i = 0; i < s->u.seq.list.n; i++) preludes(a, s->u.seq.list.v[i]); break;
    case IR_IF: preludes(a, s->u.ifs.then); preludes(a, s->u.ifs.els); break;
    case IR_FOR: case IR_WHILE: case IR_DO: preludes(a, s->u.loop.body); preludes(a, s->u.loop.step); break;
    case IR_GRID_FOR: preludes(a, s->u.par.body); break;
    case IR_BLOCK_FOR: collect(a, s, s->u.par.body); break;
    default: break;
    }
}

/* A value stored per thread must be rewritten at every use; a use spelled
 * inside a macro body cannot be. */
static int check_macro_range(IrRange *r, void *ctx)
{
    (void)ctx;
    for (int i = 0; i < r->refs.n; i++) {
        IrRef *f = r->refs.v[i];
        if (f->kind == REF_VAR && f->in_macro && (f->var->flags & IRV_PRIVATE) && !(f->var->flags & IRV_ADDRTAKEN)) {
            diag_error(r->loc, "'%s' lives across __syncthreads() but is used inside a macro's expansion, where cucpu cannot rewrite it",
                       f->var->name);
            f->var->flags |= IRV_ADDRTAKEN;     /* report it once */
        }
    }
    return 0;
}

/* Every range of s: a value kept per thread that a macro's expansion
 * names cannot be rewritten there. */
static void check_macros(IrStmt *s)
{
    ir_each_range(s, check_macro_range, NULL);
}

static int name_taken(IrKernel *k, IrVar *self, const char *name)
{
    for (int i = 0; i < k->vars.n; i++) {
        IrVar *v = k->vars.v[i];
        if (v != self && (v->flags & (IRV_PRIVATE | IRV_SCALAR | IRV_SHARED | IRV_PARAM)) && !strcmp(v->name, name)) return 1;
    }
    return 0;
}

/* A reference kept per thread (`T &r = v;` crossing a barrier) is a
 * pointer to v: v must then outlive its thread loop too, stored per thread
 * whatever its own uses, or the pointer dangles. */
static void keep_referents(IrKernel *k)
{
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < k->vars.n; i++) {
            IrVar *r = k->vars.v[i];
            if (!(r->flags & IRV_PRIVATE) || !(r->flags & IRV_REFERENCE) || *r->dims || !r->decl) continue;
            const IrRange *init = &r->decl->u.decl.init;
            for (int j = 0; j < init->refs.n; j++) {
                IrRef *f = init->refs.v[j];
                if (f->kind != REF_VAR || !(f->var->flags & IRV_LOCAL) || (f->var->flags & (IRV_PRIVATE | IRV_BLOCKVAR)))
                    continue;
                f->var->flags = (f->var->flags & ~(unsigned)IRV_RECOMPUTE) | IRV_PRIVATE;
                changed = 1;
            }
        }
    }
}

/* An assign-only DECL of a local other than its declaration assigns it
 * again (`x = __syncthreads_count(p)` lowers to one, and the front end
 * does not mark x IRV_WRITTEN): x is then no value fixed at its
 * declaration, to recompute from its initializer. */
static void note_reassigned(IrStmt *s, void *ctx)
{
    (void)ctx;
    if (s->kind != IR_DECL || !s->u.decl.assign_only) return;
    IrVar *v = s->u.decl.var;
    if (v && v->decl && v->decl != s) reassigned[v->id] = 1;
}

/* Per-thread arrays take cucpu_nt (up to 1024) slots per OpenMP thread.
 * Up to STACK_PRIVATE_MAX bytes per CUDA thread (256 KiB per OpenMP thread)
 * they live on its stack; beyond, or of unknown size (an array of a
 * template's type), on the heap, where a launch that cannot get them fails
 * with cudaErrorLaunchOutOfResources instead of overflowing the stack. A
 * scalar of unknown size (a warp exchange's value) counts 8 bytes: a
 * larger one leaves the stack within its limits all the same. */
enum { STACK_PRIVATE_MAX = 256 };

static int private_on_heap(const IrKernel *k)
{
    long bytes = 0;
    for (int i = 0; i < k->vars.n; i++) {
        const IrVar *v = k->vars.v[i];
        if (!(v->flags & IRV_PRIVATE)) continue;
        if (!v->size && *v->dims) return 1;
        bytes += v->size ? v->size : 8;
    }
    return bytes > STACK_PRIVATE_MAX;
}

void pass_privatize(IrKernel *k, Arena *a)
{
    block_use = ar_alloc(a, (size_t)k->vars.n + 1);
    reassigned = ar_alloc(a, (size_t)k->vars.n + 1);
    ir_each_stmt(k->body, note_reassigned, NULL);
    walk(k->body, -1);
    if (k->recompute) decide(k, a);
    else
        for (int i = 0; i < k->vars.n; i++) {
            IrVar *v = k->vars.v[i];
            if (v->nsegs > 1) v->flags |= recomputable(v) && (v->flags & IRV_LAMBDA) ? IRV_RECOMPUTE : IRV_PRIVATE;
        }
    keep_referents(k);
    for (int i = 0; i < k->vars.n; i++) {
        IrVar *v = k->vars.v[i];
        if ((v->flags & IRV_LAMBDA) && v->nsegs > 1 && !recomputable(v))
            diag_error(v->loc, "a lambda that copies a variable the kernel assigns, used after __syncthreads(), is not supported; capture by reference ([&]) or define the lambda after the barrier");
    }
    if (diag_error_count()) return;
    for (int i = 0; i < k->vars.n; i++) {
        IrVar *v = k->vars.v[i];
        /* a value the whole block shares needs one slot, not one per thread */
        if (k->recompute && (v->flags & IRV_PRIVATE) && !(v->flags & (IRV_VARYING | IRV_SYNTH | IRV_WRITTEN)) &&
            !*v->dims && !(v->flags & IRV_REFERENCE)) {
            v->flags = (v->flags & ~(unsigned)IRV_PRIVATE) | IRV_SCALAR;
            k->nscalars++;
        }
        if (v->flags & IRV_PRIVATE) { k->nstored++; k->stored_bytes += v->size; }
        if (v->flags & IRV_RECOMPUTE) k->nrecomputed++;
    }
    k->private_heap = private_on_heap(k);
    preludes(a, k->body);
    check_macros(k->body);
    /* hoisted names must be unique in the launcher */
    for (int i = 0; i < k->vars.n; i++) {
        IrVar *v = k->vars.v[i];
        if (!(v->flags & (IRV_PRIVATE | IRV_SCALAR | IRV_SHARED))) continue;
        const char *base = v->name;
        for (int n = 2; name_taken(k, v, v->name); n++) v->name = ar_printf(a, "%s_%d", base, n);
    }
}
