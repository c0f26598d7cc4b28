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
    buf_printf(b, "__attribute__((nothrow)) %s", NM(TEAM_));
    buf_put(b, text, (size_t)(close - text));
    buf_printf(b, ", int %s", NM(SYNC));
    buf_puts(b, close);
    cg_team_kernel(b, src, k, o);
    buf_printf(b, "\n#line %u \"%s\"\nvoid %s", k->loc.line, src->name, text);
    buf_puts(b, "{\n");
    cg_capture_guard(b, k, "    ");
    buf_puts(b, "    #pragma omp parallel\n");
    buf_printf(b, "    %s%s(gridDim, blockDim, %s", NM(TEAM_), k->name, NM(SHMEM));
    for (int i = 0; i < k->params.n; i++) {
        const IrParam *p = k->params.v[i];
        buf_printf(b, ", %s%s", p->copied ? NM(ARG_) : "", p->name);
    }
    buf_puts(b, ", 0);\n}");
    free(text);
}
