/*
 * recompute.c: lets privatize choose by minimum cut which values crossing a
 * barrier are stored per thread and which are recomputed (the decision
 * itself lives in privatize.c, which owns the storage; this pass only
 * enables it, so that -fno-recompute measures its effect).
 * Requires: split. Invalidates: nothing.
 */
#include "passes.h"

void pass_recompute(IrKernel *k, Arena *a)
{
    (void)a;
    k->recompute = 1;
}
