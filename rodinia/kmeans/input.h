/* kmeans/input.h: deterministic input and the host-side centroid update
 * shared by kmeans.cu, reference.c and kmeans_omp.c. Plain C.
 *
 * Exactness: features are small integers (0..31) and centroids are snapped
 * to multiples of 1/16, so every squared distance (<= 32 features) is an
 * exact float whatever the evaluation order or FMA contraction. Assignment
 * (ties -> lowest cluster index) is therefore bit-identical on every
 * platform, and so is the whole clustering. */
#ifndef KMEANS_INPUT_H
#define KMEANS_INPUT_H
#include "../common/rodinia.h"

#define KM_MAX_CLUSTERS 16
#define KM_MAX_FEATURES 32
#define KM_FEATURE_RANGE 32     /* features are integers in [0, 32) */
#define KM_TOLERANCE 1e-6

typedef struct { int npoints, nfeatures, nclusters, max_iter; } km_size;

static inline km_size km_size_of(int size)
{
    km_size s;
    if (size == RD_LARGE) { s.npoints = 65536;  s.nfeatures = 32; s.nclusters = 10; s.max_iter = 30; }
    else                  { s.npoints = 8192;   s.nfeatures = 16; s.nclusters = 6;  s.max_iter = 30; }
    return s;
}

/* Points drawn around nclusters+2 random integer centres (more blobs than
 * clusters so the clustering needs several iterations), point-major:
 * features[p * nfeatures + f]. */
static inline void km_generate(const km_size *s, float *features)
{
    rd_lcg g;
    rd_seed(&g, 777u);
    int nblobs = s->nclusters + 2;
    int centre[KM_MAX_CLUSTERS + 2][KM_MAX_FEATURES];
    for (int b = 0; b < nblobs; b++)
        for (int f = 0; f < s->nfeatures; f++)
            centre[b][f] = rd_range(&g, 4, KM_FEATURE_RANGE - 4);
    for (int p = 0; p < s->npoints; p++) {
        int b = rd_range(&g, 0, nblobs);
        int spread = 2 + b % 4;
        for (int f = 0; f < s->nfeatures; f++) {
            int v = centre[b][f] + rd_range(&g, -spread, spread + 1);
            if (v < 0) v = 0;
            if (v > KM_FEATURE_RANGE - 1) v = KM_FEATURE_RANGE - 1;
            features[(long)p * s->nfeatures + f] = (float)v;
        }
    }
}

/* initial centroids: the first nclusters points */
static inline void km_initial_centroids(const km_size *s, const float *features, float *centroids)
{
    for (int k = 0; k < s->nclusters; k++)
        for (int f = 0; f < s->nfeatures; f++)
            centroids[k * s->nfeatures + f] = features[(long)k * s->nfeatures + f];
}

static inline float km_snap(double x)
{
    return (float)(floor(x * 16.0 + 0.5) / 16.0);
}

/* New centroids = mean of their members (snapped); an empty cluster keeps
 * its centroid. Sums of small integers in double: exact in any order. */
static inline void km_update_centroids(const km_size *s, const float *features,
                                       const int *membership, float *centroids)
{
    double sum[KM_MAX_CLUSTERS][KM_MAX_FEATURES];
    long count[KM_MAX_CLUSTERS];
    memset(sum, 0, sizeof(sum));
    memset(count, 0, sizeof(count));
    for (int p = 0; p < s->npoints; p++) {
        int k = membership[p];
        count[k]++;
        for (int f = 0; f < s->nfeatures; f++)
            sum[k][f] += features[(long)p * s->nfeatures + f];
    }
    for (int k = 0; k < s->nclusters; k++)
        if (count[k] > 0)
            for (int f = 0; f < s->nfeatures; f++)
                centroids[k * s->nfeatures + f] = km_snap(sum[k][f] / (double)count[k]);
}

static inline void km_print_results(const km_size *s, const int *membership,
                                    const float *centroids, int iterations)
{
    long count[KM_MAX_CLUSTERS] = {0};
    double hash = 0.0;
    for (int p = 0; p < s->npoints; p++) {
        count[membership[p]]++;
        hash += (double)membership[p] * (double)(p % 101 + 1);
    }
    double csum = 0.0, csq = 0.0;
    for (int i = 0; i < s->nclusters * s->nfeatures; i++) {
        csum += centroids[i];
        csq += (double)centroids[i] * centroids[i];
    }
    rd_result_i("iterations", iterations);
    rd_result("membership_hash", hash);
    rd_result_i("cluster0_size", count[0]);
    rd_result_i("cluster_last_size", count[s->nclusters - 1]);
    rd_result("centroid_sum", csum);
    rd_result("centroid_sumsq", csq);
    rd_result("centroid0_f0", centroids[0]);
}
#endif
