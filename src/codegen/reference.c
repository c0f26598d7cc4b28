/*
 * reference.c: a kernel's per-thread IR as the launcher of the reference
 * mode (`cucpu --reference`), the ground truth of differential tests.
 *
 * No pass has run: the IR is what the front end lowered, one CUDA
 * thread's program. Each block runs on one OpenMP thread, and each of its
 * threads as a fiber (runtime/reference.c) that runs that program as a
 * lambda; a barrier suspends the fiber until the block's threads arrive:
 *
 *   {
 *       if (cucpu_launch_check(gridDim, blockDim, cucpu_shmem) != cudaSuccess) return;
 *       #pragma omp parallel for collapse(3) schedule(static, 1)
 *       for (bz) for (by) for (bx) {
 *           const uint3 blockIdx = {bx, by, bz};
 *           shared arrays; exchange arrays (per-thread values read across
 *           the warp or block: shuffles, __syncthreads_count)
 *           auto cucpu_thread = [&](int cucpu_tid) {
 *               const uint3 threadIdx = ...from cucpu_tid...;
 *               { the user's statements; __syncthreads() -> cucpu_ref_sync(); }
 *           };
 *           cucpu_ref_run(cucpu_nt, cucpu_thread);
 *       }
 *   }
 *
 * Locals are the fiber's own (its stack); parameters are shared and read
 * only (the front end copies a parameter the kernel assigns into a local).
 * A break or continue of a loop that holds a barrier is a goto to a label
 * of that loop, as the jump may sit in an inner loop of a statement.
 *
 * The front end lowers a warp operation (and __syncthreads_count, CUB's
 * collectives) to an exchange: each thread stores its value, a barrier,
 * then each reads the values it needs. The optimized schedule runs every
 * thread's read before any thread goes on; here a fiber could run ahead
 * and store its next value over one another fiber has yet to read, so a
 * second barrier of the same scope follows the read. Warp barriers are
 * numbered in program order (sites): the runtime lets a warp's lanes at
 * the first go on before those at later ones, and loops that hold warp
 * operations add one at the end of each iteration and one after the
 * loop, where the lanes of a warp reconverge (runtime/reference.c).
 */
#include <stdlib.h>
#include <string.h>
#include "cg_kernel.h"

typedef struct Labels { char *brk, *cont; int n; } Labels;

static void note_jump(Labels *l, IrRefKind kind, int loop)
{
    if (loop < 0 || loop >= l->n) return;
    if (kind == REF_BREAK) l->brk[loop] = 1;
    if (kind == REF_CONTINUE) l->cont[loop] = 1;
}

static int range_jumps(IrRange *r, void *ctx)
{
    for (int i = 0; i < r->refs.n; i++) {
        const IrRef *f = r->refs.v[i];
        note_jump(ctx, f->kind, f->loop);
    }
    return 0;
}

static void stmt_jumps(IrStmt *s, void *ctx)
{
    if (s->kind == IR_BREAK) note_jump(ctx, REF_BREAK, s->u.jump.loop);
    if (s->kind == IR_CONTINUE) note_jump(ctx, REF_CONTINUE, s->u.jump.loop);
}

typedef struct Ref { Cg *g; Labels l; int sites; } Ref;

/* The exchange arrays a block-wide step may rewrite in place (a scan's
 * prefixes): every thread runs the step, each from the same state (see
 * text()). Arrays of arrays and of references are never rewritten. */
static int backed_up(const IrVar *v)
{
    size_t n = strlen(v->type);
    return (v->flags & (IRV_SYNTH | IRV_PRIVATE)) == (IRV_SYNTH | IRV_PRIVATE) && !*v->dims && !(n && v->type[n - 1] == '&');
}

/* The copy loop between each backed-up array a and cucpu_bk_a. */
static void copy_arrays(Ref *R, int save)
{
    Cg *g = R->g;
    buf_printf(g->b, "for (int %s = 0; %s < %s; %s++) {", NM(T), NM(T), NM(NT), NM(T));
    for (int i = 0; i < g->k->vars.n; i++) {
        const IrVar *v = g->k->vars.v[i];
        if (!backed_up(v)) continue;
        if (save) buf_printf(g->b, " %s%s[%s] = %s[%s];", NM(BK_), v->name, NM(T), v->name, NM(T));
        else buf_printf(g->b, " %s[%s] = %s%s[%s];", v->name, NM(T), NM(BK_), v->name, NM(T));
    }
    buf_puts(g->b, " }");
}

static IrWalk find_warp_barrier(IrStmt *s, void *ctx)
{
    (void)ctx;
    return (s->kind == IR_BARRIER && s->u.barrier.warp) || (s->kind == IR_TEXT && s->u.text.clears) ? IR_WALK_STOP
                                                                                                : IR_WALK_GO;
}

static IrWalk find_block_step(IrStmt *s, void *ctx)
{
    (void)ctx;
    return s->kind == IR_TEXT && s->u.text.block_level && !s->u.text.clears ? IR_WALK_STOP : IR_WALK_GO;
}

static void stmt(Ref *R, IrStmt *s);

/* One line of text, indented. */
static void line(Ref *R, const char *text)
{
    cgk_indent(R->g);
    buf_puts(R->g->b, text);
}

static void block(Ref *R, IrStmt *s)
{
    line(R, "{\n");
    R->g->indent++;
    stmt(R, s);
    R->g->indent--;
    line(R, "}\n");
}

/* A block barrier. */
static void ref_sync(Ref *R)
{
    cgk_indent(R->g);
    buf_printf(R->g->b, "%s();\n", NM(REF_SYNC));
}

/* A warp barrier: each printed one is a site of its own. */
static void syncwarp(Ref *R)
{
    cgk_indent(R->g);
    buf_printf(R->g->b, "%s(%d);\n", NM(REF_SYNCWARP), ++R->sites);
}

/* A warp barrier that an exchange's read follows (keep), or a block-level
 * step of one. */
static int exchange_barrier(const IrStmt *s) { return s->kind == IR_BARRIER && s->u.barrier.warp && s->u.barrier.keep; }

static void seq(Ref *R, IrStmt *s)
{
    if (s->u.seq.scope) { line(R, "{\n"); R->g->indent++; }
    for (int i = 0; i < s->u.seq.list.n; i++) {
        IrStmt *k = s->u.seq.list.v[i];
        stmt(R, k);
        if (i > 0 && exchange_barrier(s->u.seq.list.v[i - 1])) syncwarp(R);
    }
    if (s->u.seq.scope) { R->g->indent--; line(R, "}\n"); }
}

static void text(Ref *R, IrStmt *s)
{
    IrRange *r = &s->u.text.r;
    if (s->u.text.block_level) {
        if (s->u.text.clears) {
            /* a warp operation's masks, cleared by the lanes that reach it
             * (only their warp's: another warp may be using the array) */
            syncwarp(R);
            cgk_indent(R->g);
            buf_printf(R->g->b, "for (int %s = %s & ~31; %s < %s && %s <= (%s | 31); %s++) %s[%s] = 0;\n", NM(T), NM(TID), NM(T), NM(NT), NM(T), NM(TID), NM(T), s->u.text.clears, NM(T));
            syncwarp(R);
            return;
        }
        /* a block-wide exchange step (thread 0's in the block-level
         * program): every thread runs it once all have stored, and none
         * stores again before all have read. It may rewrite the arrays (a
         * scan): the first thread to run it saves them, each later one
         * restores them first, so each runs from the same state and all
         * leave the same result. */
        ref_sync(R);
        cgk_indent(R->g);
        buf_printf(R->g->b, "if (++%s > %s) { %s = %s; ", NM(REF_MINE), NM(REF_STEPS), NM(REF_STEPS), NM(REF_MINE));
        copy_arrays(R, 1);
        buf_puts(R->g->b, " } else ");
        copy_arrays(R, 0);
        buf_puts(R->g->b, "\n");
        cgk_indent(R->g);
        cgk_range(R->g, r);
        buf_puts(R->g->b, "\n");
        ref_sync(R);
        return;
    }
    cgk_line(R->g, r->loc);
    cgk_indent(R->g);
    cgk_range(R->g, r);
    if (r->end > r->begin && !r->terminated && !ir_range_made(r)) buf_puts(R->g->b, ";");
    buf_puts(R->g->b, "\n");
}

static void labels_after(Ref *R, int id, char *used, const char *what)
{
    if (id >= 0 && id < R->l.n && used[id]) {
        cgk_indent(R->g);
        buf_printf(R->g->b, "%s%d:;\n", what, id);
    }
}

/* for/while/do with the user's header; its init (declarations of the
 * for) before it in a scope of its own. */
static void loop(Ref *R, IrStmt *s)
{
    Cg *g = R->g;
    int id = s->u.loop.id;
    if (s->u.loop.init) { line(R, "{\n"); g->indent++; stmt(R, s->u.loop.init); }
    cgk_line(g, s->loc);
    cgk_indent(g);
    if (s->kind == IR_DO) buf_puts(g->b, "do {\n");
    else if (s->kind == IR_WHILE) {
        buf_puts(g->b, "while (");
        cgk_range(g, &s->u.loop.cond);
        buf_puts(g->b, ") {\n");
    } else {
        buf_puts(g->b, "for (; ");
        if (s->u.loop.has_cond) cgk_range(g, &s->u.loop.cond);
        buf_puts(g->b, "; ");
        if (s->u.loop.has_inc) cgk_range(g, &s->u.loop.inc);
        buf_puts(g->b, ") {\n");
    }
    g->indent++;
    block(R, s->u.loop.body);
    labels_after(R, id, R->l.cont, NM(CONT_));
    /* a warp's lanes reconverge at the end of each iteration and after
     * the loop: a lane that continues or leaves early meets the warp's
     * next warp operation in the iteration the others do */
    int reconverge = ir_walk(s->u.loop.body, find_warp_barrier, NULL, NULL);
    if (reconverge) syncwarp(R);
    g->indent--;
    cgk_indent(g);
    if (s->kind == IR_DO) {
        buf_puts(g->b, "} while (");
        cgk_range(g, &s->u.loop.cond);
        buf_puts(g->b, ");\n");
    } else
        buf_puts(g->b, "}\n");
    labels_after(R, id, R->l.brk, NM(BRK_));
    if (reconverge) syncwarp(R);
    if (s->u.loop.init) { g->indent--; line(R, "}\n"); }
}

static void stmt(Ref *R, IrStmt *s)
{
    if (!s) return;
    Cg *g = R->g;
    switch (s->kind) {
    case IR_SEQ: seq(R, s); break;
    case IR_TEXT: text(R, s); break;
    case IR_DECL:
        cgk_line(g, s->loc);
        cgk_decl(g, s);
        break;
    case IR_IF:
        cgk_line(g, s->loc);
        cgk_indent(g);
        buf_puts(g->b, "if (");
        cgk_range(g, &s->u.ifs.cond);
        buf_puts(g->b, ")\n");
        block(R, s->u.ifs.then);
        if (s->u.ifs.els) { line(R, "else\n"); block(R, s->u.ifs.els); }
        break;
    case IR_FOR: case IR_WHILE: case IR_DO: loop(R, s); break;
    case IR_BARRIER:
        if (s->u.barrier.warp) syncwarp(R);
        else ref_sync(R);
        break;
    case IR_RETURN: line(R, "return;\n"); break;
    case IR_BREAK: case IR_CONTINUE:
        cgk_indent(g);
        buf_printf(g->b, "goto %s%d;\n", s->kind == IR_BREAK ? NM(BRK_) : NM(CONT_), s->u.jump.loop);
        break;
    default: cucpu_bug(__func__, "cannot print %s in reference mode", ir_kind_name(s->kind));
    }
}

int cg_reference_check(const IrKernel *k)
{
    /* every block at once, each its threads' fibers: not built */
    if (k->grid_sync) diag_error(k->loc, "kernel '%s' calls grid.sync(), which reference mode (--reference) does not support", k->name);
    return k->grid_sync;
}

void cg_reference_kernel(Buf *b, const SrcFile *src, IrKernel *k, const CgOptions *o)
{
    Cg g = { .b = b, .src = src, .k = k, .o = o, .indent = 1, .thread = 1, .reference = 1 };
    int n = k->nloops > 0 ? k->nloops : 1;
    Ref R = { .g = &g, .l = { calloc((size_t)n, 1), calloc((size_t)n, 1), k->nloops } };
    ir_each_range(k->body, range_jumps, &R.l);
    ir_each_stmt(k->body, stmt_jumps, &R.l);
    buf_puts(b, "{\n");
    cg_capture_guard(b, k, "    ");
    cgk_indent(&g); buf_printf(b, "if (%s(gridDim, blockDim, %s) != cudaSuccess) return;\n", NM(LAUNCH_CHECK), NM(SHMEM));
    cgk_indent(&g); buf_printf(b, "const int %s = (int)(blockDim.x * blockDim.y * blockDim.z);\n", NM(NT));
    cgk_indent(&g); buf_printf(b, "int %s = 0;\n", NM(REF_FAILED));
    cgk_indent(&g); buf_puts(b, "#pragma omp parallel for collapse(3) schedule(static, 1)\n");
    cgk_indent(&g); buf_printf(b, "for (unsigned %s = 0; %s < gridDim.z; %s++)\n", NM(BZ), NM(BZ), NM(BZ));
    cgk_indent(&g); buf_printf(b, "for (unsigned %s = 0; %s < gridDim.y; %s++)\n", NM(BY), NM(BY), NM(BY));
    cgk_indent(&g); buf_printf(b, "for (unsigned %s = 0; %s < gridDim.x; %s++) {\n", NM(BX), NM(BX), NM(BX));
    g.indent++;
    cgk_indent(&g); buf_printf(b, "const uint3 blockIdx = {%s, %s, %s};\n", NM(BX), NM(BY), NM(BZ));
    cgk_indent(&g); buf_puts(b, "(void)blockIdx;\n");
    if (k->uses_dynshared) {
        cgk_indent(&g); buf_printf(b, "unsigned char *%s = (unsigned char *)malloc(%s + 16);\n", NM(DYNSMEM), NM(SHMEM));
        cgk_indent(&g); buf_printf(b, "%s = %s;\n", NM(DYNSMEM_TLS), NM(DYNSMEM));
    }
    cgk_region_decls(&g);
    int steps = ir_walk(k->body, find_block_step, NULL, NULL);
    if (steps) {
        cgk_indent(&g); buf_printf(b, "int %s = 0;   /* block-wide steps begun */\n", NM(REF_STEPS));
        for (int i = 0; i < k->vars.n; i++) {
            const IrVar *v = k->vars.v[i];
            if (!backed_up(v)) continue;
            cgk_indent(&g);
            buf_printf(b, "%s %s%s[%s];\n", v->elem_type ? v->elem_type : v->type, NM(BK_), v->name, NM(NT));
        }
    }
    cgk_indent(&g); buf_printf(b, "auto %s = [&](const int %s) {\n", NM(THREAD), NM(TID));
    g.indent++;
    if (steps) { cgk_indent(&g); buf_printf(b, "int %s = 0;\n", NM(REF_MINE)); }
    cgk_indent(&g);
    buf_printf(b, "const uint3 threadIdx = {%s %% blockDim.x, %s / blockDim.x %% blockDim.y, %s / (blockDim.x * blockDim.y)};\n", NM(TID), NM(TID), NM(TID));
    cgk_indent(&g); buf_puts(b, "(void)threadIdx;\n");
    block(&R, k->body);
    g.indent--;
    cgk_indent(&g); buf_puts(b, "};\n");
    /* the fibers' stacks hold the kernel's locals (a large array too) */
    long frame = 0;
    for (int i = 0; i < k->vars.n; i++) {
        const IrVar *v = k->vars.v[i];
        if (v->flags & IRV_LOCAL) frame += v->size;
    }
    cgk_indent(&g); buf_printf(b, "if (%s(%s, %ldu, %s)) {\n", NM(REF_RUN), NM(NT), frame, NM(THREAD));
    cgk_indent(&g); buf_puts(b, "    #pragma omp atomic write\n");
    cgk_indent(&g); buf_printf(b, "    %s = 1;\n", NM(REF_FAILED));
    cgk_indent(&g); buf_puts(b, "}\n");
    if (k->uses_dynshared) {
        /* as kernel.c: no dangling pointer for a later launch */
        cgk_indent(&g); buf_printf(b, "free(%s);\n", NM(DYNSMEM));
        cgk_indent(&g); buf_printf(b, "%s = 0;\n", NM(DYNSMEM_TLS));
    }
    g.indent--;
    cgk_indent(&g); buf_puts(b, "}\n");
    /* the fibers' stacks could not be had: as a launch without its resources */
    cgk_indent(&g); buf_printf(b, "if (%s) %s(cudaErrorLaunchOutOfResources);\n", NM(REF_FAILED), NM(SET_LAST_ERROR));
    cgk_indent(&g); buf_printf(b, "%s();\n", NM(LAUNCH_END));
    buf_puts(b, "}");
    free(R.l.brk);
    free(R.l.cont);
}
