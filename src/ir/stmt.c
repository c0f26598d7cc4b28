/*
 * stmt.c: building IR statements, naming their kinds, and walking them:
 * all from ops.def, whose RANGE/KID/KIDS rows say what each kind holds.
 */
#include <stddef.h>
#include <stdlib.h>
#include "ir.h"
#include "names.h"

static const char *const kind_names[] = {
#define OP(name, payload, doc) #name,
#include "ops.def"
#undef OP
};

const char *ir_kind_name(IrStmtKind k)
{
    return (unsigned)k < IR_NKINDS ? kind_names[k] : "?";
}

IrStmt *ir_stmt(Arena *a, IrStmtKind k, SrcLoc loc)
{
    IrStmt *s = ar_alloc(a, sizeof *s);
    s->kind = k;
    s->loc = loc;
    return s;
}

IrStmt *ir_clear_per_thread(Arena *a, SrcLoc loc, const char *array)
{
    IrStmt *s = ir_stmt(a, IR_TEXT, loc);
    s->u.text.block_level = 1;
    s->u.text.warp_level = 1;
    s->u.text.clears = array;      /* the printers write the loop */
    s->u.text.r.made = MADE_CLEAR;
    s->has_barrier = 1;
    return s;
}

/* Appends s to seq; a SEQ that opens no scope is spliced in, so passes see
 * the statements of one scope side by side. */
void ir_seq_push(Arena *a, IrStmt *seq, IrStmt *s)
{
    if (seq->kind != IR_SEQ) cucpu_bug(__func__, "push into %s", ir_kind_name(seq->kind));
    if (s->kind == IR_SEQ && !s->u.seq.scope) {
        for (int i = 0; i < s->u.seq.list.n; i++) ir_seq_push(a, seq, s->u.seq.list.v[i]);
        return;
    }
    pv_push(a, &seq->u.seq.list, s);
    if (s->has_barrier) seq->has_barrier = 1;
}

IrRange ir_sub_range(Arena *a, const IrRange *r, unsigned b, unsigned e)
{
    IrRange s = { .begin = b, .end = e, .src = r->src, .loc = r->loc, .unknown_read = r->unknown_read,
                  .unknown_write = r->unknown_write };
    for (int i = 0; i < r->refs.n; i++) {
        IrRef *f = r->refs.v[i];
        if (f->begin >= b && f->end <= e) pv_push(a, &s.refs, f);
    }
    for (int i = 0; i < r->accesses.n; i++) {
        IrAccess *x = r->accesses.v[i];
        if (x->begin >= b && x->end <= e) pv_push(a, &s.accesses, x);
    }
    return s;
}

/* What each kind holds, from ops.def: a row per RANGE, KID or KIDS, in
 * walk order; rows of one kind are adjacent. */
typedef enum SlotKind { SLOT_RANGE, SLOT_KID, SLOT_KIDS } SlotKind;
typedef struct Slot { IrStmtKind op; SlotKind what; size_t off; } Slot;

static const Slot slots[] = {
#define RANGE(name, member) { IR_##name, SLOT_RANGE, offsetof(IrStmt, u.member) },
#define KID(name, member) { IR_##name, SLOT_KID, offsetof(IrStmt, u.member) },
#define KIDS(name, member) { IR_##name, SLOT_KIDS, offsetof(IrStmt, u.member) },
#include "ops.def"
};
enum { NSLOTS = sizeof slots / sizeof *slots };

/* first[k]..first[k+1]: the rows of kind k (built once; the table is in
 * kind order, which ir_verify_slots checks). */
static int first_slot(IrStmtKind k)
{
    int i = 0;
    while (i < NSLOTS && slots[i].op < k) i++;
    return i;
}

#define SLOT_PTR(s, sl, T) ((T *)((char *)(s) + (sl)->off))

int ir_own_ranges(IrStmt *s, IrRange **out)
{
    int n = 0;
    for (int i = first_slot(s->kind); i < NSLOTS && slots[i].op == s->kind; i++)
        if (slots[i].what == SLOT_RANGE && n < IR_MAX_RANGES) out[n++] = SLOT_PTR(s, &slots[i], IrRange);
    return n;
}

int ir_nkids(const IrStmt *s)
{
    int n = 0;
    for (int i = first_slot(s->kind); i < NSLOTS && slots[i].op == s->kind; i++) {
        if (slots[i].what == SLOT_KID) n++;
        else if (slots[i].what == SLOT_KIDS) n += SLOT_PTR(s, &slots[i], PtrVec)->n;
    }
    return n;
}

IrStmt *ir_kid(const IrStmt *s, int k)
{
    for (int i = first_slot(s->kind); i < NSLOTS && slots[i].op == s->kind; i++) {
        if (slots[i].what == SLOT_KID) {
            if (k-- == 0) return *SLOT_PTR(s, &slots[i], IrStmt *);
        } else if (slots[i].what == SLOT_KIDS) {
            const PtrVec *pv = SLOT_PTR(s, &slots[i], PtrVec);
            if (k < pv->n) return pv->v[k];
            k -= pv->n;
        }
    }
    cucpu_bug(__func__, "%s has no kid %d", ir_kind_name(s->kind), k);
}

/* One open statement of a walk: its next kid to visit. */
typedef struct Frame { IrStmt *s; int next, n; } Frame;

int ir_walk(IrStmt *s, IrWalk (*pre)(IrStmt *s, void *ctx), void (*post)(IrStmt *s, void *ctx), void *ctx)
{
    if (!s) return 0;
    int cap = 64, top = 0, stopped = 0;
    Frame *st = malloc(sizeof *st * (size_t)cap);
    if (!st) cucpu_bug(__func__, "out of memory");
    IrStmt *cur = s;
    for (;;) {
        if (cur) {
            IrWalk w = pre ? pre(cur, ctx) : IR_WALK_GO;
            if (w == IR_WALK_STOP) { stopped = 1; break; }
            int nk = w == IR_WALK_GO ? ir_nkids(cur) : 0;
            if (nk) {
                if (top == cap) {
                    cap *= 2;
                    st = realloc(st, sizeof *st * (size_t)cap);
                    if (!st) cucpu_bug(__func__, "out of memory");
                }
                st[top++] = (Frame){ cur, 0, nk };
            } else if (post) {
                post(cur, ctx);
            }
        }
        cur = NULL;
        while (top && st[top - 1].next == st[top - 1].n) {
            if (post) post(st[top - 1].s, ctx);
            top--;
        }
        if (!top) break;
        Frame *f = &st[top - 1];
        cur = ir_kid(f->s, f->next++);
    }
    free(st);
    return stopped;
}

typedef struct EachCtx { void (*fn)(IrStmt *, void *); void *ctx; } EachCtx;

static IrWalk each_stmt(IrStmt *s, void *c)
{
    EachCtx *e = c;
    e->fn(s, e->ctx);
    return IR_WALK_GO;
}

void ir_each_stmt(IrStmt *s, void (*fn)(IrStmt *s, void *ctx), void *ctx)
{
    ir_walk(s, each_stmt, NULL, &(EachCtx){ fn, ctx });
}

typedef struct RangeCtx { int (*fn)(IrRange *, void *); void *ctx; int hit; } RangeCtx;

static IrWalk each_range(IrStmt *s, void *c)
{
    RangeCtx *e = c;
    IrRange *r[IR_MAX_RANGES];
    for (int i = 0, n = ir_own_ranges(s, r); i < n; i++)
        if ((e->hit = e->fn(r[i], e->ctx))) return IR_WALK_STOP;
    return IR_WALK_GO;
}

int ir_each_range(IrStmt *s, int (*fn)(IrRange *r, void *ctx), void *ctx)
{
    RangeCtx e = { fn, ctx, 0 };
    ir_walk(s, each_range, NULL, &e);
    return e.hit;
}

static IrWalk each_thread_loop(IrStmt *s, void *c)
{
    if (s->kind != IR_BLOCK_FOR) return IR_WALK_GO;
    EachCtx *e = c;
    e->fn(s, e->ctx);
    return IR_WALK_SKIP;
}

void ir_each_thread_loop(IrStmt *s, void (*fn)(IrStmt *loop, void *ctx), void *ctx)
{
    ir_walk(s, each_thread_loop, NULL, &(EachCtx){ fn, ctx });
}
