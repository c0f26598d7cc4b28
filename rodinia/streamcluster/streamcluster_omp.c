/* streamcluster_omp.c: hand-written OpenMP pgain loop: per candidate, a
 * parallel pass over the points computes the costs from x, the switching
 * gain (reduction) and per-thread closing savings per centre (merged after
 * the loop); the decision and the update follow the serial algorithm. */
#include <omp.h>
#include "../common/rodinia.h"
#include "input.h"

static double pgain(long x, int n, int dim, const float *coord, const float *weight,
                    int *is_center, int *assign, float *cost, float z, int *numcenters,
                    int *center_table, char *sw, float *x_cost)
{
    int K = 0;
    for (int i = 0; i < n; i++)
        if (is_center[i]) center_table[i] = K++;
    double *lower = calloc(K, sizeof(double));
    double gain = 0.0;
    #pragma omp parallel
    {
        double *mine = calloc(K, sizeof(double));
        #pragma omp for reduction(+ : gain)
        for (int i = 0; i < n; i++) {
            x_cost[i] = sc_dist(coord, n, dim, i, x) * weight[i];
            sw[i] = x_cost[i] < cost[i];
            if (sw[i]) gain += x_cost[i] - cost[i];
            else mine[center_table[assign[i]]] += cost[i] - x_cost[i];
        }
        #pragma omp critical
        for (int c = 0; c < K; c++) lower[c] += mine[c];
        free(mine);
    }
    int close = 0;
    for (int i = 0; i < n; i++)
        if (is_center[i]) {
            double low = z + lower[center_table[i]];
            lower[center_table[i]] = low;
            if (low > 0) { close++; gain -= low; }
        }
    gain += z;
    double saved = 0.0;
    if (gain < 0) {
        #pragma omp parallel for
        for (int i = 0; i < n; i++)
            if (sw[i] || lower[center_table[assign[i]]] > 0) {
                cost[i] = x_cost[i];
                assign[i] = (int)x;
            }
        for (int i = 0; i < n; i++)
            if (is_center[i] && lower[center_table[i]] > 0) is_center[i] = 0;
        is_center[x] = 1;
        *numcenters += 1 - close;
        saved = -gain;
    }
    free(lower);
    return saved;
}

int main(int argc, char **argv)
{
    ScSize s = sc_size(rd_size(argc, argv));
    int n = s.n, dim = s.dim;
    float *coord = malloc(sizeof(float) * n * dim), *weight = malloc(sizeof(float) * n);
    float *cost = malloc(sizeof(float) * n), *x_cost = malloc(sizeof(float) * n);
    int *cand = malloc(sizeof(int) * s.ncand), *is_center = malloc(sizeof(int) * n);
    int *assign = malloc(sizeof(int) * n), *center_table = malloc(sizeof(int) * n);
    char *sw = malloc(n);
    sc_generate(&s, coord, weight, cand);
    float z = sc_setup(&s, coord, weight, is_center, assign, cost);

    double t0 = rd_now_ms();
    int numcenters = s.k0, opened = 0;
    double total_gain = 0.0;
    for (int j = 0; j < s.ncand; j++) {
        if (is_center[cand[j]]) continue;
        double g = pgain(cand[j], n, dim, coord, weight, is_center, assign, cost, z,
                         &numcenters, center_table, sw, x_cost);
        total_gain += g;
        opened += g > 0;
    }
    double t1 = rd_now_ms();

    rd_result("total_cost", rd_sum_f(cost, n));
    rd_result("total_gain", total_gain);
    rd_result_i("numcenters", numcenters);
    rd_result_i("opened", opened);
    rd_result("cost_first100", rd_sum_f(cost, 100));
    rd_time_ms(t1 - t0);
    free(coord); free(weight); free(cost); free(x_cost); free(cand); free(is_center);
    free(assign); free(center_table); free(sw);
    return 0;
}
