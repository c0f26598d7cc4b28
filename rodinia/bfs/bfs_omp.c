/* bfs_omp: OpenMP version of bfs.cu (same two-phase frontier algorithm). */
#include <omp.h>
#include "../common/rodinia.h"
#include "input.h"
#include "bfs_results.h"

int main(int argc, char **argv)
{
    int n = bfs_nodes(rd_size(argc, argv));
    long m;
    BfsNode *nodes = (BfsNode *)malloc((size_t)n * sizeof(BfsNode));
    int *edges = bfs_input(n, nodes, &m);
    char *mask = (char *)calloc(n, 1), *upd = (char *)calloc(n, 1), *vis = (char *)calloc(n, 1);
    int *cost = (int *)malloc((size_t)n * sizeof(int));
    for (int i = 0; i < n; i++) cost[i] = -1;
    mask[0] = 1; vis[0] = 1; cost[0] = 0;
    double t0 = rd_now_ms();
    int over;
    do {
        over = 0;
        #pragma omp parallel for schedule(static)
        for (int u = 0; u < n; u++) {
            if (!mask[u]) continue;
            mask[u] = 0;
            for (int e = nodes[u].start; e < nodes[u].start + nodes[u].num; e++) {
                int v = edges[e];
                if (!vis[v]) { cost[v] = cost[u] + 1; upd[v] = 1; }
            }
        }
        #pragma omp parallel for schedule(static) reduction(|:over)
        for (int u = 0; u < n; u++) {
            if (upd[u]) { mask[u] = 1; vis[u] = 1; upd[u] = 0; over = 1; }
        }
    } while (over);
    double t1 = rd_now_ms();
    bfs_print_results(n, cost);
    rd_time_ms(t1 - t0);
    free(nodes); free(edges); free(mask); free(upd); free(vis); free(cost);
    return 0;
}
