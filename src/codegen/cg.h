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
} CgOptions;

/* Writes the launcher body of k: `{ ... }` replacing the kernel's body. */
void cg_kernel(Buf *b, const SrcFile *src, IrKernel *k, const CgOptions *o);
/* Writes the whole translated file. */
void cg_file(Buf *b, const FeUnit *u, const CgOptions *o);

#endif
