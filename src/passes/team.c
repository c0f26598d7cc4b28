/*
 * team.c: which kernels may run inside an OpenMP team that is already
 * running (their launches from a host loop then share one team; see
 * frontend/fuse.c and codegen/team.c).
 *
 * Requires: nothing. Sets team_ok; pass_team_loops then decides, over the
 * whole unit, which host loops run in one team (IrHostLoop.fused) and which
 * kernels get a team entry (IrKernel.team); codegen writes them.
 * Turning the pass off (-fno-team) leaves every launch with its own team.
 * Template kernels are left out: their team entry would need the template
 * header and explicit arguments at each call; so are kernels whose
 * per-thread arrays live on the heap (IrKernel.private_heap).
 */
#include "passes.h"

void pass_team(IrKernel *k, Arena *a)
{
    (void)a;
    /* heap storage per thread (privatize): its allocation failing must fail
     * the whole launch, which a running team cannot agree on cheaply */
    k->team_ok = !k->is_template && !k->unnamed_param && !k->grid_sync && !k->private_heap;
}

void pass_team_loops(PtrVec *loops, int allowed)
{
    /* with the team pass off no kernel is team_ok, and no loop fuses */
    if (!allowed) return;
    for (int i = 0; i < loops->n; i++) {
        IrHostLoop *l = loops->v[i];
        l->fused = 1;
        for (int j = 0; j < l->kernels.n; j++) l->fused &= ((IrKernel *)l->kernels.v[j])->team_ok;
        for (int j = 0; l->fused && j < l->kernels.n; j++) ((IrKernel *)l->kernels.v[j])->team = 1;
    }
}
