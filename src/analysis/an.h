/*
 * an.h: analyses over the per-thread IR (an_).
 */
#ifndef CUCPU_AN_H
#define CUCPU_AN_H

#include "ir/ir.h"

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

#endif
