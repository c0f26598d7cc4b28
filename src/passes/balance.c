/*
 * balance.c: kernels whose threads do unequal work get a round-robin
 * schedule of small chunks (IrKernel.balance).
 * Requires: the front end's IrRange.irregular. Invalidates: nothing.
 */
#include "passes.h"

/* A range that holds a loop which may exit early (the front end's
 * IrRange.irregular). */
static int irregular(IrRange *r, void *ctx)
{
    (void)ctx;
    return r->irregular;
}

/* A static schedule gives each OpenMP thread one contiguous range of
 * blocks; when the work per CUDA thread follows the data (a search that
 * stops early, an edge list) neighbouring threads tend to cost alike, and
 * the thread with the dear range finishes last. Dealing the iterations out
 * in small chunks, round robin, evens that out and keeps the assignment the
 * same from launch to launch (the data stays in the same core's cache). */
void pass_balance(IrKernel *k, Arena *a)
{
    (void)a;
    k->balance = ir_each_range(k->body, irregular, NULL);
}
