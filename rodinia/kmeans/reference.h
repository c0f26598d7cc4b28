/* kmeans/reference.h: serial C reference of kmeans. */
#ifndef KMEANS_REFERENCE_H
#define KMEANS_REFERENCE_H
#include "input.h"
#ifdef __cplusplus
extern "C" {
#endif
/* Lloyd iterations from km_initial_centroids until no membership changes or
 * max_iter; fills membership[npoints] and centroids[nclusters*nfeatures];
 * returns the number of iterations run. */
int kmeans_reference(const km_size *s, const float *features, int *membership, float *centroids);
#ifdef __cplusplus
}
#endif
#endif
