/*
 * internal.h: what the front end's files share. libclang types stay here.
 */
#ifndef CUCPU_FE_INTERNAL_H
#define CUCPU_FE_INTERNAL_H

#include <clang-c/Index.h>
#include "fe.h"

/* A function of the main file that device code can call. */
typedef struct FeFunc {
    CXCursor cursor;         /* canonical declaration */
    CXCursor def;            /* definition, or null cursor */
    const char *name;
    int is_kernel, is_device;
    int uses_ctx;            /* reads threadIdx/blockIdx/blockDim/gridDim (transitively) */
    int has_barrier;         /* calls __syncthreads (transitively): inlined into kernels */
    int writes_memory;       /* stores through a pointer or array, or calls atomics (transitively) */
    PtrVec callees;          /* FeFunc* called from its body */
    int nlaunches;           /* kernels: <<<>>> launches in the main file */
    int addr_taken;          /* kernels: named other than as a launch's callee */
    IrKernel *ir;            /* kernels with a body: the lowered kernel */
} FeFunc;

typedef struct Fe {
    Arena *a;
    FeUnit *u;
    CXTranslationUnit tu;
    CXFile main;
    PtrVec funcs;            /* FeFunc* */
    PtrVec launches;         /* launches.c: one entry per launch site */
    PtrVec allocs;           /* launches.c: candidate private allocations */
    int has_main;            /* the main file defines main() */
    int launch_unsure;       /* the launch walk gave up: prove nothing */
} Fe;

/* loc.c: positions in the main file */
int fe_in_main(Fe *fe, CXCursor c);
SrcLoc fe_loc(Fe *fe, CXCursor c);
SrcLoc fe_loc_at(Fe *fe, unsigned off);
void fe_range(Fe *fe, CXCursor c, unsigned *b, unsigned *e);
int fe_spelled_range(Fe *fe, CXCursor c, unsigned *b, unsigned *e);
unsigned fe_stmt_end(Fe *fe, unsigned e);     /* extends over a following `;` */
unsigned fe_find_char(Fe *fe, unsigned from, unsigned limit, char ch);
unsigned fe_skip_ws(Fe *fe, unsigned off);
char *fe_cxstr(Fe *fe, CXString s);           /* copies into the arena and disposes */
const char *fe_name(Fe *fe, CXCursor c);
int fe_has_attr(CXCursor c, enum CXCursorKind attr);
CXCursor fe_child(CXCursor c, int i);
int fe_nchildren(CXCursor c);
CXCursor fe_strip(CXCursor c);       /* under implicit conversions and parentheses */

/* funcs.c: the call graph of device code */
FeFunc *fe_func(Fe *fe, CXCursor c);          /* NULL when not a function of the main file */
void fe_collect_funcs(Fe *fe);
const char *fe_builtin_name(CXCursor ref);    /* "threadIdx"... for the builtin variables */
int fe_is_barrier_call(Fe *fe, CXCursor call);
int fe_is_launch(CXCursor call);
int fe_is_sync_call(CXCursor call);            /* __syncthreads and its reductions */

/* lower.c: kernel bodies to the per-thread IR */
int fe_is_warp_op(const char *name);
IrKernel *fe_lower_kernel(Fe *fe, FeFunc *f);

/* launches.c: pointer parameters that every launch proves distinct */
void fe_collect_launches(Fe *fe);
void fe_mark_distinct(Fe *fe, FeFunc *f, IrKernel *k);   /* sets IrVar.distinct */

/* host.c: edits outside kernel bodies */
void fe_host_edits(Fe *fe);
void fe_edit(Fe *fe, FeEditKind k, unsigned b, unsigned e, const char *text);

/* fuse.c: host loops whose launches can share one OpenMP team */
const char *fe_launch_args(Fe *fe, FeFunc *f, IrKernel *k);
void fe_find_team_loops(Fe *fe);

#endif
