/*
 * cg.h: code generation (cg_): the block-level IR to C + OpenMP, and the
 * output file as the input file with edits. Codegen writes every piece of
 * output text: the front end's host facts (IrFact) become edits here.
 */
#ifndef CUCPU_CG_H
#define CUCPU_CG_H

#include "frontend/fe.h"
#include "ir/names.h"

/* An edit of a file: the output is its text with the edits applied. */
typedef enum CgEditKind {
    CGE_DELETE,      /* remove [begin, end) */
    CGE_INSERT,      /* insert text at begin */
    CGE_REPLACE,     /* replace [begin, end) by text */
    CGE_KERNEL,      /* replace the kernel body [begin, end) by generated code */
} CgEditKind;

typedef struct CgEdit {
    CgEditKind kind;
    unsigned begin, end;
    const char *text;
    IrKernel *kernel;        /* CGE_KERNEL */
    unsigned line_begin;     /* source line of begin */
    unsigned line_after;     /* source line where the text after the edit starts (of end) */
    int seq;                 /* the order it was made in: insertions at one
                                place apply in that order */
} CgEdit;

/* edits.c: a new edit of [b, e) appended to out (from a). */
CgEdit *cg_edit(Arena *a, PtrVec *out, CgEditKind k, IrPos b, IrPos e, const char *text);

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
 * appended to out (CgEdit*, from a), in the order they apply. */
void cg_host_loop_edits(Arena *a, const SrcFile *src, const IrHostLoop *l, PtrVec *out);
/* Writes the team entry and the launcher that now calls it, after the
 * launcher signature at sig (an offset of b) was printed. */
void cg_team_functions(Buf *b, const SrcFile *src, IrKernel *k, const CgOptions *o, size_t sig);
/* Writes the lines that open k's launcher: a launch into a capturing stream
 * records itself and returns (capture.c); in: the indentation. */
void cg_capture_guard(Buf *b, const IrKernel *k, const char *in);
/* The edits that f's host facts make (host_edits.c), appended to out
 * (CgEdit*, from a) in the order of the facts. */
void cg_host_edits(Arena *a, const FeFile *f, PtrVec *out);
/* The edits of f: its facts' and its fused loops', in the order they
 * apply (edits.c; malloc'd; *n entries; the edits from a). */
const CgEdit **cg_edits(const FeUnit *unit, const FeFile *f, Arena *a, int *n);
/* Writes the whole translated file. */
void cg_file(Buf *b, const FeUnit *unit, const FeFile *f, const CgOptions *o);

#endif
