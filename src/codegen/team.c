/*
 * team.c: team entries and fused host loops.
 *
 * A host loop that the team pass fused (IrHostLoop.fused) opens one OpenMP
 * team (host_loops.c writes that code); its launches call cucpu_team_<k>, which every thread of the team
 * runs: the launch check, the prologue, and the grid loop as an orphaned
 * `omp for` whose implicit barrier ends the launch. The kernel's ordinary
 * launcher then becomes a parallel region around the same entry, so the
 * body is printed once:
 *
 *   void __attribute__((nothrow)) cucpu_team_k(dim3 gridDim, dim3 blockDim, size_t cucpu_shmem, params, int cucpu_sync)
 *   { ... #pragma omp for ... }
 *   void k(dim3 gridDim, dim3 blockDim, size_t cucpu_shmem, params)
 *   {
 *       #pragma omp parallel
 *       cucpu_team_k(gridDim, blockDim, cucpu_shmem, args, 0);
 *   }
 */
#include <stdlib.h>
#include <string.h>
#include "cg.h"

void cg_team_functions(Buf *b, const SrcFile *src, IrKernel *k, const CgOptions *o, size_t sig)
{
    /* b holds "k(dim3 gridDim, ..., params)\n" from sig on */
    size_t n = b->n - sig;
    char *text = malloc(n + 1);
    memcpy(text, b->s + sig, n);
    text[n] = 0;
    char *close = strrchr(text, ')');
    if (!close) cucpu_bug(__func__, "no parameter list for kernel %s", k->name);
    b->n = sig;
    /* nothrow: a call inside a parallel region of C++ that may throw needs
     * an EH region, whose personality routine links libstdc++ (and its
     * start-up cost) into a program that otherwise would not load it */
    buf_puts(b, "__attribute__((nothrow)) cucpu_team_");
    buf_put(b, text, (size_t)(close - text));
    buf_puts(b, ", int cucpu_sync");
    buf_puts(b, close);
    cg_team_kernel(b, src, k, o);
    buf_printf(b, "\n#line %u \"%s\"\nvoid %s", k->loc.line, src->name, text);
    buf_puts(b, "{\n    #pragma omp parallel\n");
    buf_printf(b, "    cucpu_team_%s(gridDim, blockDim, cucpu_shmem%s%s, 0);\n}", k->name, *k->launch_args ? ", " : "",
               k->launch_args);
    free(text);
}

/* Edits at the same offset: inserts first, then the front end's own. */
static int before(const FeEdit *x, const FeEdit *y)
{
    if (x->begin != y->begin) return x->begin < y->begin;
    return x->kind == ED_INSERT && y->kind != ED_INSERT;
}

const FeEdit **cg_edits(const FeUnit *unit, const FeFile *u, Arena *a, int *n)
{
    /* fused loops are the .cu's */
    PtrVec loop = { 0 };
    if (u == &unit->main)
        for (int i = 0; i < unit->loops.n; i++) {
            const IrHostLoop *l = unit->loops.v[i];
            if (l->fused) cg_host_loop_edits(a, &u->src, l, &loop);
        }
    const FeEdit **out = malloc(sizeof *out * (size_t)(u->edits.n + loop.n + 1));
    /* both lists are in order: merge, the front end's first on ties */
    int x = 0, c = 0, m = loop.n;
    *n = 0;
    while (x < u->edits.n || c < m) {
        if (c == m || (x < u->edits.n && !before(loop.v[c], u->edits.v[x]))) out[(*n)++] = u->edits.v[x++];
        else out[(*n)++] = loop.v[c++];
    }
    return out;
}
