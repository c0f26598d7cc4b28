/*
 * bounds.h: what clamps.c shares with bounds.c: the leading declarations
 * of a thread loop and the placement of a comparison on its innermost
 * thread id.
 */
#ifndef CUCPU_PASSES_BOUNDS_H
#define CUCPU_PASSES_BOUNDS_H
#include "passes.h"

typedef struct Bounds {
    IrKernel *k;
    Arena *a;
    int inner;            /* the innermost thread loop's component */
    PtrVec lead;          /* IrVar*: the leading declarations (and the
                             values the loop recomputes first) */
    IrStmt *loop;         /* a thread loop among others (a kernel with
                             barriers), NULL for a flat kernel's */
} Bounds;

/* B for a thread loop of a kernel with barriers: its recomputed values and
 * the pure declarations its body starts with (bounds.c's lead). 0 when
 * the loop's body is not a sequence or a recomputed value is not pure. */
int bounds_context(IrKernel *k, Arena *a, IrStmt *loop, Bounds *B);

/* Places c (its negation when `negated`) as "holds for the threads that
 * run": pushes a limit, a start or a condition onto loop's par.limits,
 * par.lows or par.conds; 0 when it is none of them (bounds.c's rules:
 * signed int sides, t with coefficient 1 on one side only). */
int bounds_place(Bounds *B, IrStmt *loop, IrCompare c, int negated);

/* s is a declaration whose initializer stores nothing and calls nothing
 * (with need_def: one the bounds can name, an index expression). */
int bounds_pure_init(const IrStmt *s, int need_def);

#endif
