/*
 * cg.h: code generation (cg_): the block-level IR to C + OpenMP, and the
 * output file as the input file with edits.
 */
#ifndef CUCPU_CG_H
#define CUCPU_CG_H

#include "frontend/fe.h"

/* A growable output buffer. */
typedef struct Buf { char *s; size_t n, cap; } Buf;
void buf_put(Buf *b, const char *s, size_t n);
void buf_puts(Buf *b, const char *s);
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_free(Buf *b);

typedef enum CgSchedule {
    CG_INNER_SERIAL,     /* omp for over blocks, thread loops serial inside */
    CG_INNER_PARALLEL,   /* omp for over blocks and nested omp for over threads */
    CG_FLAT,             /* one omp for over all threads (kernels without barriers) */
} CgSchedule;

typedef struct CgOptions {
    CgSchedule schedule;
    int check;               /* --check: every thread loop, accesses of shared
                                memory and of pointer parameters checked
                                (cucpu_chk_* in cucpu_rt.h) */
    int reference;           /* --reference: no passes ran; every CUDA thread
                                runs the per-thread program as a fiber with
                                real barriers (codegen/reference.c) */
} CgOptions;

/* Writes the launcher body of k: `{ ... }` replacing the kernel's body. */
void cg_kernel(Buf *b, const SrcFile *src, IrKernel *k, const CgOptions *o);
/* Reference mode: reports (diag_error) what k does that it cannot run;
 * nonzero then. */
int cg_reference_check(const IrKernel *k);
/* Writes the body of k's team entry: what every thread of a running team
 * calls; the launch ends at the implicit barrier of its `omp for`. */
void cg_team_kernel(Buf *b, const SrcFile *src, IrKernel *k, const CgOptions *o);
/* The edits that make fused host loop l run in one team (host_loops.c),
 * appended to out (FeEdit*, from a), in the order they apply. */
void cg_host_loop_edits(Arena *a, const SrcFile *src, const IrHostLoop *l, PtrVec *out);
/* Writes the team entry and the launcher that now calls it, after the
 * launcher signature at sig (an offset of b) was printed. */
void cg_team_functions(Buf *b, const SrcFile *src, IrKernel *k, const CgOptions *o, size_t sig);
/* The edits of u and of its fused loops, in order (malloc'd; *n entries;
 * the loops' edits from a). */
const FeEdit **cg_edits(const FeUnit *unit, const FeFile *f, Arena *a, int *n);
/* Writes the whole translated file. */
void cg_file(Buf *b, const FeUnit *unit, const FeFile *f, const CgOptions *o);

#endif
