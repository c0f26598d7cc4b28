/* nn/reference.c: serial C reference of the nearest-neighbour search. */
#include <math.h>
#include "reference.h"

/* Is record a (distance da) ordered after record b (distance db)? */
static int after(float da, long a, float db, long b)
{
    return da > db || (da == db && a > b);
}

/* k selection passes over the distances, as the GPU program's host does:
 * pass j takes the smallest (distance, index) after the one pass j-1 took. */
void nn_reference(const float *lat, const float *lng, long n, float tlat,
                  float tlng, int k, float *dist, long *idx)
{
    for (long i = 0; i < n; i++) {
        float dx = lat[i] - tlat, dy = lng[i] - tlng;
        dist[i] = sqrtf(dx * dx + dy * dy);
    }
    for (int j = 0; j < k; j++) {
        long best = -1;
        for (long i = 0; i < n; i++) {
            if (j > 0 && !after(dist[i], i, dist[idx[j - 1]], idx[j - 1]))
                continue;
            if (best < 0 || dist[i] < dist[best]) best = i;
        }
        idx[j] = best;
    }
}
