/* RESULT lines shared by bfs.cu and bfs_omp.c. */
#ifndef BFS_RESULTS_H
#define BFS_RESULTS_H
#include "../common/rodinia.h"
static inline void bfs_print_results(int n, const int *cost)
{
    long long reached = 0, sum = 0, wsum = 0;
    int maxc = 0;
    for (int i = 0; i < n; i++) {
        if (cost[i] < 0) continue;
        reached++;
        sum += cost[i];
        wsum += (long long)cost[i] * (i % 13 + 1);
        if (cost[i] > maxc) maxc = cost[i];
    }
    rd_result_i("reached", reached);
    rd_result_i("cost_sum", sum);
    rd_result_i("cost_weighted_sum", wsum);
    rd_result_i("max_cost", maxc);
    rd_result_i("cost_last", cost[n - 1]);
    rd_result_i("cost_mid", cost[n / 2]);
}
#endif
