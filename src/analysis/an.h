/*
 * an.h: analyses over the per-thread IR (an_).
 */
#ifndef CUCPU_AN_H
#define CUCPU_AN_H

#include "ir/ir.h"

/* uses.c: what a range uses, from its typed tree (the refs inside its
 * opaque nodes standing for them), or from its refs when the front end
 * could not settle the tree (IrRange.expr_ok). */
typedef enum AnUseKind {
    USE_VAR,       /* var, write: the use stores into it */
    USE_BUILTIN,   /* tid: threadIdx, else builtin; dim 0..2, -1 whole */
    USE_CALL,      /* a call of function name */
    USE_CALLCTX,   /* a call that gets the thread context */
} AnUseKind;
typedef struct AnUse {
    AnUseKind kind;
    IrVar *var;
    int write;
    int tid;
    IrBuiltin builtin;
    int dim;
    const char *name;
} AnUse;
typedef int AnUseFn(const AnUse *u, void *ctx);
/* Calls fn on each use of r; stops at the first nonzero return and
 * returns it. */
int an_each_use(const IrRange *r, AnUseFn *fn, void *ctx);

/* uniform.c: marks IRV_VARYING on locals whose value may differ between the
 * threads of a block (computed from threadIdx, from a varying value, from a
 * call with side effects such as an atomic, or written under a varying
 * condition). Parameters, blockIdx, blockDim and gridDim are uniform. */
void an_uniformity(IrKernel *k);

/* 1 when the range reads threadIdx or a varying variable or calls a
 * function with side effects. */
int an_range_varying(const IrRange *r);
/* 1 when the range reads threadIdx itself. */
int an_range_uses_tid(const IrRange *r);
/* 1 when the range writes a variable or calls a function with side effects. */
int an_range_has_effects(const IrRange *r);
/* 1 when some range of s writes v. */
int an_stmt_writes(const IrStmt *s, const IrVar *v);


/* effects.c: memory effects of statements and the conflict test used by
 * barrier elimination. */
typedef struct Effects {
    PtrVec acc;              /* IrAccess* */
    int unknown_read, unknown_write;
    int uses_tid[3];         /* which thread dimensions the kernel reads */
} Effects;

void an_effects_range(Arena *a, const IrRange *r, Effects *e);
void an_effects_stmt(Arena *a, const IrStmt *s, Effects *e);
/* 1 when an access in `before` (one thread) may touch what an access in
 * `after` (another thread) touches, one of them writing. tid_dims says
 * which threadIdx components the kernel uses. */
int an_conflict(const Effects *before, const Effects *after, const int tid_dims[3]);
/* 1 when the bases of two accesses may be the same memory. */
int an_may_alias(const IrVar *a, const IrVar *b);
/* 1 when v is a kernel parameter the kernel never assigns. */
int an_fixed_param(const IrVar *v);
/* What v stands for wherever it is read: the initializer of a local that is
 * assigned only by its declaration, outside loops, not an array and whose
 * address is not taken; NULL otherwise. */
const IrIdx *an_local_def(const IrVar *v);
/* 1 when x and y are the same element, owned by the accessing thread. */
int an_same_cell(const IrAccess *x, const IrAccess *y, const int dims[3]);
/* Which threadIdx components the kernel reads anywhere. */
void an_tid_dims(const IrStmt *s, int dims[3]);

/* stride.c: how far an index moves when threadIdx.<dim> grows by one. */
typedef struct Stride {
    enum { STRIDE_ZERO, STRIDE_CONST, STRIDE_SYMBOLIC, STRIDE_UNKNOWN } kind;
    long c;                  /* STRIDE_CONST: elements; SYMBOLIC: nonzero, not known */
} Stride;
Stride an_tid_stride(const IrIdx *x, int dim);
/* The stride in elements of the accessed address (last subscript moves
 * elements; a move in an earlier one is SYMBOLIC). */
Stride an_access_stride(const IrAccess *a, int dim);

#endif
