/* nn_omp.c: hand-written OpenMP nearest neighbours: a parallel distance loop,
 * then k selection passes, each a parallel min-reduction. */
#include <omp.h>
#include "../common/rodinia.h"
#include "input.h"

static int nn_before(float da, long a, float db, long b)
{
    return da < db || (da == db && a < b);
}

int main(int argc, char **argv)
{
    int size = rd_size(argc, argv);
    long n = nn_num_records(size);
    int k = NN_K;
    float *lat = malloc(sizeof(float) * n), *lng = malloc(sizeof(float) * n);
    float *dist = malloc(sizeof(float) * n);
    long idx[NN_K];
    nn_generate(lat, lng, n);

    double t0 = rd_now_ms();
    #pragma omp parallel for
    for (long i = 0; i < n; i++) {
        float dx = lat[i] - NN_TARGET_LAT, dy = lng[i] - NN_TARGET_LNG;
        dist[i] = sqrtf(dx * dx + dy * dy);
    }
    double t1 = rd_now_ms();

    for (int j = 0; j < k; j++) {
        long best = -1;
        #pragma omp parallel
        {
            long mine = -1;
            #pragma omp for nowait
            for (long i = 0; i < n; i++) {
                if (j > 0 && !nn_before(dist[idx[j - 1]], idx[j - 1], dist[i], i))
                    continue;
                if (mine < 0 || nn_before(dist[i], i, dist[mine], mine)) mine = i;
            }
            #pragma omp critical
            if (mine >= 0 && (best < 0 || nn_before(dist[mine], mine, dist[best], best)))
                best = mine;
        }
        idx[j] = best;
    }

    char label[64];
    for (int j = 0; j < k; j++) {
        snprintf(label, sizeof label, "nearest%d_index", j);
        rd_result_i(label, idx[j]);
        snprintf(label, sizeof label, "nearest%d_dist", j);
        rd_result(label, dist[idx[j]]);
    }
    rd_result("dist_sum", rd_sum_f(dist, n));
    rd_result("dist_sample", dist[n / 2]);
    rd_time_ms(t1 - t0);
    free(lat); free(lng); free(dist);
    return 0;
}
