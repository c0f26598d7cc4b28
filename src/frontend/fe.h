/*
 * fe.h: the front end (fe_). libclang parses the .cu file in CUDA mode
 * against cucpu's headers; fe_parse finds kernels, __device__ functions,
 * CUDA qualifiers and launches from the AST, lowers each kernel body into the
 * per-thread IR, and records the facts about host code that the output
 * changes (IrFact, ir/host.h): where, and what, never the text.
 * No libclang type leaves this stage.
 */
#ifndef CUCPU_FE_H
#define CUCPU_FE_H

#include "ir/host.h"

/* A file the translation edits: the .cu itself, or a user file it
 * includes (one outside the system and cucpu include folders). */
typedef struct FeFile {
    SrcFile src;
    PtrVec kernels;          /* IrKernel* whose bodies are in this file */
    PtrVec facts;            /* IrFact*, in the order the front end made them */
    const char *shadow;      /* an included file: its translated copy's name in
                                the shadow folder (fe_parse names only those
                                that need one) */
} FeFile;

typedef struct FeUnit {
    FeFile main;             /* the .cu */
    PtrVec includes;         /* FeFile*: included files written translated, in
                                the shadow folder beside the output */
    PtrVec kernels;          /* IrKernel* with bodies, of every file */
    PtrVec loops;            /* IrHostLoop*: fusion candidates (the .cu), outermost
                                only (fuse.c); the team pass fuses them */
    int includes_cuda;       /* the file includes cuda_runtime.h or cuda.h itself */
} FeUnit;

typedef struct FeOptions {
    const char *include_dir;
    const char *shadow_dir;  /* how the output names the shadow folder in its
                                #include lines, e.g. "out.cpp.inc/" */
    const char **cflags;
    int ncflags;
    const char *prelude_dir; /* the cache of precompiled preludes (prelude.c);
                                NULL or "": parse the headers every time */
    int lockstep_plain;      /* --lockstep-plain-memory: exchanges through plain
                                (not volatile) shared memory run in lock step
                                (exchange.c) */
    int rdc;                 /* -rdc=true / -dc: external __device__ functions
                                take the thread context whether or not they
                                read it, so that files agree on their signature */
} FeOptions;

/* 1 when text (a translated file) is valid C. */
int fe_is_valid_c(const char *text, size_t len, const FeOptions *opt);

/* Parses and lowers `path`. Returns NULL after printing diagnostics. */
FeUnit *fe_parse(Arena *a, const char *path, const FeOptions *opt);

#endif
