/*
 * uniformity.c: the pass wrapper of the uniformity analysis.
 * Requires: the per-thread IR. Invalidates: nothing.
 */
#include "analysis/an.h"
#include "passes.h"

void pass_uniformity(IrKernel *k, Arena *a)
{
    (void)a;
    an_uniformity(k);
}
