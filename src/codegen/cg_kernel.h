/*
 * cg_kernel.h: what kernel.c shares with reference.c, the other printer of
 * kernel IR (private to codegen/).
 */
#ifndef CUCPU_CG_KERNEL_H
#define CUCPU_CG_KERNEL_H

#include <stdio.h>
#include "cg.h"

typedef struct Cg {
    Buf *b;
    const SrcFile *src;
    IrKernel *k;
    const CgOptions *o;
    int indent;
    int thread;          /* inside a BLOCK_FOR */
    int seg;             /* its segment */
    int done_flags;      /* threads that returned are remembered */
    int tloops[64];      /* loops printed inside a thread loop: plain break/continue */
    int ntloops;
    int int_builtins;    /* print threadIdx.x etc. as (int)threadIdx.x */
    int bloops[128];     /* enclosing block-level barrier loops: their flags */
    int nbloops;
    int team;            /* a team entry: the caller's threads run it, no parallel region */
    IrVar **active;      /* per loop id: a predicated loop's per-thread state, or NULL */
    const PtrVec *regs;   /* IrVar*: per-thread arrays this iteration keeps in
                            locals cucpu_r_<name> (registers.c) */
    const PtrVec *clamps; /* IrClamp*: the declarations printed as their branch
                            (the interior copy of a thread loop, clamps.c) */
    int reference;       /* reference mode: every thread runs the per-thread
                            program in a fiber; jumps are the user's own */
} Cg;

/* kernel.c's printers, with g as it keeps them (indent, thread, ...):
 * indentation, a #line to loc, a range with its refs applied, a DECL
 * statement, and the launch region's arrays (shared memory, per-thread
 * arrays of cucpu_nt elements). */
void cgk_indent(Cg *g);
void cgk_line(Cg *g, SrcLoc loc);
void cgk_range(Cg *g, const IrRange *r);
void cgk_decl(Cg *g, IrStmt *s);
void cgk_region_decls(Cg *g);

/* reference.c: the launcher body of k in reference mode. */
void cg_reference_kernel(Buf *b, const SrcFile *src, IrKernel *k, const CgOptions *o);

#endif
