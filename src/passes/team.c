/*
 * team.c: which kernels may run inside an OpenMP team that is already
 * running (their launches from a host loop then share one team; see
 * frontend/fuse.c and codegen/team.c).
 *
 * Requires: nothing. Sets team_ok; codegen decides which loops to fuse.
 * Turning the pass off (-fno-team) leaves every launch with its own team.
 * Template kernels are left out: their team entry would need the template
 * header and explicit arguments at each call.
 */
#include "passes.h"

void pass_team(IrKernel *k, Arena *a)
{
    (void)a;
    k->team_ok = !k->is_template && k->launch_args != NULL && !k->grid_sync;
}
