/* kmeans/reference.c: plain serial C reference. */
#include <float.h>
#include "input.h"
#include "reference.h"

int kmeans_reference(const km_size *s, const float *features, int *membership, float *centroids)
{
    int nf = s->nfeatures;
    km_initial_centroids(s, features, centroids);
    for (int p = 0; p < s->npoints; p++) membership[p] = -1;
    int iter = 0;
    long delta;
    do {
        delta = 0;
        for (int p = 0; p < s->npoints; p++) {
            float min_dist = FLT_MAX;
            int index = -1;
            for (int k = 0; k < s->nclusters; k++) {
                float d = 0.0f;
                for (int f = 0; f < nf; f++) {
                    float diff = features[(long)p * nf + f] - centroids[k * nf + f];
                    d += diff * diff;
                }
                if (d < min_dist) { min_dist = d; index = k; }
            }
            if (membership[p] != index) delta++;
            membership[p] = index;
        }
        km_update_centroids(s, features, membership, centroids);
        iter++;
    } while (delta > 0 && iter < s->max_iter);
    return iter;
}
