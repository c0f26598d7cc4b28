/* streamcluster/reference.c: serial pgain (online k-median local search). */
#include "input.h" /* first: rodinia.h sets _POSIX_C_SOURCE */
#include <stdlib.h>
#include "reference.h"

double sc_pgain_reference(long x, int n, int dim, const float *coord,
                          const float *weight, int *is_center, int *assign,
                          float *cost, float z, int *numcenters)
{
    int *center_table = malloc(sizeof(int) * n);
    char *switch_membership = malloc(n);
    float *x_cost = malloc(sizeof(float) * n);
    int K = 0;
    for (int i = 0; i < n; i++)
        if (is_center[i]) center_table[i] = K++;
    double *lower = calloc(K, sizeof(double));
    double gain = 0.0;
    for (int i = 0; i < n; i++) {
        x_cost[i] = sc_dist(coord, n, dim, i, x) * weight[i];
        switch_membership[i] = x_cost[i] < cost[i];
        if (switch_membership[i])
            gain += x_cost[i] - cost[i];
        else
            lower[center_table[assign[i]]] += cost[i] - x_cost[i];
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
        for (int i = 0; i < n; i++)
            if (switch_membership[i] || lower[center_table[assign[i]]] > 0) {
                cost[i] = x_cost[i];
                assign[i] = (int)x;
            }
        for (int i = 0; i < n; i++)
            if (is_center[i] && lower[center_table[i]] > 0) is_center[i] = 0;
        is_center[x] = 1;
        *numcenters += 1 - close;
        saved = -gain;
    }
    free(center_table); free(switch_membership); free(x_cost); free(lower);
    return saved;
}
