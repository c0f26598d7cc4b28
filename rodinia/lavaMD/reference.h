/* lavaMD/reference.h: serial C reference of lavaMD. */
#ifndef LAVAMD_REFERENCE_H
#define LAVAMD_REFERENCE_H
#include "input.h"
#ifdef __cplusplus
extern "C" {
#endif
/* fv[space_elem] (zeroed by the callee) receives, for every particle, the
 * potential (v) and force (x,y,z) from the particles of its box and of the
 * neighbouring boxes. */
void lavamd_reference(par_str par, dim_str dim, const box_str *box,
                      const FOUR_VECTOR *rv, const double *qv, FOUR_VECTOR *fv);
#ifdef __cplusplus
}
#endif
#endif
