/*
 * kernel.c: a kernel's block-level IR as C + OpenMP.
 *
 * The launcher keeps the kernel's name; its body becomes
 *
 *   {
 *       if (cucpu_launch_check(gridDim, blockDim, cucpu_shmem) != cudaSuccess) return;
 *       #pragma omp parallel
 *       {
 *           shared arrays, per-thread arrays (one set per OpenMP thread)
 *           #pragma omp for collapse(3) schedule(static)
 *           for (bz) for (by) for (bx) {            <- GRID_FOR
 *               const uint3 blockIdx = {bx, by, bz};
 *               for (tz) for (ty) for (tx) {          <- BLOCK_FOR, run serially
 *                   const uint3 threadIdx = {tx, ty, tz};
 *                   { the user's statements }
 *               }
 *               ...
 *           }
 *       }
 *   }
 *
 * Leaves are copied from the source with their refs applied: a private
 * local `x` reads `x[cucpu_tid]` (thread 0's `x[0]` at block level), a
 * `return` ends this thread's part of the current thread loop, and a
 * `break`/`continue` of a loop that holds a barrier sets a flag that the
 * block level acts on after the thread loop.
 */
#include <stdlib.h>
#include <string.h>
#include "cg_kernel.h"
#include "ir/expr.h"


/* A predicated loop (split.c): its threads leave and restart it one by
 * one through their flag, not through the block's break/continue flags. */
static IrVar *active_of(const Cg *g, int loop)
{
    return g->active && loop >= 0 && loop < g->k->nloops ? g->active[loop] : NULL;
}

/* The per-thread state of each predicated loop (block level: thread loops
 * hold none). */
static IrWalk active_loop(IrStmt *s, void *ctx)
{
    Cg *g = ctx;
    if (s->kind == IR_BLOCK_FOR) return IR_WALK_SKIP;
    if ((s->kind == IR_FOR || s->kind == IR_WHILE || s->kind == IR_DO) && s->u.loop.active && s->u.loop.id >= 0 &&
        s->u.loop.id < g->k->nloops)
        g->active[s->u.loop.id] = s->u.loop.active;
    return IR_WALK_GO;
}

static void collect_active(Cg *g, const IrStmt *s)
{
    ir_walk((IrStmt *)s, active_loop, NULL, g);
}

static void print_stmt(Cg *g, IrStmt *s);

static void ind(Cg *g)
{
    for (int i = 0; i < g->indent; i++) buf_puts(g->b, "    ");
}

/* #line to where loc is: the kernel's file, or the header a function was
 * inlined from. */
static void line_directive(Cg *g, SrcLoc loc)
{
    buf_printf(g->b, "#line %u \"%s\"\n", loc.line, loc.file ? loc.file : g->src->name);
}

static const SrcFile *range_file(const Cg *g, const IrRange *r) { return r->src ? r->src : g->src; }

static int thread_loop(Cg *g, int loop)
{
    for (int i = 0; i < g->ntloops; i++)
        if (g->tloops[i] == loop) return 1;
    return 0;
}

static void jump_text(Cg *g, IrRefKind kind, int loop)
{
    if (g->reference) {
        /* every thread runs its own program: a jump is the one the user
         * wrote, to a label, since the target may be an enclosing loop */
        if (kind == REF_RETURN) buf_puts(g->b, "return;");
        else buf_printf(g->b, "goto %s%d;", kind == REF_BREAK ? NM(BRK_) : NM(CONT_), loop);
        return;
    }
    if (kind != REF_RETURN && thread_loop(g, loop)) {
        buf_puts(g->b, kind == REF_BREAK ? "break;" : "continue;");
        return;
    }
    IrVar *act = kind == REF_RETURN ? NULL : active_of(g, loop);
    if (act) {
        buf_printf(g->b, "{ %s[%s] = %d; goto %s%d; }", act->name, NM(TID), kind == REF_BREAK ? 0 : 2, NM(NEXT_), g->seg);
        return;
    }
    if (kind == REF_RETURN) {
        if (g->done_flags) buf_printf(g->b, "{ %s[%s] = 1; goto %s%d; }", NM(DONE), NM(TID), NM(NEXT_), g->seg);
        else buf_printf(g->b, "goto %s%d;", NM(NEXT_), g->seg);
    } else {
        const char *flag = kind == REF_BREAK ? NM(BREAK_) : NM(CONTINUE_);
        buf_printf(g->b, "{ %s%d = 1; goto %s%d; }", flag, loop, NM(NEXT_), g->seg);
    }
}

/* A reference kept per thread (an inlined function's `const T &p`) is
 * stored as a pointer: C++ has no arrays of references. */
static int is_ref(const IrVar *v)
{
    size_t n = strlen(v->type);
    return n && v->type[n - 1] == '&' && !*v->dims;
}

static int in_regs(const Cg *g, const IrVar *v)
{
    for (int i = 0; g->thread && g->regs && i < g->regs->n; i++)
        if (g->regs->v[i] == v) return 1;
    return 0;
}

static void var_use(Cg *g, const IrVar *v)
{
    if (v->flags & IRV_SCALAR) buf_puts(g->b, v->name);
    else if (in_regs(g, v)) buf_printf(g->b, "%s%s", NM(REG_), v->name);
    else if (is_ref(v)) buf_printf(g->b, "(*%s[%s])", v->name, g->thread ? NM(TID) : "0");
    else buf_printf(g->b, "%s[%s]", v->name, g->thread ? NM(TID) : "0");
}

static const char *const ctx_args = "threadIdx, blockIdx, blockDim, gridDim";

/* ---- --check: accesses wrapped in cucpu_chk_s / cucpu_chk_g ---------------- */

/* An access's check opens at its begin and closes at its end (open 0). */
typedef struct Insert { unsigned off; int open; unsigned other; int skip, printed; const IrAccess *a; struct Insert *pair; } Insert;

static int count_dims(const char *dims)
{
    int n = 0;
    for (; dims && *dims; dims++) n += *dims == '[';
    return n;
}

/* Whether a names one element of shared memory or of a pointer parameter
 * in full (s[i][j] of a 2D array, not the row s[i]) inside r. */
static int checked_access(const IrAccess *a, const IrRange *r)
{
    const IrVar *v = a->base;
    if (a->nidx < 0 || !a->spelled || a->sbegin < r->begin || a->send > r->end) return 0;
    if (v->flags & (IRV_SHARED | IRV_DYNSHARED)) return a->nidx == count_dims(v->dims);
    return (v->flags & IRV_PARAM) && a->nidx >= 1;
}

static int insert_order(const void *pa, const void *pb)
{
    const Insert *a = *(Insert *const *)pa, *b = *(Insert *const *)pb;
    if (a->off != b->off) return a->off < b->off ? -1 : 1;
    if (a->open != b->open) return a->open ? 1 : -1;    /* a close ends an earlier access */
    if (a->other != b->other) return (a->other > b->other) == a->open ? -1 : 1;   /* the outer one outside */
    return 0;
}

/* The checks of r's accesses, sorted by offset, into *out (pointers into
 * *store); how many. */
static int check_inserts(Cg *g, const IrRange *r, Insert **store, Insert ***out)
{
    *store = NULL;
    *out = NULL;
    if (!g->o->check || !g->thread || ir_range_made(r) || !r->accesses.n) return 0;
    Insert *v = calloc((size_t)r->accesses.n * 2, sizeof *v);
    Insert **p = calloc((size_t)r->accesses.n * 2, sizeof *p);
    int n = 0;
    for (int i = 0; i < r->accesses.n; i++) {
        const IrAccess *a = r->accesses.v[i];
        if (!checked_access(a, r)) continue;
        v[n] = (Insert){ a->sbegin, 1, a->send, 0, 0, a, &v[n + 1] };
        v[n + 1] = (Insert){ a->send, 0, a->sbegin, 0, 0, a, &v[n] };
        p[n] = &v[n];
        p[n + 1] = &v[n + 1];
        n += 2;
    }
    qsort(p, (size_t)n, sizeof *p, insert_order);
    *store = v;
    *out = p;
    return n;
}

/* cucpu_chk_s(s[i], kind, "file:line:col", cucpu_tid, base, extent) for
 * shared memory, cucpu_chk_g(p[i], kind, site, cucpu_tid) for a pointer
 * parameter's memory; kind 0 read, 1 write, 2 address taken. */
static void print_insert(Cg *g, const Insert *in)
{
    const IrAccess *a = in->a;
    const IrVar *b = a->base;
    if (in->open) {
        buf_printf(g->b, "%s(", b->flags & IRV_PARAM ? NM(CHK_G) : NM(CHK_S));
        return;
    }
    int kind = a->addr_only ? 2 : a->write ? 1 : 0;
    buf_printf(g->b, ", %d, \"%s:%u:%u\", %s", kind, a->loc.file ? a->loc.file : g->src->name, a->loc.line,
               a->loc.col, NM(TID));
    if (b->flags & IRV_DYNSHARED) buf_printf(g->b, ", %s, %s", NM(DYNSMEM), NM(SHMEM));
    else if (b->flags & IRV_SHARED) buf_printf(g->b, ", &%s, sizeof %s", b->name, b->name);
    buf_puts(g->b, ")");
}

/* Prints the source up to in's offset, then in. One that falls inside
 * text a ref replaced does not print, nor its pair, unless its opening
 * printed: then it closes right there. */
static void flush_insert(Cg *g, const char *t, unsigned *pos, Insert *in)
{
    if (in->skip) return;
    if (in->off < *pos) {
        if (in->open || !in->pair->printed) {
            in->skip = in->pair->skip = 1;
            return;
        }
    } else {
        buf_put(g->b, t + *pos, in->off - *pos);
        *pos = in->off;
    }
    print_insert(g, in);
    in->printed = 1;
}

/* Copies r from the source, applying its refs (and under --check wrapping
 * its accesses). */
static int in_int_subscript(const IrRange *r, const IrRef *f);

static void made_put(void *ctx, const char *t) { buf_puts(((Cg *)ctx)->b, t); }

static void made_var(void *ctx, const IrVar *v)
{
    Cg *g = ctx;
    if (v->flags & (IRV_PRIVATE | IRV_SCALAR)) var_use(g, v);
    else buf_puts(g->b, v->name);
}

static void print_range(Cg *g, const IrRange *r)
{
    if (r->lit) { buf_puts(g->b, r->lit); return; }
    if (r->made) {
        if (!r->expr) cucpu_bug(__func__, "a made range without a tree");
        ir_expr_c(r->expr, &(IrCOut){ made_put, made_var, g });
        if (r->made == MADE_STMT) buf_puts(g->b, ";");
        return;
    }
    const char *t = range_file(g, r)->text;
    unsigned pos = r->begin;
    Insert *store, **ins;
    int nins = check_inserts(g, r, &store, &ins), next = 0;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->begin < pos || f->end > r->end) continue;
        /* checks that close before the ref or at it, and open before it or at
         * it: a zero-width ref there (`cucpu_shl(` of a shift) belongs to an
         * expression around the access, and opens first */
        int zero = f->end == f->begin;
        for (; next < nins && (ins[next]->off < f->begin ||
                               (ins[next]->off == f->begin && (!ins[next]->open || !zero))); next++)
            flush_insert(g, t, &pos, ins[next]);
        switch (f->kind) {
        case REF_VAR: {
            if (f->in_macro) continue;
            if (f->pre || f->post) {
                buf_put(g->b, t + pos, f->begin - pos);
                buf_puts(g->b, f->pre ? f->pre : "");
                if (f->var->flags & (IRV_PRIVATE | IRV_SCALAR)) var_use(g, f->var);
                else buf_puts(g->b, f->var->name);
                buf_puts(g->b, f->post ? f->post : "");
                pos = f->end;
                break;
            }
            if (f->capture && (f->var->flags & IRV_PRIVATE)) {
                /* `[v]` of a value kept per thread: copy this thread's */
                buf_put(g->b, t + pos, f->begin - pos);
                buf_printf(g->b, "%s = ", f->var->name);
                var_use(g, f->var);
                pos = f->end;
                break;
            }
            /* inside a lambda that copied it: the copy, by its name */
            int priv = (f->var->flags & (IRV_PRIVATE | IRV_SCALAR)) && !f->copied;
            int renamed = !f->spelled || strcmp(f->spelled, f->var->name);
            if (!priv && !renamed) continue;
            buf_put(g->b, t + pos, f->begin - pos);
            if (priv) var_use(g, f->var);
            else buf_puts(g->b, f->var->name);
            pos = f->end;
            break;
        }
        case REF_BUILTIN:
            if (!g->int_builtins && !in_int_subscript(r, f)) continue;
            buf_put(g->b, t + pos, f->begin - pos);
            buf_puts(g->b, "(int)");
            pos = f->begin;
            break;
        case REF_CALLCTX:
            buf_put(g->b, t + pos, f->begin - pos);
            buf_puts(g->b, ctx_args);
            if (f->has_args) buf_puts(g->b, ", ");
            pos = f->begin;
            break;
        case REF_RETURN: case REF_BREAK: case REF_CONTINUE:
            buf_put(g->b, t + pos, f->begin - pos);
            if (f->value_return) buf_puts(g->b, "; ");
            jump_text(g, f->kind, f->loop);
            if (f->value_return) buf_puts(g->b, " }");
            pos = f->end;
            break;
        case REF_DELETE:
            buf_put(g->b, t + pos, f->begin - pos);
            pos = f->end;
            break;
        case REF_REPLACE:
            buf_put(g->b, t + pos, f->begin - pos);
            buf_puts(g->b, f->text);
            pos = f->end;
            break;
        default: break;
        }
    }
    for (; next < nins; next++) flush_insert(g, t, &pos, ins[next]);
    free(ins);
    free(store);
    buf_put(g->b, t + pos, r->end - pos);
}

/* ---- what a subtree uses ------------------------------------------------------ */

/* block: s is block-level code (outside thread loops), where a break is a
 * plain `break;` (split's uniform breaks), not a thread's flag */
typedef struct Uses { int tid, thread_idx, block_idx, flag_loop, flag_kind, flag, jumps, block, lit; } Uses;

/* What a TEXT prints: its range, or when the bounds pass turned its guard
 * into loop bounds, only the guarded statement S (0: nothing). */
static int printed_range(const IrStmt *s, IrRange *r)
{
    *r = s->u.text.r;
    const IrGuard *gd = s->u.text.guard;
    if (!s->u.text.guard_to_bounds) return 1;
    if (gd->exit) return 0;
    r->begin = gd->then_begin;
    r->end = gd->then_end;
    r->loc = gd->then_loc;
    r->terminated = 1;     /* through its `;` or `}` (fe_stmt_end) */
    return 1;
}

static void uses_range(const IrRange *r, Uses *u)
{
    if (ir_range_made(r) || r->tid_text) u->tid = 1;     /* the translator's text may index per-thread arrays */
    if (ir_range_made(r)) u->lit = 1;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if (f->kind == REF_BUILTIN && !strcmp(f->text, "threadIdx")) u->thread_idx = 1;
        if (f->kind == REF_BUILTIN && !strcmp(f->text, "blockIdx")) u->block_idx = 1;
        if (f->kind == REF_CALLCTX) u->thread_idx = u->block_idx = 1;
        if (f->kind == REF_VAR && (f->var->flags & IRV_PRIVATE)) u->tid = 1;
        if (f->kind == REF_RETURN || f->kind == REF_BREAK || f->kind == REF_CONTINUE) u->jumps = 1;
        if ((f->kind == REF_BREAK || f->kind == REF_CONTINUE) && f->loop == u->flag_loop &&
            (int)f->kind == u->flag_kind) u->flag = 1;
    }
}

static void uses(const IrStmt *s, Uses *u)
{
    if (!s) return;
    switch (s->kind) {
    case IR_SEQ:
        for (int i = 0; i < s->u.seq.list.n; i++) uses(s->u.seq.list.v[i], u);
        break;
    case IR_TEXT: {
        IrRange r;
        if (printed_range(s, &r)) uses_range(&r, u);
        break;
    }
    case IR_DECL:
        uses_range(&s->u.decl.decl, u);
        uses_range(&s->u.decl.init, u);
        if (s->u.decl.var->flags & IRV_PRIVATE) u->tid = 1;
        break;
    case IR_IF:
        uses_range(&s->u.ifs.cond, u);
        uses(s->u.ifs.then, u);
        uses(s->u.ifs.els, u);
        break;
    case IR_FOR: case IR_WHILE: case IR_DO:
        uses(s->u.loop.init, u);
        uses_range(&s->u.loop.cond, u);
        uses_range(&s->u.loop.inc, u);
        uses(s->u.loop.body, u);
        uses(s->u.loop.step, u);
        break;
    case IR_RETURN: u->tid = 1; u->jumps = 1; break;
    case IR_BREAK: case IR_CONTINUE:
        u->jumps = 1;
        if (s->u.jump.loop == u->flag_loop && u->flag_kind == (s->kind == IR_BREAK ? REF_BREAK : REF_CONTINUE) &&
            !(u->block && s->kind == IR_BREAK))
            u->flag = 1;
        break;
    case IR_BLOCK_FOR: case IR_GRID_FOR: {
        int block = u->block;
        u->block = 0;
        uses(s->u.par.body, u);
        u->block = block;
        break;
    }
    default: break;
    }
}

static int uses_flag(const IrStmt *s, int loop, IrRefKind kind)
{
    Uses u = { .flag_loop = loop, .flag_kind = (int)kind, .block = 1 };
    uses(s, &u);
    return u.flag;
}

/* ---- declarations ------------------------------------------------------------------ */

/* `int i = blockIdx.x * blockDim.x + threadIdx.x;` computes in unsigned and
 * converts to int; for sums and products the int computation gives the same
 * bits, and lets the C compiler see i as an induction variable of the thread
 * loop (and vectorize it). Only such trees qualify. */
static int int_safe(const IrIdx *x)
{
    if (!x) return 0;
    switch (x->kind) {
    case IX_CONST: return x->c >= 0;
    case IX_TID: case IX_SYM: return 1;
    case IX_VAR: return !strcmp(x->var->type, "int");
    case IX_ADD: case IX_MUL: return int_safe(x->l) && int_safe(x->r);
    default: return 0;
    }
}

/* f, a thread or block index, stands inside a subscript of r whose indices
 * are all int_safe: `m[(row + threadIdx.y) * n + col + threadIdx.x]`. C++
 * computes such an index in unsigned, and GCC cannot vectorize an access
 * through an unsigned index that might wrap (`data ref analysis failed`);
 * computed in int it is the same index whenever it is below 2^31, which is
 * every index of an array of fewer than 2^31 elements. */
static int in_int_subscript(const IrRange *r, const IrRef *f)
{
    for (int i = 0; i < r->accesses.n; i++) {
        const IrAccess *x = r->accesses.v[i];
        /* as written in the statement: a range widened to a whole macro
         * invocation could hold uses of the builtin outside the subscript */
        if (x->nidx <= 0 || !x->spelled || f->begin < x->sbegin || f->end > x->send) continue;
        int ok = 1;
        for (int j = 0; j < x->nidx && ok; j++) ok = int_safe(x->idx[j]);
        if (ok) return 1;
    }
    return 0;
}

static void print_init(Cg *g, const IrVar *v, const IrRange *init)
{
    g->int_builtins = !strcmp(v->type, "int") && int_safe(v->def);
    print_range(g, init);
    g->int_builtins = 0;
}

/* s is a clamp of the interior copy being printed: its branch. */
static const IrClamp *clamp_in(const Cg *g, const IrStmt *s)
{
    for (int i = 0; g->clamps && i < g->clamps->n; i++)
        if (((const IrClamp *)g->clamps->v[i])->decl == s) return g->clamps->v[i];
    return NULL;
}

static void print_decl(Cg *g, IrStmt *s)
{
    IrVar *v = s->u.decl.var;
    const IrClamp *cl = clamp_in(g, s);
    if (cl) {
        /* the branch it takes on the interior, converted as `C ? X : Y` is */
        IrRange r = s->u.decl.init;
        r.begin = cl->branch->pbegin;
        r.end = cl->branch->pend;
        ind(g);
        buf_printf(g->b, "%s %s = (%s)(", v->type, v->name, cl->type);
        print_init(g, v, &r);
        buf_puts(g->b, ");\n");
        return;
    }
    if (s->u.decl.assign_only) {
        ind(g);
        if (v->flags & IRV_PRIVATE) var_use(g, v);
        else buf_puts(g->b, v->name);
        buf_puts(g->b, " = ");
        print_range(g, &s->u.decl.init);
        buf_puts(g->b, ";\n");
        return;
    }
    if (!(v->flags & (IRV_PRIVATE | IRV_SCALAR))) {
        ind(g);
        if (s->u.decl.decl.end > s->u.decl.decl.begin) {
            print_init(g, v, &s->u.decl.decl);
        } else {
            buf_printf(g->b, "%s %s%s", v->type, v->name, v->dims);
            if (s->u.decl.has_init) {
                buf_puts(g->b, s->u.decl.direct_init ? "" : " = ");
                print_range(g, &s->u.decl.init);
            }
            buf_puts(g->b, ";");
        }
        buf_puts(g->b, "\n");
        return;
    }
    if (!s->u.decl.has_init) return;
    ind(g);
    if (*v->dims) {
        /* an array initializer, copied into this thread's element (C++ has
         * no array compound literals) */
        buf_printf(g->b, "{ %s %s%s = ", v->elem_type, NM(INIT), v->dims);
        print_range(g, &s->u.decl.init);
        buf_printf(g->b, "; memcpy(%s[%s], %s, sizeof %s); }\n", v->name, NM(TID), NM(INIT), NM(INIT));
        return;
    }
    if (is_ref(v) && !(v->flags & IRV_SCALAR)) {
        /* bind the reference: keep the address */
        buf_printf(g->b, "%s[%s] = &(", v->name, NM(TID));
        print_init(g, v, &s->u.decl.init);
        buf_puts(g->b, ");\n");
        return;
    }
    var_use(g, v);
    if (s->u.decl.list_init) buf_printf(g->b, " = (%s)", v->type);
    else if (s->u.decl.direct_init) buf_printf(g->b, " = %s", v->type);
    else buf_puts(g->b, " = ");
    print_init(g, v, &s->u.decl.init);
    buf_puts(g->b, ";\n");
}

/* ---- thread loops ----------------------------------------------------------------- */

static void print_bounds(Cg *g, const IrStmt *block, const char *extent);
static void print_idx(Cg *g, const IrIdx *x);

/* A thread loop of a kernel with barriers, bounded by the bounds pass:
 * cucpu_end, and with a stride (`if ((t + offset) % s == 0)`) the first
 * thread id that passes and the step (|s|; x % 0 is undefined: no
 * thread runs). Opens a scope that print_block_for closes. */
static void print_stride(Cg *g, const IrStmt *s, const char *c)
{
    char extent[32];
    snprintf(extent, sizeof extent, "(int)blockDim.%.1s", c);
    print_bounds(g, s, extent);
    if (!s->u.par.stride) return;
    ind(g); buf_printf(g->b, "long %s = ", NM(STEP));
    print_idx(g, s->u.par.stride);
    buf_printf(g->b, ", %s;\n", NM(FIRST));
    ind(g); buf_printf(g->b, "if (%s < 0) %s = -%s;\n", NM(STEP), NM(STEP), NM(STEP));
    ind(g); buf_printf(g->b, "if (%s == 0) continue;\n", NM(STEP));
    /* the first t >= cucpu_beg with (t + offset) % step == 0 */
    int beg = s->u.par.lows.n > 0;
    ind(g); buf_printf(g->b, "%s = -(", NM(FIRST));
    print_idx(g, s->u.par.offset);
    buf_printf(g->b, "%s%s) %% %s;\n", beg ? " + " : "", beg ? NM(BEG) : "", NM(STEP));
    ind(g); buf_printf(g->b, "%s = %s%s(%s < 0 ? %s + %s : %s);\n", NM(FIRST), beg ? NM(BEG) : "", beg ? " + " : "",
                       NM(FIRST), NM(FIRST), NM(STEP), NM(FIRST));
    ind(g); buf_printf(g->b, "if (%s >= %s) continue;\n", NM(FIRST), NM(END));
    ind(g); buf_printf(g->b, "if (%s > %s) %s = %s;   /* one thread runs: no int overflow */\n", NM(STEP), NM(END), NM(STEP), NM(END));
}

/* The innermost thread loop's body (its `for` printed), through its `}`. */
static void print_lanes(Cg *g, IrStmt *s, const Uses *pu, int need_tid)
{
    Uses u = *pu;
    g->indent++;
    const char *tx = NM(TX), *ty = NM(TY), *tz = NM(TZ);
    if (u.thread_idx) {
        ind(g);
        buf_printf(g->b, "const uint3 threadIdx = {(unsigned)%s, (unsigned)%s, (unsigned)%s};\n", tx, ty, tz);
    }
    if (need_tid) {
        ind(g);
        buf_printf(g->b, "const int %s = (%s * (int)blockDim.y + %s) * (int)blockDim.x + %s;\n", NM(TID), tz, ty, tx);
    }
    if (g->done_flags) { ind(g); buf_printf(g->b, "if (%s[%s]) continue;\n", NM(DONE), NM(TID)); }
    /* registers.c: this thread's elements in locals for the iteration */
    const PtrVec *regs = !g->reference && !g->o->check && s->u.par.regs.n ? &s->u.par.regs : NULL;
    for (int i = 0; regs && i < regs->n; i++) {
        const IrVar *v = regs->v[i];
        ind(g);
        buf_printf(g->b, "%s %s%s = %s[%s];\n", v->type, NM(REG_), v->name, v->name, NM(TID));
    }
    const PtrVec *saved_regs = g->regs;
    int saved_thread = g->thread, saved_seg = g->seg;
    g->thread = 1;
    g->seg = s->u.par.seg;
    g->regs = regs;
    ind(g); buf_puts(g->b, "{\n");
    g->indent++;
    for (int i = 0; i < s->u.par.recompute.n; i++) {
        /* values recomputed instead of kept across the barrier */
        IrVar *v = s->u.par.recompute.v[i];
        if (clamp_in(g, v->decl)) { print_decl(g, v->decl); continue; }
        ind(g);
        buf_printf(g->b, "%s %s = ", v->type, v->name);
        print_init(g, v, &v->decl->u.decl.init);
        buf_puts(g->b, ";\n");
    }
    print_stmt(g, s->u.par.body);
    g->indent--;
    ind(g); buf_puts(g->b, "}\n");
    if (u.jumps) { ind(g); buf_printf(g->b, "%s%d:;\n", NM(NEXT_), s->u.par.seg); }
    for (int i = 0; regs && i < s->u.par.regs_out.n; i++) {
        const IrVar *v = s->u.par.regs_out.v[i];
        ind(g);
        buf_printf(g->b, "%s[%s] = %s%s;\n", v->name, NM(TID), NM(REG_), v->name);
    }
    g->regs = saved_regs;
    g->thread = saved_thread;
    g->seg = saved_seg;
    g->indent--;
    ind(g); buf_puts(g->b, "}\n");
}

/* clamps.c: the innermost loop as three, [beg, ilo) and [ihi, end) as
 * written and [ilo, ihi) with the clamps printed as their branch. */
static void print_clamped(Cg *g, IrStmt *s, const char *c, const Uses *u, int need_tid)
{
    const char *beg = s->u.par.lows.n ? NM(BEG) : "0";
    ind(g); buf_printf(g->b, "long %s = %s, %s = %s;   /* where the clamps take one branch */\n", NM(ILO), beg, NM(IHI), NM(END));
    for (int i = 0; i < s->u.par.clamp_lows.n; i++) {
        ind(g); buf_printf(g->b, "%s = ", NM(LIM));
        print_idx(g, s->u.par.clamp_lows.v[i]);
        buf_puts(g->b, ";\n");
        ind(g); buf_printf(g->b, "if (%s > %s) %s = %s;\n", NM(LIM), NM(ILO), NM(ILO), NM(LIM));
    }
    for (int i = 0; i < s->u.par.clamp_limits.n; i++) {
        ind(g); buf_printf(g->b, "%s = ", NM(LIM));
        print_idx(g, s->u.par.clamp_limits.v[i]);
        buf_puts(g->b, ";\n");
        ind(g); buf_printf(g->b, "if (%s < %s) %s = %s;\n", NM(LIM), NM(IHI), NM(IHI), NM(LIM));
    }
    ind(g); buf_printf(g->b, "if (%s > %s) %s = %s;\n", NM(ILO), NM(END), NM(ILO), NM(END));
    ind(g); buf_printf(g->b, "if (%s < %s) %s = %s;\n", NM(IHI), NM(ILO), NM(IHI), NM(ILO));
    const char *from[3] = { beg, NM(ILO), NM(IHI) }, *to[3] = { NM(ILO), NM(IHI), NM(END) };
    for (int p = 0; p < 3; p++) {
        if (s->u.par.simd) { ind(g); buf_puts(g->b, "#pragma omp simd\n"); }
        ind(g);
        buf_printf(g->b, "for (int %s%.1s = (int)%s; %s%.1s < %s; %s%.1s++) {\n", NM(T), c, from[p], NM(T), c, to[p], NM(T), c);
        g->clamps = p == 1 ? &s->u.par.clamps : NULL;
        print_lanes(g, s, u, need_tid);
        g->clamps = NULL;
    }
}

static void print_block_for(Cg *g, IrStmt *s)
{
    Uses u = { .flag_loop = -1 };
    uses(s->u.par.body, &u);
    for (int i = 0; i < s->u.par.recompute.n; i++) uses_range(&((IrVar *)s->u.par.recompute.v[i])->decl->u.decl.init, &u);
    int need_tid = u.tid || g->done_flags || g->o->check;
    if (g->o->check && s->u.par.after_barrier) { ind(g); buf_printf(g->b, "%s();\n", NM(CHK_BARRIER)); }
    int inner_parallel = g->o->schedule == CG_INNER_PARALLEL && !g->k->calls_block_storage && !g->k->grid_sync;
    /* the bounds pass: the innermost loop's range (and step) are computed
     * between it and the loops around it, which then do not collapse */
    int bounded = s->u.par.limits.n || s->u.par.lows.n || s->u.par.conds.n || s->u.par.stride;
    /* (labels would repeat in the copies; --check wraps accesses by offset) */
    int versioned = bounded && s->u.par.clamps.n && !s->u.par.stride && !u.jumps && !g->o->check && !g->reference;
    if (inner_parallel && !bounded) {
        ind(g); buf_puts(g->b, "#pragma omp parallel for collapse(3) schedule(static)\n");
    }
    /* A body that names no thread index but cucpu_tid (hotspot's
     * `computed = false;`) runs as one loop over the block's threads, in
     * the same order (z, y, x): gcc sees one range (one memset of the
     * block's flags, not one call per row). */
    if (!bounded && !inner_parallel && s->u.par.inner == 0 && !u.thread_idx && !u.lit && !g->o->check && !g->reference) {
        if (s->u.par.simd) { ind(g); buf_puts(g->b, "#pragma omp simd\n"); }
        ind(g);
        buf_printf(g->b, "for (int %s = 0; %s < (int)(blockDim.x * blockDim.y * blockDim.z); %s++) {\n", NM(TID), NM(TID), NM(TID));
        print_lanes(g, s, &u, 0);
        return;
    }
    /* int counters (blocks have at most 1024 threads): the C compiler then
     * knows indices derived from them do not wrap. z, y, x, except that
     * interchange may have chosen another innermost component. */
    int order[3], n = 0;
    for (int d = 2; d >= 0; d--)
        if (d != s->u.par.inner) order[n++] = d;
    order[n] = s->u.par.inner;
    for (int i = 0; i < 3; i++) {
        const char *c = &"xyz"[order[i]];
        if (i == 2 && bounded) print_stride(g, s, c);
        if (i == 2 && versioned) break;
        if (i == 2 && s->u.par.simd && (!inner_parallel || bounded)) { ind(g); buf_puts(g->b, "#pragma omp simd\n"); }
        ind(g);
        if (i == 2 && bounded)
            buf_printf(g->b, "for (int %s%.1s = %s%s; %s%.1s < %s; %s%.1s%s%s) {\n", NM(T), c,
                       s->u.par.stride || s->u.par.lows.n ? "(int)" : "",
                       s->u.par.stride ? NM(FIRST) : s->u.par.lows.n ? NM(BEG) : "0", NM(T), c, NM(END), NM(T), c,
                       s->u.par.stride ? " += (int)" : "++", s->u.par.stride ? NM(STEP) : "");
        else
            buf_printf(g->b, "for (int %s%.1s = 0; %s%.1s < (int)blockDim.%.1s; %s%.1s++)%s\n", NM(T), c, NM(T), c, c, NM(T), c,
                       i == 2 ? " {" : i == 1 && bounded ? " {" : "");
    }
    if (versioned) print_clamped(g, s, &"xyz"[order[2]], &u, need_tid);
    else print_lanes(g, s, &u, need_tid);
    if (bounded) { g->indent--; ind(g); buf_puts(g->b, "}\n"); }
}

/* After a thread loop (or a nested block-level loop), act on the break and
 * continue flags its threads set for the enclosing barrier loops. */
static void flag_checks(Cg *g, IrStmt *s, const int *loops, int nloops)
{
    for (int i = 0; i < nloops; i++) {
        if (active_of(g, loops[i])) continue;
        if (uses_flag(s, loops[i], REF_BREAK)) { ind(g); buf_printf(g->b, "if (%s%d) break;\n", NM(BREAK_), loops[i]); }
        if (i == nloops - 1 && uses_flag(s, loops[i], REF_CONTINUE)) {
            ind(g);
            buf_printf(g->b, "if (%s%d) { %s%d = 0; goto %s%d; }\n", NM(CONTINUE_), loops[i], NM(CONTINUE_), loops[i],
                       NM(STEP_), loops[i]);
        }
    }
}

/* ---- block-level statements ---------------------------------------------------------- */

static void print_body_seq(Cg *g, IrStmt *seq)
{
    for (int i = 0; i < seq->u.seq.list.n; i++) {
        IrStmt *s = seq->u.seq.list.v[i];
        print_stmt(g, s);
        if (!g->thread && (s->kind == IR_BLOCK_FOR || s->kind == IR_FOR || s->kind == IR_WHILE ||
                           s->kind == IR_DO || s->kind == IR_IF || s->kind == IR_SEQ))
            flag_checks(g, s, g->bloops, g->nbloops);
    }
}

/* Whether r may write memory or a variable: then it cannot run once per
 * thread just to be checked. */
static int range_writes(const IrRange *r)
{
    if (ir_range_made(r) || r->unknown_write) return 1;
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        if ((f->kind == REF_VAR && f->is_write) || f->kind == REF_CALL) return 1;
    }
    for (int i = 0; i < r->accesses.n; i++)
        if (((const IrAccess *)r->accesses.v[i])->write) return 1;
    return 0;
}

/* --check (synccheck): a condition at block level decides for the whole
 * block whether it meets the barriers inside; thread 0's value is used.
 * Each thread's value is compared with it first, in a statement
 * expression: ({ for each thread: cucpu_chk_cond(c, tid, site); }). It
 * starts a new barrier interval: a loop's condition may follow the last
 * barrier of its body (a race across it goes unreported, never a false one). */
static void print_cond_check(Cg *g, const IrRange *r, SrcLoc loc)
{
    if (!g->o->check || g->thread || range_writes(r)) return;
    int saved = g->thread;
    const char *tx = NM(TX), *ty = NM(TY), *tz = NM(TZ);
    buf_printf(g->b, "({ %s(); %s(); ", NM(CHK_BARRIER), NM(CHK_COND_BEGIN));
    buf_printf(g->b, "for (int %s = 0; %s < (int)blockDim.z; %s++) ", tz, tz, tz);
    buf_printf(g->b, "for (int %s = 0; %s < (int)blockDim.y; %s++) ", ty, ty, ty);
    buf_printf(g->b, "for (int %s = 0; %s < (int)blockDim.x; %s++) { ", tx, tx, tx);
    buf_printf(g->b, "const uint3 threadIdx = {(unsigned)%s, (unsigned)%s, (unsigned)%s}; (void)threadIdx; ", tx, ty, tz);
    buf_printf(g->b, "const int %s = (%s * (int)blockDim.y + %s) * (int)blockDim.x + %s; ", NM(TID), tz, ty, tx);
    buf_printf(g->b, "%s(!!(", NM(CHK_COND));
    g->thread = 1;
    print_range(g, r);
    g->thread = saved;
    buf_printf(g->b, "), %s, \"%s:%u:%u\"); } }), ", NM(TID), loc.file ? loc.file : g->src->name, loc.line, loc.col);
}

static void print_cond(Cg *g, const IrRange *r)
{
    buf_puts(g->b, "(");
    print_cond_check(g, r, r->loc);
    print_range(g, r);
    buf_puts(g->b, ")");
}

/* The init of a block-level for prints in its header when it is one
 * declaration as written; otherwise (several declarators, an expression)
 * it prints before the loop, in a scope of its own. */
static int init_in_header(const IrStmt *init)
{
    if (!init || init->kind != IR_SEQ || init->u.seq.list.n != 1) return 0;
    const IrStmt *d = init->u.seq.list.v[0];
    return d->kind == IR_DECL && d->u.decl.decl.end > d->u.decl.decl.begin &&
           !(d->u.decl.var->flags & (IRV_PRIVATE | IRV_SCALAR));
}

static void print_loop(Cg *g, IrStmt *s)
{
    int id = s->u.loop.id;
    IrStmt *init = s->u.loop.init;
    int init_before = init && !init_in_header(init);
    if (init_before) {
        ind(g); buf_puts(g->b, "{\n");
        g->indent++;
        print_stmt(g, init);
    }
    ind(g);
    if (s->kind == IR_DO) buf_puts(g->b, "do {\n");
    else if (s->kind == IR_WHILE) { buf_puts(g->b, "while "); print_cond(g, &s->u.loop.cond); buf_puts(g->b, " {\n"); }
    else {
        buf_puts(g->b, "for (");
        if (init && !init_before) {
            IrStmt *d = init->u.seq.list.v[0];
            print_range(g, &d->u.decl.decl);
            buf_puts(g->b, " ");
        } else
            buf_puts(g->b, "; ");
        if (s->u.loop.has_cond) {
            print_cond_check(g, &s->u.loop.cond, s->u.loop.cond.loc);
            print_range(g, &s->u.loop.cond);
        }
        buf_puts(g->b, "; ");
        if (s->u.loop.has_inc) print_range(g, &s->u.loop.inc);
        buf_puts(g->b, ") {\n");
    }
    g->indent++;
    int in_thread = g->thread;
    if (in_thread) g->tloops[g->ntloops++] = id;
    else g->bloops[g->nbloops++] = id;
    ind(g); buf_puts(g->b, "{\n");
    g->indent++;
    /* --check: an iteration may start after the previous one's last barrier
     * (a race across the back edge goes unreported, never a false one) */
    if (g->o->check && !in_thread) { ind(g); buf_printf(g->b, "%s();\n", NM(CHK_BARRIER)); }
    print_body_seq(g, s->u.loop.body);
    g->indent--;
    ind(g); buf_puts(g->b, "}\n");
    if (in_thread) g->ntloops--;
    else g->nbloops--;
    int flags = !in_thread && !s->u.loop.active;
    if (flags && uses_flag(s->u.loop.body, id, REF_CONTINUE)) { ind(g); buf_printf(g->b, "%s%d:;\n", NM(STEP_), id); }
    if (s->u.loop.step) print_stmt(g, s->u.loop.step);
    g->indent--;
    ind(g);
    if (s->kind == IR_DO) { buf_puts(g->b, "} while "); print_cond(g, &s->u.loop.cond); buf_puts(g->b, ";\n"); }
    else buf_puts(g->b, "}\n");
    if (flags && uses_flag(s->u.loop.body, id, REF_BREAK)) { ind(g); buf_printf(g->b, "%s%d = 0;\n", NM(BREAK_), id); }
    if (init_before) { g->indent--; ind(g); buf_puts(g->b, "}\n"); }
}

static void put_buf(void *ctx, const char *s) { buf_puts(ctx, s); }

/* A warp tree whose operand's thread loop has bounds (bounds.c,
 * range_trees): it folds the warps from the one of the loop's first
 * thread to the one of its last. With rows of one thread id (blockDim.y
 * and .z 1) the loop's bounds are thread ids; otherwise, every warp. */
static void print_ranged_tree(Cg *g, const IrStmt *s)
{
    const IrStmt *l = s->u.text.tree_range;
    ind(g); buf_puts(g->b, "{\n");
    g->indent++;
    ind(g); buf_printf(g->b, "long %s = 0, %s = %s;   /* the threads that store the tree's operand */\n", NM(WB), NM(WE), NM(NT));
    ind(g); buf_puts(g->b, "if (blockDim.y == 1 && blockDim.z == 1) {\n");
    g->indent++;
    ind(g); buf_printf(g->b, "%s = 0;\n", NM(WE));
    ind(g); buf_printf(g->b, "for (int %s = 0; %s < 1; %s++)\n", NM(TZ), NM(TZ), NM(TZ));
    ind(g); buf_printf(g->b, "for (int %s = 0; %s < 1; %s++) {\n", NM(TY), NM(TY), NM(TY));
    print_bounds(g, l, "(int)blockDim.x");
    ind(g); buf_printf(g->b, "%s = %s;\n", NM(WB), l->u.par.lows.n ? NM(BEG) : "0");
    ind(g); buf_printf(g->b, "%s = %s;\n", NM(WE), NM(END));
    g->indent--;
    ind(g); buf_puts(g->b, "}\n");
    /* whole warps, within the block */
    ind(g); buf_printf(g->b, "%s &= ~31L;\n", NM(WB));
    ind(g); buf_printf(g->b, "%s = %s <= %s ? %s : (%s + 31) / 32 * 32 < %s ? (%s + 31) / 32 * 32 : %s;\n", NM(WE), NM(WE),
                       NM(WB), NM(WB), NM(WE), NM(NT), NM(WE), NM(NT));
    g->indent--;
    ind(g); buf_puts(g->b, "}\n");
    ind(g); ir_tree_c(s->u.text.tree, 1, put_buf, g->b); buf_puts(g->b, "\n");
    g->indent--;
    ind(g); buf_puts(g->b, "}\n");
}

static void print_stmt(Cg *g, IrStmt *s)
{
    if (!s) return;
    switch (s->kind) {
    case IR_SEQ:
        if (s->u.seq.scope) { ind(g); buf_puts(g->b, "{\n"); g->indent++; }
        if (g->thread)
            for (int i = 0; i < s->u.seq.list.n; i++) print_stmt(g, s->u.seq.list.v[i]);
        else
            print_body_seq(g, s);
        if (s->u.seq.scope) { g->indent--; ind(g); buf_puts(g->b, "}\n"); }
        break;
    case IR_TEXT: {
        if (s->u.text.any_active) {
            /* a predicated loop ends when none of its threads runs on */
            const char *act = s->u.text.any_active->name;
            ind(g);
            buf_printf(g->b, "{ int %s = 0; for (int %s = 0; %s < %s; %s++) %s |= %s[%s] == 1", NM(ANY), NM(T), NM(T),
                       NM(NT), NM(T), NM(ANY), act, NM(T));
            if (g->done_flags) buf_printf(g->b, " && !%s[%s]", NM(DONE), NM(T));
            buf_printf(g->b, "; if (!%s) break; }\n", NM(ANY));
            break;
        }
        if (s->u.text.clears) {
            ind(g);
            buf_printf(g->b, "for (int %s = 0; %s < %s; %s++) %s[%s] = 0;\n", NM(T), NM(T), NM(NT), NM(T),
                       s->u.text.clears, NM(T));
            break;
        }
        if (s->u.text.tree_range) {
            print_ranged_tree(g, s);
            break;
        }
        if (s->u.text.tree) {
            ind(g);
            ir_tree_c(s->u.text.tree, 0, put_buf, g->b);
            buf_puts(g->b, "\n");
            break;
        }
        if (s->u.text.block_level) {
            ind(g);
            print_range(g, &s->u.text.r);
            buf_puts(g->b, "\n");
            break;
        }
        IrRange r;
        if (!printed_range(s, &r)) break;
        line_directive(g, r.loc);
        ind(g);
        print_range(g, &r);
        if (r.end > r.begin && !r.terminated) buf_puts(g->b, ";");
        buf_puts(g->b, "\n");
        break;
    }
    case IR_DECL:
        line_directive(g, s->loc);
        print_decl(g, s);
        break;
    case IR_RETURN: case IR_BREAK: case IR_CONTINUE:
        ind(g);
        if (!g->thread && s->kind == IR_BREAK) {
            /* a uniform break at block level (split): leaves the barrier loop */
            buf_puts(g->b, "break;\n");
            break;
        }
        jump_text(g, s->kind == IR_RETURN ? REF_RETURN : s->kind == IR_BREAK ? REF_BREAK : REF_CONTINUE, s->u.jump.loop);
        buf_puts(g->b, "\n");
        break;
    case IR_BLOCK_FOR: print_block_for(g, s); break;
    case IR_IF:
        line_directive(g, s->loc);
        /* braces always: a branch may have become several thread loops, or none */
        ind(g); buf_puts(g->b, "if "); print_cond(g, &s->u.ifs.cond); buf_puts(g->b, " {\n");
        g->indent++;
        print_stmt(g, s->u.ifs.then);
        g->indent--;
        ind(g); buf_puts(g->b, "}");
        if (s->u.ifs.els) {
            buf_puts(g->b, " else {\n");
            g->indent++;
            print_stmt(g, s->u.ifs.els);
            g->indent--;
            ind(g); buf_puts(g->b, "}");
        }
        buf_puts(g->b, "\n");
        break;
    case IR_FOR: case IR_WHILE: case IR_DO:
        line_directive(g, s->loc);
        print_loop(g, s);
        break;
    default:
        cucpu_bug(__func__, "cannot print %s", ir_kind_name(s->kind));
    }
}

/* ---- the launcher ------------------------------------------------------------------------ */

/* The per-thread arrays of a kernel whose storage is too large for the
 * stack (IrKernel.private_heap): one 64-byte aligned block per OpenMP
 * thread, each array at its offset, typed as a pointer to its elements
 * (`a[cucpu_tid]` reads as before). A thread that cannot get the block
 * sets cucpu_pv_failed; the launch then runs no block. */
static void print_private_heap(Cg *g)
{
    IrKernel *k = g->k;
    const char *pv = NM(PV), *n = NM(PV_N), *off = NM(PV_OFFSET);
    ind(g); buf_printf(g->b, "size_t %s = 0;\n", n);
    for (int i = 0; i < k->vars.n; i++) {
        IrVar *v = k->vars.v[i];
        if (!(v->flags & IRV_PRIVATE)) continue;
        ind(g);
        buf_printf(g->b, "const size_t %s%s = %s; %s += ((size_t)%s * sizeof(", off, v->name, n, n, NM(NT));
        if (is_ref(v)) buf_puts(g->b, "void *");
        else buf_printf(g->b, "%s%s", v->elem_type ? v->elem_type : v->type, v->dims);
        buf_puts(g->b, ") + 63) & ~(size_t)63;\n");
    }
    ind(g); buf_printf(g->b, "unsigned char *%s = (unsigned char *)aligned_alloc(64, %s);\n", pv, n);
    ind(g); buf_printf(g->b, "if (!%s) {\n", pv);
    ind(g); buf_puts(g->b, "    #pragma omp atomic write\n");
    ind(g); buf_printf(g->b, "    %s = 1;\n", NM(PV_FAILED));
    ind(g); buf_puts(g->b, "}\n");
    for (int i = 0; i < k->vars.n; i++) {
        IrVar *v = k->vars.v[i];
        if (!(v->flags & IRV_PRIVATE)) continue;
        ind(g);
        if (is_ref(v)) {
            int len = (int)strlen(v->type) - 1;
            buf_printf(g->b, "%.*s **%s = (%.*s **)(%s + %s%s);\n", len, v->type, v->name, len, v->type, pv, off, v->name);
        } else {
            const char *t = v->elem_type ? v->elem_type : v->type;
            if (*v->dims) buf_printf(g->b, "%s (*%s)%s = (%s (*)%s)(%s + %s%s);\n", t, v->name, v->dims, t, v->dims, pv, off, v->name);
            else buf_printf(g->b, "%s *%s = (%s *)(%s + %s%s);\n", t, v->name, t, pv, off, v->name);
        }
    }
}

static void print_region_decls(Cg *g)
{
    IrKernel *k = g->k;
    for (int i = 0; i < k->shared.n; i++) {
        IrStmt *s = k->shared.v[i];
        IrVar *v = s->u.decl.var;
        ind(g);
        const char *et = v->elem_type ? v->elem_type : v->type;
        if (v->flags & IRV_DYNSHARED)
            buf_printf(g->b, "%s *%s = (%s *)%s;\n", et, v->name, et, NM(DYNSMEM));
        else
            buf_printf(g->b, "%s %s%s;\n", v->type, v->name, v->dims);
    }
    if (k->private_heap && !g->reference) print_private_heap(g);
    for (int i = 0; i < k->vars.n; i++) {
        IrVar *v = k->vars.v[i];
        if ((v->flags & IRV_PRIVATE) && k->private_heap && !g->reference) {
            /* this OpenMP thread's slice of the heap block */
        } else if ((v->flags & IRV_PRIVATE) && is_ref(v)) {
            ind(g);
            buf_printf(g->b, "%.*s *%s[%s];\n", (int)strlen(v->type) - 1, v->type, v->name, NM(NT));
        } else if (v->flags & IRV_PRIVATE) {
            ind(g);
            buf_printf(g->b, "%s %s[%s%s]%s;\n", v->elem_type ? v->elem_type : v->type, v->name, NM(NT),
                       v->flags & IRV_EXCHANGE ? " + 32" : "", v->dims);
        }
        if (v->flags & IRV_SCALAR) { ind(g); buf_printf(g->b, "%s %s;\n", v->type, v->name); }
    }
    if (g->done_flags) { ind(g); buf_printf(g->b, "unsigned char %s[%s];\n", NM(DONE), NM(NT)); }
}

static int needs_nt(IrKernel *k, int done)
{
    for (int i = 0; i < k->vars.n; i++)
        if (((IrVar *)k->vars.v[i])->flags & IRV_PRIVATE) return 1;
    return done;
}

static int has_scalars(IrKernel *k)
{
    for (int i = 0; i < k->vars.n; i++)
        if (((IrVar *)k->vars.v[i])->flags & IRV_SCALAR) return 1;
    return 0;
}

static void print_flags(Cg *g, IrStmt *s)
{
    if (!s) return;
    switch (s->kind) {
    case IR_SEQ: for (int i = 0; i < s->u.seq.list.n; i++) print_flags(g, s->u.seq.list.v[i]); break;
    case IR_IF: print_flags(g, s->u.ifs.then); print_flags(g, s->u.ifs.els); break;
    case IR_FOR: case IR_WHILE: case IR_DO:
        if (s->u.loop.active) { print_flags(g, s->u.loop.body); break; }
        if (uses_flag(s->u.loop.body, s->u.loop.id, REF_BREAK)) { ind(g); buf_printf(g->b, "int %s%d = 0;\n", NM(BREAK_), s->u.loop.id); }
        if (uses_flag(s->u.loop.body, s->u.loop.id, REF_CONTINUE)) { ind(g); buf_printf(g->b, "int %s%d = 0;\n", NM(CONTINUE_), s->u.loop.id); }
        print_flags(g, s->u.loop.body);
        break;
    default: break;
    }
}

/* An index expression of the bounds pass, in long arithmetic, in terms of
 * the loop counters (thread ids of the outer loops, block ids). */
static void print_idx(Cg *g, const IrIdx *x)
{
    switch (x->kind) {
    case IX_CONST: buf_printf(g->b, x->c < 0 ? "(%ldL)" : "%ldL", x->c); break;
    case IX_TID: buf_printf(g->b, "(long)%s%c", NM(T), "xyz"[x->dim]); break;
    case IX_SYM:
        if (x->builtin == IRB_BLOCK_IDX) buf_printf(g->b, "(long)%s%c", NM(B), "xyz"[x->dim]);
        else buf_printf(g->b, "(long)%s", x->text);
        break;
    case IX_VAR: buf_printf(g->b, "(long)%s", x->var->name); break;
    case IX_ADD: case IX_SUB: case IX_MUL: {
        /* parentheses only where C needs them */
        int sum_l = x->kind == IX_MUL && (x->l->kind == IX_ADD || x->l->kind == IX_SUB);
        int sum_r = x->r->kind == IX_ADD || x->r->kind == IX_SUB;
        if (sum_l) buf_puts(g->b, "(");
        print_idx(g, x->l);
        if (sum_l) buf_puts(g->b, ")");
        buf_puts(g->b, x->kind == IX_ADD ? " + " : x->kind == IX_SUB ? " - " : " * ");
        if (sum_r) buf_puts(g->b, "(");
        print_idx(g, x->r);
        if (sum_r) buf_puts(g->b, ")");
        break;
    }
    default: cucpu_bug(__func__, "opaque bound");
    }
}

/* The bounds pass: the innermost thread loop runs to cucpu_end; a test
 * that is the same for the whole loop skips it. */
static void print_bounds(Cg *g, const IrStmt *block, const char *extent)
{
    static const char *const ops[] = { " < ", " <= ", " > ", " >= ", " == " };
    g->indent++;
    ind(g); buf_printf(g->b, "long %s = %s, %s;   /* the thread body's guard, as bounds */\n", NM(END), extent, NM(LIM));
    if (block->u.par.lows.n) { ind(g); buf_printf(g->b, "long %s = 0;\n", NM(BEG)); }
    for (int i = 0; i < block->u.par.lows.n; i++) {
        ind(g); buf_printf(g->b, "%s = ", NM(LIM));
        print_idx(g, block->u.par.lows.v[i]);
        buf_puts(g->b, ";\n");
        ind(g); buf_printf(g->b, "if (%s > %s) %s = %s;\n", NM(LIM), NM(BEG), NM(BEG), NM(LIM));
    }
    for (int i = 0; i < block->u.par.limits.n; i++) {
        ind(g); buf_printf(g->b, "%s = ", NM(LIM));
        print_idx(g, block->u.par.limits.v[i]);
        buf_puts(g->b, ";\n");
        ind(g); buf_printf(g->b, "if (%s < %s) %s = %s;\n", NM(LIM), NM(END), NM(END), NM(LIM));
    }
    if (block->u.par.conds.n) {
        ind(g); buf_puts(g->b, "if (!(");
        for (int i = 0; i < block->u.par.conds.n; i++) {
            const IrCompare *c = block->u.par.conds.v[i];
            if (i) buf_puts(g->b, " && ");
            print_idx(g, c->l);
            buf_puts(g->b, ops[c->op]);
            print_idx(g, c->r);
        }
        buf_puts(g->b, ")) continue;\n");
    }
    /* (int)cucpu_beg below is then exact */
    if (block->u.par.lows.n) { ind(g); buf_printf(g->b, "if (%s >= %s) continue;\n", NM(BEG), NM(END)); }
}

/* Kernels without barriers or shared memory under the flat schedule: one
 * parallel loop over every thread of the grid. The innermost thread loop
 * (x, or what interchange chose) runs as SIMD lanes when the body allows
 * it. With interchange, the loops go by global index, the inner component
 * last (z, x, y: bz tz bx tx by ty), so the innermost runs along rows.
 * Under balance all six loops are dealt out in chunks of 64 threads. */
static void print_flat(Cg *g, IrStmt *block)
{
    int inner = block->u.par.inner, bal = g->k->balance;
    const char *par = g->team ? "for" : "parallel for";
    if (bal) { ind(g); buf_printf(g->b, "#pragma omp %s collapse(6) schedule(static, 64)\n", par); }
    else { ind(g); buf_printf(g->b, "#pragma omp %s collapse(5) schedule(static)\n", par); }
    const char *const blocks[3][3] = { { "unsigned", NM(BX), "gridDim.x" }, { "unsigned", NM(BY), "gridDim.y" },
                                       { "unsigned", NM(BZ), "gridDim.z" } };
    const char *const threads[3][3] = { { "int", NM(TX), "(int)blockDim.x" }, { "int", NM(TY), "(int)blockDim.y" },
                                        { "int", NM(TZ), "(int)blockDim.z" } };
    const char *const *loops[6];
    if (inner == 0) {
        for (int d = 2; d >= 0; d--) loops[2 - d] = blocks[d], loops[5 - d] = threads[d];
    } else {
        int n = 0;
        for (int d = 2; d >= 0; d--)
            if (d != inner) loops[n++] = blocks[d], loops[n++] = threads[d];
        loops[4] = blocks[inner];
        loops[5] = threads[inner];
    }
    int bounded = block->u.par.limits.n || block->u.par.lows.n || block->u.par.conds.n;
    for (int i = 0; i < 6; i++) {
        if (i == 5 && bounded) print_bounds(g, block, loops[5][2]);
        if (i == 5 && block->u.par.simd && !bal) { ind(g); buf_puts(g->b, "#pragma omp simd\n"); }
        ind(g);
        const char *v = loops[i][1];
        buf_printf(g->b, "for (%s %s = %s%s; %s < %s; %s++)%s\n", loops[i][0], v,
                   i == 5 && block->u.par.lows.n ? "(int)" : "", i == 5 && block->u.par.lows.n ? NM(BEG) : "0", v,
                   i == 5 && bounded ? NM(END) : loops[i][2], v, i == 5 || (i == 4 && bounded) ? " {" : "");
    }
    g->indent++;
    ind(g); buf_printf(g->b, "const uint3 blockIdx = {%s, %s, %s};\n", NM(BX), NM(BY), NM(BZ));
    ind(g); buf_printf(g->b, "const uint3 threadIdx = {(unsigned)%s, (unsigned)%s, (unsigned)%s};\n", NM(TX), NM(TY), NM(TZ));
    ind(g); buf_puts(g->b, "(void)blockIdx; (void)threadIdx;\n");
    g->thread = 1;
    g->seg = block->u.par.seg;
    Uses u = { .flag_loop = -1 };
    uses(block->u.par.body, &u);
    ind(g); buf_puts(g->b, "{\n");
    g->indent++;
    print_stmt(g, block->u.par.body);
    g->indent--;
    ind(g); buf_puts(g->b, "}\n");
    if (u.jumps) { ind(g); buf_printf(g->b, "%s%d:;\n", NM(NEXT_), block->u.par.seg); }
    g->indent--;
    ind(g); buf_puts(g->b, "}\n");
    if (bounded) { g->indent--; ind(g); buf_puts(g->b, "}\n"); }
}

/* The single thread loop of a kernel that may be flattened, or NULL. */
static IrStmt *flat_block(IrKernel *k, const CgOptions *o)
{
    if (!(k->flat || o->schedule == CG_FLAT) || k->shared.n || k->uses_dynshared || o->check) return NULL;
    IrStmt *body = k->body->u.par.body;
    if (body->u.seq.list.n != 1) return NULL;
    IrStmt *b = body->u.seq.list.v[0];
    if (b->kind != IR_BLOCK_FOR) return NULL;
    for (int i = 0; i < k->vars.n; i++)
        if (((IrVar *)k->vars.v[i])->flags & IRV_PRIVATE) return NULL;
    return b;
}

static void print_kernel(Buf *b, const SrcFile *src, IrKernel *k, const CgOptions *o, int team)
{
    Cg g = { .b = b, .src = src, .k = k, .o = o, .indent = 1, .team = team };
    IrVar *active[k->nloops > 0 ? k->nloops : 1];
    memset(active, 0, sizeof active);
    g.active = active;
    collect_active(&g, k->body);
    IrStmt *grid = k->body;
    g.done_flags = k->has_return && k->nsegs > 1;
    int per_block = o->schedule == CG_INNER_PARALLEL;   /* declarations inside the block loop */
    int region = !per_block && (k->shared.n > 0 || k->uses_dynshared || needs_nt(k, g.done_flags) || has_scalars(k) ||
                                k->grid_sync);
    buf_puts(b, "{\n");
    if (team) {
        /* every thread has evaluated the arguments before any writes */
        ind(&g); buf_printf(b, "if (%s) {\n", NM(SYNC));
        ind(&g); buf_puts(b, "    #pragma omp barrier\n");
        ind(&g); buf_puts(b, "}\n");
    }
    /* a launch into a capturing stream records itself (the team entry's
     * launcher does that before its team starts) */
    if (!team) cg_capture_guard(b, k, "    ");
    /* check (named from the symbol table) and end: CUCPU_PROFILE times the launch exactly */
    ind(&g); buf_printf(b, "if (%s(gridDim, blockDim, %s) != cudaSuccess) return;\n", NM(LAUNCH_CHECK), NM(SHMEM));
    if (k->prologue && k->prologue->u.seq.list.n) {
        /* once per launch (licm) */
        print_stmt(&g, k->prologue);
    }
    IrStmt *flat = flat_block(k, o);
    if (flat) {
        print_flat(&g, flat);
        ind(&g); buf_printf(b, "%s();\n", NM(LAUNCH_END));
        buf_puts(b, "}");
        return;
    }
    /* balance: blocks dealt out one at a time, round robin */
    const char *sched = k->balance || k->grid_sync ? "schedule(static, 1)" : "schedule(static)";
    /* grid.sync(): every block at once, one OpenMP thread each */
    const char *width = k->grid_sync ? " num_threads((int)(gridDim.x * gridDim.y * gridDim.z))" : "";
    if (k->grid_sync) { ind(&g); buf_printf(b, "if (%s(gridDim, blockDim) != cudaSuccess) return;\n", NM(GRID_BEGIN)); }
    if (needs_nt(k, g.done_flags)) { ind(&g); buf_printf(b, "const int %s = (int)(blockDim.x * blockDim.y * blockDim.z);\n", NM(NT)); }
    int heap = k->private_heap;
    if (heap) { ind(&g); buf_printf(b, "int %s = 0;   /* a thread could not get its per-thread arrays */\n", NM(PV_FAILED)); }
    if (region) {
        if (!team) { ind(&g); buf_printf(b, "#pragma omp parallel%s\n", width); }
        ind(&g); buf_puts(b, "{\n");
        g.indent++;
        if (k->uses_dynshared) {
            ind(&g); buf_printf(b, "unsigned char *%s = (unsigned char *)malloc(%s + 16);\n", NM(DYNSMEM), NM(SHMEM));
            ind(&g); buf_printf(b, "%s = %s;\n", NM(DYNSMEM_TLS), NM(DYNSMEM));
        }
        print_region_decls(&g);
        if (heap) {
            /* every thread knows whether all got their arrays: all run the
             * launch, or none */
            ind(&g); buf_puts(b, "#pragma omp barrier\n");
            ind(&g); buf_printf(b, "if (!%s) {\n", NM(PV_FAILED));
        }
        ind(&g); buf_printf(b, "#pragma omp for collapse(3) %s\n", sched);
    } else {
        ind(&g); buf_printf(b, "#pragma omp %s collapse(3) %s%s\n", team ? "for" : "parallel for", sched, team ? "" : width);
    }
    ind(&g); buf_printf(b, "for (unsigned %s = 0; %s < gridDim.z; %s++)\n", NM(BZ), NM(BZ), NM(BZ));
    ind(&g); buf_printf(b, "for (unsigned %s = 0; %s < gridDim.y; %s++)\n", NM(BY), NM(BY), NM(BY));
    ind(&g); buf_printf(b, "for (unsigned %s = 0; %s < gridDim.x; %s++) {\n", NM(BX), NM(BX), NM(BX));
    g.indent++;
    ind(&g); buf_printf(b, "const uint3 blockIdx = {%s, %s, %s};\n", NM(BX), NM(BY), NM(BZ));
    ind(&g); buf_puts(b, "(void)blockIdx;\n");
    if (o->check) { ind(&g); buf_printf(b, "%s(\"%s\", blockIdx, blockDim);\n", NM(CHK_BLOCK), k->name); }
    if (per_block) {
        if (k->uses_dynshared) {
            ind(&g); buf_printf(b, "unsigned char *%s = (unsigned char *)malloc(%s + 16);\n", NM(DYNSMEM), NM(SHMEM));
            ind(&g); buf_printf(b, "%s = %s;\n", NM(DYNSMEM_TLS), NM(DYNSMEM));
        }
        print_region_decls(&g);
        if (heap) {
            /* the block's arrays could not be had: the launch fails */
            ind(&g); buf_printf(b, "if (!%s) {", NM(PV));
            if (k->uses_dynshared) buf_printf(b, " free(%s);", NM(DYNSMEM));
            buf_puts(b, " continue; }\n");
        }
    }
    print_flags(&g, grid->u.par.body);
    if (g.done_flags) {
        const char *t = NM(T);
        ind(&g);
        buf_printf(b, "for (int %s = 0; %s < %s; %s++) %s[%s] = 0;\n", t, t, NM(NT), t, NM(DONE), t);
    }
    /* block-level code (conditions of barrier loops) runs as thread 0 */
    Uses top = { .flag_loop = -1 };
    for (int i = 0; i < grid->u.par.body->u.seq.list.n; i++) {
        IrStmt *s = grid->u.par.body->u.seq.list.v[i];
        if (s->kind != IR_BLOCK_FOR) uses(s, &top);
    }
    if (top.thread_idx) { ind(&g); buf_puts(b, "const uint3 threadIdx = {0, 0, 0};\n"); }
    print_stmt(&g, grid->u.par.body);
    if (o->check) { ind(&g); buf_printf(b, "%s();\n", NM(CHK_END)); }
    if (per_block && k->uses_dynshared) {
        ind(&g); buf_printf(b, "free(%s);\n", NM(DYNSMEM));
        ind(&g); buf_printf(b, "%s = 0;\n", NM(DYNSMEM_TLS));
    }
    if (per_block && heap) { ind(&g); buf_printf(b, "free(%s);\n", NM(PV)); }
    g.indent--;
    ind(&g); buf_puts(b, "}\n");
    if (region) {
        if (heap) { ind(&g); buf_puts(b, "}\n"); ind(&g); buf_printf(b, "free(%s);\n", NM(PV)); }
        if (k->uses_dynshared) {
            /* no dangling pointer for a later launch's callee to read: one
             * whose kernel wrongly provides no buffer faults instead of
             * reading freed memory */
            ind(&g); buf_printf(b, "free(%s);\n", NM(DYNSMEM));
            ind(&g); buf_printf(b, "%s = 0;\n", NM(DYNSMEM_TLS));
        }
        g.indent--;
        ind(&g); buf_puts(b, "}\n");
    }
    /* as a GPU launch that cannot get its resources (local memory) */
    if (heap) { ind(&g); buf_printf(b, "if (%s) %s(cudaErrorLaunchOutOfResources);\n", NM(PV_FAILED), NM(SET_LAST_ERROR)); }
    ind(&g); buf_printf(b, "%s();\n", NM(LAUNCH_END));
    buf_puts(b, "}");
}

void cg_kernel(Buf *b, const SrcFile *src, IrKernel *k, const CgOptions *o)
{
    if (o->reference) cg_reference_kernel(b, src, k, o);
    else print_kernel(b, src, k, o, 0);
}

void cg_team_kernel(Buf *b, const SrcFile *src, IrKernel *k, const CgOptions *o) { print_kernel(b, src, k, o, 1); }

/* ---- for the reference mode (reference.c) ------------------------------------------ */

void cgk_indent(Cg *g) { ind(g); }
void cgk_line(Cg *g, SrcLoc loc) { line_directive(g, loc); }
void cgk_range(Cg *g, const IrRange *r) { print_range(g, r); }
void cgk_decl(Cg *g, IrStmt *s) { print_decl(g, s); }
void cgk_region_decls(Cg *g) { print_region_decls(g); }
