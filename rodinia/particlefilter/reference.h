#ifndef PARTICLEFILTER_REFERENCE_H
#define PARTICLEFILTER_REFERENCE_H
#include "input.h"
#ifdef __cplusplus
extern "C" {
#endif
/* Runs the filter over frames 1..Nfr-1; xe[k], ye[k] receive the weighted
 * position estimate of frame k (xe[0], ye[0] the starting point). */
void pf_reference(const PfSize *s, const int *video, double *xe, double *ye);
#ifdef __cplusplus
}
#endif
#endif
