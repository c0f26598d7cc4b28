/*
 * passes.h: the pass manager and the passes (pass_).
 */
#ifndef CUCPU_PASSES_H
#define CUCPU_PASSES_H

#include "ir/ir.h"

typedef struct PassOptions {
    const char *pipeline;            /* --passes=a,b,c or NULL for the default */
    const char *disabled[32];        /* -fno-<pass> */
    int ndisabled;
    int implicit_barriers;           /* --implicit-barriers (implicit_barriers.c) */
    int print_after_all;
    const char *print_after;         /* --print-ir-after=P */
    const SrcFile *src;
} PassOptions;

typedef struct PassStats {
    int barriers, segments, private_vars, private_bytes_hint;
} PassStats;

#define PASS(name, fn, req, doc) void fn(IrKernel *k, Arena *a);
#include "passes.def"
#undef PASS
/* --implicit-barriers: not a pass of the table (it changes what the program
 * may do, a little, rather than how), run first when asked for. */
void pass_implicit_barriers(IrKernel *k, Arena *a);

/* The team pass's unit-level half (team.c): a host loop (IrHostLoop*) runs
 * in one team when every kernel it launches may (team_ok) and the schedule
 * allows (allowed: thread loops are not parallel regions of their own);
 * those kernels get a team entry (IrKernel.team). Call after pass_run on
 * every kernel. */
void pass_team_loops(PtrVec *loops, int allowed);

/* Runs the pipeline on k. Returns 0, or 1 after a user error. */
int pass_run(IrKernel *k, Arena *a, const PassOptions *o);
/* The names of the passes the options enable, in order; returns how many. */
int pass_enabled_names(const PassOptions *o, const char **out, int max);
/* 1 when name is a pass listed in passes.def. */
int pass_exists(const char *name);
/* Prints the table of passes for --help. */
void pass_print_help(FILE *out);

#endif
