#ifndef STREAMCLUSTER_REFERENCE_H
#define STREAMCLUSTER_REFERENCE_H
#ifdef __cplusplus
extern "C" {
#endif
/* One pgain step for candidate x: evaluates opening x (and closing the
 * centres it makes redundant) at facility cost z; applies the change when
 * it lowers the total cost. Updates is_center, assign, cost, *numcenters.
 * Returns the cost saved (0 when x is not opened). */
double sc_pgain_reference(long x, int n, int dim, const float *coord,
                          const float *weight, int *is_center, int *assign,
                          float *cost, float z, int *numcenters);
#ifdef __cplusplus
}
#endif
#endif
