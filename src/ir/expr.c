/*
 * expr.c: what the stages after the front end do with typed expression
 * trees (expr.h): the index expressions and guard comparisons the analyses
 * use, derived from a tree by one converter each, and the compact text form
 * of --emit-ir=typed.
 *
 * Trees are at most IR_EXPR_MAX_DEPTH deep (the front end cuts them), so
 * the recursion here is bounded.
 */
#include <string.h>
#include "expr.h"

static const char *const op_names[OP_NOPS] = {
    [OP_NONE] = "?", [OP_PTRMEM_D] = ".*", [OP_PTRMEM_I] = "->*", [OP_MUL] = "*", [OP_DIV] = "/",
    [OP_REM] = "%", [OP_ADD] = "+", [OP_SUB] = "-", [OP_SHL] = "<<", [OP_SHR] = ">>", [OP_CMP3] = "<=>",
    [OP_LT] = "<", [OP_GT] = ">", [OP_LE] = "<=", [OP_GE] = ">=", [OP_EQ] = "==", [OP_NE] = "!=",
    [OP_AND] = "&", [OP_XOR] = "^", [OP_OR] = "|", [OP_LAND] = "&&", [OP_LOR] = "||",
    [OP_ASSIGN] = "=", [OP_MUL_ASSIGN] = "*=", [OP_DIV_ASSIGN] = "/=", [OP_REM_ASSIGN] = "%=",
    [OP_ADD_ASSIGN] = "+=", [OP_SUB_ASSIGN] = "-=", [OP_SHL_ASSIGN] = "<<=", [OP_SHR_ASSIGN] = ">>=",
    [OP_AND_ASSIGN] = "&=", [OP_XOR_ASSIGN] = "^=", [OP_OR_ASSIGN] = "|=", [OP_COMMA] = ",",
    [OP_POST_INC] = "post++", [OP_POST_DEC] = "post--", [OP_PRE_INC] = "++", [OP_PRE_DEC] = "--",
    [OP_ADDR] = "&", [OP_DEREF] = "*", [OP_PLUS] = "+", [OP_NEG] = "-", [OP_NOT] = "~", [OP_LNOT] = "!",
    [OP_REAL] = "__real", [OP_IMAG] = "__imag", [OP_EXTENSION] = "__extension__", [OP_COAWAIT] = "co_await",
};

const char *ir_op_name(IrOp op)
{
    return op > OP_NONE && op < OP_NOPS && op_names[op] ? op_names[op] : "?";
}

const IrExpr *ir_expr_bare(const IrExpr *e)
{
    while (e && e->kind == EX_CAST && e->cast == CAST_IMPLICIT && e->nkids == 1) e = e->kids[0];
    return e;
}

IrExpr *ir_expr_int(Arena *a, long long v, SrcLoc loc)
{
    IrExpr *x = ar_alloc(a, sizeof *x);
    *x = (IrExpr){ .kind = EX_INT, .type = "int", .tflags = IRT_INT, .loc = loc, .has_value = 1, .ival = v,
                   .begin = loc.off, .end = loc.off, .pbegin = loc.off, .pend = loc.off };
    return x;
}

int ir_expr_is_int(const IrExpr *e, long long v)
{
    e = ir_expr_bare(e);
    return e && e->kind == EX_INT && e->has_value && e->ival == v;
}

static IrExpr *made(Arena *a, IrExprKind k, const char *type, unsigned tflags, SrcLoc loc)
{
    IrExpr *x = ar_alloc(a, sizeof *x);
    *x = (IrExpr){ .kind = k, .type = type, .tflags = tflags, .loc = loc, .begin = loc.off, .end = loc.off,
                   .pbegin = loc.off, .pend = loc.off };
    return x;
}

IrExpr *ir_expr_var(Arena *a, IrVar *v, SrcLoc loc)
{
    IrExpr *x = made(a, EX_VAR, v->type, v->tflags, loc);
    x->var = v;
    return x;
}

static IrExpr **kids(Arena *a, int n)
{
    return ar_alloc(a, sizeof(IrExpr *) * (size_t)n);
}

IrExpr *ir_expr_unary(Arena *a, IrOp op, IrExpr *e)
{
    IrExpr *x = made(a, EX_UNARY, op == OP_LNOT ? "bool" : e->type, op == OP_LNOT ? IRT_INT | IRT_BOOL : e->tflags, e->loc);
    x->op = op;
    x->nkids = 1;
    x->kids = kids(a, 1);
    x->kids[0] = e;
    return x;
}

IrExpr *ir_expr_binary(Arena *a, IrOp op, IrExpr *l, IrExpr *r)
{
    int cmp = op >= OP_LT && op <= OP_NE;
    IrExpr *x = made(a, EX_BINARY, cmp ? "bool" : l->type, cmp ? IRT_INT | IRT_BOOL : l->tflags, l->loc);
    x->op = op;
    x->nkids = 2;
    x->kids = kids(a, 2);
    x->kids[0] = l;
    x->kids[1] = r;
    return x;
}

IrExpr *ir_expr_call0(Arena *a, const char *name, SrcLoc loc)
{
    IrExpr *x = made(a, EX_CALL, "void", 0, loc);
    x->name = name;
    return x;
}

IrRange ir_made_range(IrExpr *e, int how, SrcLoc loc)
{
    return (IrRange){ .loc = loc, .expr = e, .made = how };
}

/* ---- made trees as C ----------------------------------------------------------- */

static void c_kid(const IrExpr *e, const IrCOut *o)
{
    int paren = e->kind == EX_BINARY || e->kind == EX_ASSIGN || e->kind == EX_COND;
    if (paren) o->put(o->ctx, "(");
    ir_expr_c(e, o);
    if (paren) o->put(o->ctx, ")");
}

void ir_expr_c(const IrExpr *e, const IrCOut *o)
{
    char num[32];
    switch (e->kind) {
    case EX_INT:
        snprintf(num, sizeof num, "%lld", e->ival);
        o->put(o->ctx, num);
        return;
    case EX_VAR: o->var(o->ctx, e->var); return;
    case EX_UNARY:
        if (e->op == OP_POST_INC || e->op == OP_POST_DEC) {
            c_kid(e->kids[0], o);
            o->put(o->ctx, e->op == OP_POST_INC ? "++" : "--");
            return;
        }
        o->put(o->ctx, ir_op_name(e->op));
        c_kid(e->kids[0], o);
        return;
    case EX_BINARY: case EX_ASSIGN:
        c_kid(e->kids[0], o);
        o->put(o->ctx, " ");
        o->put(o->ctx, ir_op_name(e->op));
        o->put(o->ctx, " ");
        c_kid(e->kids[1], o);
        return;
    case EX_CALL:
        o->put(o->ctx, e->name);
        o->put(o->ctx, "(");
        for (int i = 0; i < e->nkids; i++) {
            if (i) o->put(o->ctx, ", ");
            ir_expr_c(e->kids[i], o);
        }
        o->put(o->ctx, ")");
        return;
    default: cucpu_bug(__func__, "a made tree holds a node of kind %d", e->kind);
    }
}

/* ---- index expressions ------------------------------------------------------- */

/* Deeper index trees are opaque: the analyses and printers that walk them
 * recurse, and a generated 35,000-term sum must not overflow them. */
enum { IDX_MAX_DEPTH = 64 };

static IrIdx *ix_new(Arena *a, IrIdxKind k)
{
    IrIdx *x = ar_alloc(a, sizeof *x);
    x->kind = k;
    return x;
}

static IrIdx *idx(Arena *a, const IrExpr *e, int depth)
{
    if (depth > IDX_MAX_DEPTH) return ix_new(a, IX_OPAQUE);
    switch (e->kind) {
    case EX_CAST:
        /* conversions do not change the index the analyses compare (named
         * C++ casts are left opaque, as the front end always did) */
        if (e->cast == CAST_IMPLICIT || e->cast == CAST_C) return idx(a, e->kids[0], depth + 1);
        break;
    case EX_INT:
        if (e->has_value) {
            IrIdx *x = ix_new(a, IX_CONST);
            x->c = (long)e->ival;
            return x;
        }
        break;
    case EX_DECL:
        if (e->has_value) {    /* an enum constant */
            IrIdx *x = ix_new(a, IX_CONST);
            x->c = (long)e->ival;
            return x;
        }
        break;
    case EX_VAR: {
        IrIdx *x = ix_new(a, IX_VAR);
        x->var = e->var;
        return x;
    }
    case EX_BUILTIN: {
        if (e->dim < 0) break;
        static const char *const names[] = { "blockIdx", "blockDim", "gridDim" };
        IrIdx *x = ix_new(a, e->tid ? IX_TID : IX_SYM);
        x->dim = e->dim;
        if (!e->tid) {
            x->builtin = e->builtin;
            x->text = ar_printf(a, "%s.%c", names[e->builtin], "xyz"[e->dim]);
        }
        return x;
    }
    case EX_BINARY: {
        IrIdxKind k = e->op == OP_ADD ? IX_ADD : e->op == OP_SUB ? IX_SUB : e->op == OP_MUL ? IX_MUL : IX_OPAQUE;
        if (k == IX_OPAQUE) break;
        IrIdx *x = ix_new(a, k);
        x->l = idx(a, e->kids[0], depth + 1);
        x->r = idx(a, e->kids[1], depth + 1);
        return x;
    }
    default: break;
    }
    return ix_new(a, IX_OPAQUE);
}

IrIdx *ir_expr_idx(Arena *a, const IrExpr *e) { return e ? idx(a, e, 0) : NULL; }

/* ---- guard comparisons ---------------------------------------------------------- */

static int compares(Arena *a, const IrExpr *e, IrOp join, PtrVec *out, int depth)
{
    e = ir_expr_bare(e);
    /* a guard has a few comparisons: a chain of thousands is refused after
     * a few levels, not after walking all of them */
    if (!e || e->kind != EX_BINARY || depth > 8) return 0;
    if (e->op == join)
        return compares(a, e->kids[0], join, out, depth + 1) && compares(a, e->kids[1], join, out, depth + 1);
    IrCmp k;
    const IrExpr *l = e->kids[0], *r = e->kids[1];
    switch (e->op) {
    case OP_EQ: {
        /* `a == b`, or `a % b == 0` in signed arithmetic (a thread loop
         * may start at a, or step by b) */
        if (join != OP_LAND) return 0;
        k = CMP_EQ;
        const IrExpr *zero = ir_expr_bare(r), *m = ir_expr_bare(l);
        if (!zero || zero->kind != EX_INT || !zero->has_value || zero->ival != 0) break;
        if (!m || m->kind != EX_BINARY || m->op != OP_REM) break;
        /* the promoted type of `%`: int or wider, signed */
        if ((m->tflags & (IRT_INT | IRT_UNSIGNED | IRT_BOOL)) != IRT_INT) return 0;
        l = m->kids[0];
        r = m->kids[1];
        k = CMP_DIV;
        break;
    }
    case OP_LT: k = CMP_LT; break;
    case OP_LE: k = CMP_LE; break;
    case OP_GT: k = CMP_GT; break;
    case OP_GE: k = CMP_GE; break;
    default: return 0;
    }
    IrCompare *x = ar_alloc(a, sizeof *x);
    x->op = k;
    x->l = ir_expr_idx(a, l);
    x->r = ir_expr_idx(a, r);
    pv_push(a, out, x);
    return out->n <= 8;
}

int ir_expr_compares(Arena *a, const IrExpr *e, IrOp join, PtrVec *out)
{
    return compares(a, e, join, out, 0);
}

void ir_expr_retarget(IrExpr *e, const IrVar *from, IrVar *to)
{
    if (!e) return;
    if (e->kind == EX_VAR && e->var == from) e->var = to;
    for (int i = 0; i < e->nkids; i++) ir_expr_retarget(e->kids[i], from, to);
}

IrExpr *ir_expr_take(Arena *a, IrExpr *e, IrVar *v)
{
    IrExpr *x = ar_alloc(a, sizeof *x);
    *x = *e;
    const char *type = e->type;
    unsigned tflags = e->tflags, b = e->begin, end = e->end, pb = e->pbegin, pe = e->pend;
    SrcLoc loc = e->loc;
    *e = (IrExpr){ .kind = EX_VAR, .var = v, .type = type, .tflags = tflags, .begin = b, .end = end,
                   .pbegin = pb, .pend = pe, .loc = loc };
    return x;
}

static int spells(const IrExpr *x, unsigned b, unsigned e)
{
    return (x->begin == b && x->end == e) || (x->pbegin == b && x->pend == e);
}

int ir_expr_to_var(IrExpr *root, unsigned b, unsigned e, IrVar *v)
{
    IrExpr *hit = NULL;
    for (IrExpr *x = root; x;) {
        if (spells(x, b, e)) hit = x;
        IrExpr *next = NULL;
        for (int i = 0; i < x->nkids && !next; i++)
            if (x->kids[i]->pbegin <= b && e <= x->kids[i]->pend && x->kids[i]->pbegin < x->kids[i]->pend) next = x->kids[i];
        x = next;
    }
    if (hit) *hit = (IrExpr){ .kind = EX_VAR, .var = v, .type = hit->type, .tflags = hit->tflags, .begin = hit->begin,
                              .end = hit->end, .pbegin = hit->pbegin, .pend = hit->pend, .loc = hit->loc };
    return hit != NULL;
}

/* ---- text form ------------------------------------------------------------------ */

/* The source of [b, e), blanks squeezed, `"` shown as `'` (one line). */
static void source(FILE *out, const SrcFile *src, unsigned b, unsigned e)
{
    fputc('"', out);
    int space = 0;
    for (unsigned i = b; src && i < e && i < src->len; i++) {
        char c = src->text[i];
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r') { space = 1; continue; }
        if (space) fputc(' ', out);
        space = 0;
        fputc(c == '"' ? '\'' : c, out);
    }
    fputc('"', out);
}

void ir_expr_print(FILE *out, const SrcFile *src, const IrExpr *e)
{
    static const char *const builtins[] = { "blockIdx", "blockDim", "gridDim" };
    static const char *const casts[] = { "icast", "cast", "fcast", "named_cast" };
    fputc('(', out);
    switch (e->kind) {
    case EX_BINARY: case EX_ASSIGN: case EX_UNARY: fputs(ir_op_name(e->op), out); break;
    case EX_CALL: fprintf(out, "call %s", e->name ? e->name : "?"); break;
    case EX_VAR: fprintf(out, "var %s", e->var->name); break;
    case EX_DECL:
        fprintf(out, "decl %s", e->name ? e->name : "?");
        if (e->has_value) fprintf(out, " =%lld", e->ival);
        break;
    case EX_BUILTIN:
        fprintf(out, "builtin %s", e->tid ? "threadIdx" : builtins[e->builtin]);
        if (e->dim >= 0) fprintf(out, ".%c", "xyz"[e->dim]);
        break;
    case EX_MEMBER: fprintf(out, "%s %s", e->arrow ? "->" : ".", e->name ? e->name : "?"); break;
    case EX_SUBSCRIPT: fputs("[]", out); break;
    case EX_INT:
        if (e->has_value) fprintf(out, "int %lld", e->ival);
        else fputs("int ?", out);
        break;
    case EX_FLOAT: fprintf(out, "float %g", e->fval); break;
    case EX_CAST: fputs(casts[e->cast], out); break;
    case EX_COND: fputs("?:", out); break;
    case EX_OPAQUE: fputs("opaque ", out); source(out, src, e->begin, e->end); break;
    }
    for (int i = 0; i < e->nkids; i++) {
        fputc(' ', out);
        ir_expr_print(out, src, e->kids[i]);
    }
    /* the type and its class: {i} signed integer, {u} unsigned, {b} bool,
     * {f} floating, {p} pointer, nothing for the others (classes, arrays,
     * dependent types) */
    unsigned t = e->tflags;
    const char *cls = t & IRT_BOOL ? "b" : t & IRT_UNSIGNED ? "u" : t & IRT_INT ? "i" :
                      t & IRT_FLOAT ? "f" : t & IRT_POINTER ? "p" : NULL;
    fprintf(out, " : %s", e->type ? e->type : "?");
    if (cls) fprintf(out, " {%s}", cls);
    fputc(')', out);
}
