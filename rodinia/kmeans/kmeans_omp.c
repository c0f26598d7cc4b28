/* kmeans_omp.c: hand-written OpenMP version of kmeans (parallel assignment
 * with a reduction on the change count; centroid update as on the host of
 * the CUDA version). */
#include <float.h>
#include <omp.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.c"

static int kmeans_omp(const km_size *s, const float *features, int *membership, float *centroids)
{
    int nf = s->nfeatures, nk = s->nclusters, np = s->npoints;
    km_initial_centroids(s, features, centroids);
    for (int p = 0; p < np; p++) membership[p] = -1;
    int iter = 0;
    long delta;
    do {
        delta = 0;
        #pragma omp parallel for schedule(static) reduction(+ : delta)
        for (int p = 0; p < np; p++) {
            const float *x = features + (long)p * nf;
            float min_dist = FLT_MAX;
            int index = -1;
            for (int k = 0; k < nk; k++) {
                const float *c = centroids + k * nf;
                float d = 0.0f;
                for (int f = 0; f < nf; f++) {
                    float diff = x[f] - c[f];
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

int main(int argc, char **argv)
{
    km_size s = km_size_of(rd_size(argc, argv));
    long nc = (long)s.nclusters * s.nfeatures;
    float *features = (float *)malloc(sizeof(float) * (size_t)s.npoints * s.nfeatures);
    float *centroids = (float *)malloc(sizeof(float) * nc), *ref_centroids = (float *)malloc(sizeof(float) * nc);
    int *membership = (int *)malloc(sizeof(int) * s.npoints), *ref_membership = (int *)malloc(sizeof(int) * s.npoints);
    km_generate(&s, features);

    double t0 = rd_now_ms();
    int iter = kmeans_omp(&s, features, membership, centroids);
    double t1 = rd_now_ms();

    km_print_results(&s, membership, centroids, iter);
    rd_time_ms(t1 - t0);

    int ref_iter = kmeans_reference(&s, features, ref_membership, ref_centroids);
    long first, worst;
    long bad = rd_mismatch_i(membership, ref_membership, s.npoints, &first);
    double err = rd_maxrelerr_f(centroids, ref_centroids, nc, &worst);
    int rc = rd_verify(bad == 0 && iter == ref_iter && err <= KM_TOLERANCE,
                       "iterations %d ref %d, %ld memberships differ (first %ld), centroid relerr %.3g",
                       iter, ref_iter, bad, first, err);
    free(features); free(centroids); free(ref_centroids); free(membership); free(ref_membership);
    return rc;
}
