#ifndef NN_REFERENCE_H
#define NN_REFERENCE_H
#ifdef __cplusplus
extern "C" {
#endif
/* Distances of the n records to (tlat, tlng) into dist[n]; the indices of
 * the k nearest (ascending distance, lowest index first on ties) into idx[k]. */
void nn_reference(const float *lat, const float *lng, long n, float tlat,
                  float tlng, int k, float *dist, long *idx);
#ifdef __cplusplus
}
#endif
#endif
