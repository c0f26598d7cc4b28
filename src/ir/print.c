/*
 * print.c: the stable text form of the IR (--emit-ir, --print-ir-after-all).
 * One statement a line, indented by nesting; source text is shown with its
 * whitespace collapsed, and variables that live across barriers are marked.
 *
 *   kernel reduce
 *     shared sdata: float[256]
 *     private i: int
 *     grid_for {
 *       block_for #0 { decl i = "blockIdx.x * blockDim.x + threadIdx.x" ... }
 *       for uniform "int s = blockDim.x / 2;" "s > 0" "s >>= 1" { ... }
 *     }
 */
#include <string.h>
#include "expr.h"
#include "names.h"

/* --emit-ir=typed: print the typed tree of each range that has one, on a
 * line `; what (tree)` before its statement. */
static int typed;

/* 1 when ref f stands for other text than the bytes it covers: a renamed
 * variable (forward), or a use the translator inserts (`pre var post`). */
static int rewritten(const SrcFile *src, const IrRef *f)
{
    if (f->kind != REF_VAR || f->in_macro) return 0;
    return f->pre || f->post || (size_t)(f->end - f->begin) != strlen(f->var->name) ||
           strncmp(src->text + f->begin, f->var->name, f->end - f->begin);
}

/* A made tree's variable as codegen prints it in a thread loop: a
 * per-thread one with its slot. */
static void made_put(void *ctx, const char *t) { fputs(t, ctx); }

static void made_var(void *ctx, const IrVar *v)
{
    fputs(v->name, ctx);
    if (v->flags & IRV_PRIVATE) fprintf(ctx, "[%s]", NM(TID));
}

/* Prints range r as one quoted line: blanks squeezed, rewritten refs as
 * their text. Every ref at offset i prints once, before the byte at i; a
 * zero-width ref (an inserted use) covers no byte, so the loop goes on at
 * i, and a ref always moves the loop forward. */
void ir_tree_c(const IrTree *t, int ranged, void (*put)(void *ctx, const char *s), void *ctx)
{
    char part[256], step[512];
    const char *v = t->var->name;
    if (ranged) snprintf(part, sizeof part, "%s + %s, %s - %s", v, NM(WB), NM(WE), NM(WB));
    else snprintf(part, sizeof part, "%s, %s", v, NM(NT));
    if (!t->demand) {
        for (int i = 0; i < t->n; i++) {
            snprintf(step, sizeof step, "%s%s(%s, %d, %d, %s());", i ? " " : "", t->xor_ ? NM(TREE_XOR) : NM(TREE_DOWN),
                     part, t->offs[i], t->width, t->op);
            put(ctx, step);
        }
        return;
    }
    /* lanes.c's lanes are lanes of threadIdx.x: with blockDim.y or .z
     * above 1, every lane */
    snprintf(step, sizeof step, "{ const int %s = blockDim.y == 1 && blockDim.z == 1;", NM(ONE_D));
    put(ctx, step);
    for (int i = 0; i < t->n; i++) {
        snprintf(step, sizeof step, " %s(%s, %d, %d, %s(), %s ? 0x%xu : 0xffffffffu);",
                 t->xor_ ? NM(TREE_XOR_LANES) : NM(TREE_DOWN_LANES), part, t->offs[i], t->width, t->op, NM(ONE_D),
                 t->lanes[i]);
        put(ctx, step);
    }
    put(ctx, " }");
}

static void put_file(void *ctx, const char *s) { fputs(s, ctx); }

static void text(FILE *out, const SrcFile *src, const IrRange *r)
{
    if (r->src) src = r->src;
    fputc('"', out);
    if (r->lit) fputs(r->lit, out);
    else if (r->made && r->expr) {
        ir_expr_c(r->expr, &(IrCOut){ made_put, made_var, out });
        if (r->made == MADE_STMT) fputc(';', out);
    } else {
        int space = 0, ref = 0;
        for (unsigned i = r->begin; i < r->end && i < src->len; i++) {
            while (ref < r->refs.n && ((IrRef *)r->refs.v[ref])->begin < i) ref++;
            unsigned next = i;
            for (; ref < r->refs.n && ((IrRef *)r->refs.v[ref])->begin == i; ref++) {
                const IrRef *f = r->refs.v[ref];
                if (!rewritten(src, f)) continue;
                if (space && i > r->begin) fputc(' ', out);
                space = 0;
                fprintf(out, "%s%s%s", f->pre ? f->pre : "", f->var->name, f->post ? f->post : "");
                if (f->end > next) next = f->end;
            }
            if (next > i) { i = next - 1; continue; }
            char c = src->text[i];
            if (c == ' ' || c == '\n' || c == '\t' || c == '\r') { space = 1; continue; }
            if (space && i > r->begin) fputc(' ', out);
            space = 0;
            fputc(c == '"' ? '\'' : c, out);
        }
    }
    fputc('"', out);
}

static void idx(FILE *out, const IrIdx *x)
{
    if (!x) { fputc('?', out); return; }
    switch (x->kind) {
    case IX_CONST: fprintf(out, "%ld", x->c); break;
    case IX_TID: fprintf(out, "tid.%c", "xyz"[x->dim]); break;
    case IX_SYM: fputs(x->text, out); break;
    case IX_VAR: fputs(x->var->name, out); break;
    case IX_ADD: case IX_SUB: case IX_MUL:
        fputc('(', out); idx(out, x->l); fputs(x->kind == IX_ADD ? "+" : x->kind == IX_SUB ? "-" : "*", out);
        idx(out, x->r); fputc(')', out);
        break;
    default: fputc('?', out); break;
    }
}

/* The memory effects of a range: {W s[tid.y][tid.x] R in[?] R?} */
static void effects(FILE *out, const IrRange *r)
{
    if (!r->accesses.n && !r->unknown_read && !r->unknown_write) return;
    fputs(" {", out);
    for (int i = 0; i < r->accesses.n; i++) {
        const IrAccess *a = r->accesses.v[i];
        fprintf(out, "%s%c %s", i ? " " : "", a->write ? 'W' : 'R', a->base->name);
        if (a->nidx < 0) fputs("[?]", out);
        for (int j = 0; j < a->nidx; j++) { fputc('[', out); idx(out, a->idx[j]); fputc(']', out); }
    }
    if (r->unknown_read) fputs(r->accesses.n ? " R?" : "R?", out);
    if (r->unknown_write) fputs(r->accesses.n || r->unknown_read ? " W?" : "W?", out);
    fputc('}', out);
}

static void pad(FILE *out, int depth)
{
    for (int i = 0; i < depth; i++) fputs("  ", out);
}

static void stmt(FILE *out, const SrcFile *src, const IrStmt *s, int d);

static void block(FILE *out, const SrcFile *src, const IrStmt *s, int d)
{
    fputs("{\n", out);
    stmt(out, src, s, d + 1);
    pad(out, d);
    fputs("}\n", out);
}

/* `; what (tree)` for range r, when it has a tree and trees are asked for. */
static void tree(FILE *out, const SrcFile *src, const IrRange *r, const char *what, int d)
{
    if (!typed || !r->expr || ir_range_made(r)) return;   /* its text is the tree */
    pad(out, d);
    fprintf(out, "; %s ", what);
    ir_expr_print(out, r->src ? r->src : src, r->expr);
    fputc('\n', out);
}

static void trees(FILE *out, const SrcFile *src, const IrStmt *s, int d)
{
    switch (s->kind) {
    case IR_TEXT:
        tree(out, src, &s->u.text.r, "expr", d);
        if (typed && s->u.text.guard && !s->u.text.guard->flag_test) {
            pad(out, d);
            fputs("; guard ", out);
            ir_expr_print(out, s->u.text.r.src ? s->u.text.r.src : src, s->u.text.guard->cond);
            fputc('\n', out);
        }
        break;
    case IR_DECL: if (s->u.decl.has_init) tree(out, src, &s->u.decl.init, "init", d); break;
    case IR_IF: tree(out, src, &s->u.ifs.cond, "cond", d); break;
    case IR_FOR: case IR_WHILE: case IR_DO:
        if (s->u.loop.has_cond) tree(out, src, &s->u.loop.cond, "cond", d);
        if (s->u.loop.has_inc) tree(out, src, &s->u.loop.inc, "inc", d);
        break;
    default: break;
    }
}

static void stmt(FILE *out, const SrcFile *src, const IrStmt *s, int d)
{
    if (!s) return;
    if (s->kind == IR_SEQ) {
        for (int i = 0; i < s->u.seq.list.n; i++) stmt(out, src, s->u.seq.list.v[i], d);
        return;
    }
    trees(out, src, s, d);
    pad(out, d);
    switch (s->kind) {
    case IR_TEXT:
        fputs(s->u.text.block_level ? "text block " : "text ", out);
        if (s->u.text.clears)
            fprintf(out, "\"for (int %s = 0; %s < %s; %s++) %s[%s] = 0;\"", NM(T), NM(T), NM(NT), NM(T),
                    s->u.text.clears, NM(T));
        else if (s->u.text.tree) {
            fputc('"', out);
            ir_tree_c(s->u.text.tree, 0, put_file, out);
            fputc('"', out);
        } else
            text(out, src, &s->u.text.r);
        effects(out, &s->u.text.r);
        /* bounds: the thread loops test it, the statement prints S or nothing */
        if (s->u.text.guard_to_bounds) fputs(" (guard in bounds)", out);
        /* a warp tree over the warps of its operand's thread loop only */
        if (s->u.text.tree_range) fprintf(out, " (warps of #%d)", s->u.text.tree_range->u.par.seg);
        /* lanes.c: the lanes each step computes */
        if (s->u.text.tree && s->u.text.tree->demand) {
            fputs(" (lanes", out);
            for (int i = 0; i < s->u.text.tree->n; i++) fprintf(out, "%s0x%x", i ? "," : " ", s->u.text.tree->lanes[i]);
            fputc(')', out);
        }
        fputc('\n', out);
        break;
    case IR_DECL:
        fprintf(out, "decl %s%s", s->u.decl.var->name, s->u.decl.var->flags & IRV_PRIVATE ? " private" :
                                                       s->u.decl.var->flags & IRV_SCALAR ? " scalar" : "");
        if (s->u.decl.has_init) { fputs(" = ", out); text(out, src, &s->u.decl.init); effects(out, &s->u.decl.init); }
        fputc('\n', out);
        break;
    case IR_BARRIER:
        fprintf(out, "barrier #%d%s%s%s\n", s->u.barrier.id, s->u.barrier.warp ? " warp" : "",
                s->u.barrier.keep ? " keep" : "", s->u.barrier.eliminated ? " eliminated" : "");
        break;
    case IR_RETURN: fputs("return\n", out); break;
    case IR_BREAK: fprintf(out, "break loop%d\n", s->u.jump.loop); break;
    case IR_CONTINUE: fprintf(out, "continue loop%d\n", s->u.jump.loop); break;
    case IR_IF:
        fputs("if ", out); text(out, src, &s->u.ifs.cond); fputc(' ', out);
        block(out, src, s->u.ifs.then, d);
        if (s->u.ifs.els) { pad(out, d); fputs("else ", out); block(out, src, s->u.ifs.els, d); }
        break;
    case IR_FOR: case IR_WHILE: case IR_DO:
        fprintf(out, "%s loop%d%s%s ", s->kind == IR_FOR ? "for" : s->kind == IR_WHILE ? "while" : "do",
                s->u.loop.id, s->u.loop.uniform ? " uniform" : "", s->u.loop.active ? " predicated" : "");
        if (s->u.loop.init) {
            fputs("init ", out);
            block(out, src, s->u.loop.init, d);
            pad(out, d);
        }
        if (s->u.loop.has_cond) { fputs("cond ", out); text(out, src, &s->u.loop.cond); fputc(' ', out); }
        if (s->u.loop.has_inc) { fputs("inc ", out); text(out, src, &s->u.loop.inc); fputc(' ', out); }
        block(out, src, s->u.loop.body, d);
        if (s->u.loop.step) {
            pad(out, d + 1);
            fputs("step\n", out);
            stmt(out, src, s->u.loop.step, d + 1);
        }
        break;
    case IR_GRID_FOR: fputs("grid_for ", out); block(out, src, s->u.par.body, d); break;
    case IR_BLOCK_FOR:
        fprintf(out, "block_for #%d%s%s ", s->u.par.seg, s->u.par.simd ? " simd" : "",
                s->u.par.inner == 1 ? " inner y" : s->u.par.inner == 2 ? " inner z" : "");
        for (int i = 0; i < s->u.par.recompute.n; i++)
            fprintf(out, "recompute %s ", ((IrVar *)s->u.par.recompute.v[i])->name);
        /* bounds: the innermost thread id stays below each limit; each
         * condition holds for every thread that runs */
        for (int i = 0; i < s->u.par.limits.n; i++) { fputs("limit ", out); idx(out, s->u.par.limits.v[i]); fputc(' ', out); }
        for (int i = 0; i < s->u.par.lows.n; i++) { fputs("from ", out); idx(out, s->u.par.lows.v[i]); fputc(' ', out); }
        for (int i = 0; i < s->u.par.conds.n; i++) {
            const IrCompare *c = s->u.par.conds.v[i];
            static const char *const ops[] = { "<", "<=", ">", ">=", "==" };
            fputs("when ", out); idx(out, c->l); fputs(ops[c->op], out); idx(out, c->r); fputc(' ', out);
        }
        if (s->u.par.stride) {
            fputs("every ", out); idx(out, s->u.par.stride); fputs(" at -", out);
            idx(out, s->u.par.offset); fputc(' ', out);
        }
        /* clamps: those declarations take one branch on [from, limit) */
        for (int i = 0; i < s->u.par.clamps.n; i++)
            fprintf(out, "clamp %s ", ((IrClamp *)s->u.par.clamps.v[i])->decl->u.decl.var->name);
        for (int i = 0; i < s->u.par.clamp_limits.n; i++) { fputs("clamp_limit ", out); idx(out, s->u.par.clamp_limits.v[i]); fputc(' ', out); }
        for (int i = 0; i < s->u.par.clamp_lows.n; i++) { fputs("clamp_from ", out); idx(out, s->u.par.clamp_lows.v[i]); fputc(' ', out); }
        /* registers.c: per-thread arrays kept in a local for the iteration */
        for (int i = 0; i < s->u.par.regs.n; i++) fprintf(out, "reg %s ", ((IrVar *)s->u.par.regs.v[i])->name);
        block(out, src, s->u.par.body, d);
        break;
    default: fprintf(out, "%s\n", ir_kind_name(s->kind)); break;
    }
}

/* What the passes decided for the whole kernel, after its name. */
static void kernel_flags(FILE *out, const IrKernel *k)
{
    if (k->flat) fputs(" flat", out);              /* collapse */
    if (k->balance) fputs(" balance", out);        /* balance */
    if (k->bounds) fputs(" bounds", out);          /* bounds */
    if (k->recompute) fputs(" mincut", out);       /* recompute */
    if (k->team) fputs(" team", out);              /* a fused host loop calls its team entry */
    else if (k->team_ok) fputs(" team_ok", out);   /* team */
    if (k->grid_sync) fputs(" grid_sync", out);
}

void ir_print_kernel_typed(FILE *out, const SrcFile *src, const IrKernel *k, int with_trees)
{
    typed = with_trees;
    ir_print_kernel(out, src, k);
    typed = 0;
}

void ir_print_kernel(FILE *out, const SrcFile *src, const IrKernel *k)
{
    fprintf(out, "kernel %s", k->name);
    kernel_flags(out, k);
    fputc('\n', out);
    for (int i = 0; i < k->vars.n; i++) {
        const IrVar *v = k->vars.v[i];
        const char *what = v->flags & IRV_DYNSHARED ? "dynshared" : v->flags & IRV_SHARED ? "shared" :
                           v->flags & IRV_PARAM ? "param" : v->flags & IRV_PRIVATE ? "private" :
                           v->flags & IRV_SCALAR ? "scalar" : v->flags & IRV_RECOMPUTE ? "recompute" : "local";
        fprintf(out, "  %s %s: %s%s%s%s\n", what, v->name, v->type, v->dims ? v->dims : "",
                v->flags & IRV_VARYING ? " varying" : "", v->flags & IRV_BLOCKVAR ? " blockvar" : "");
    }
    if (k->prologue && k->prologue->u.seq.list.n) {
        fputs("  prologue ", out);    /* licm: once per launch, before the grid loop */
        block(out, src, k->prologue, 1);
    }
    stmt(out, src, k->body, 1);
}
