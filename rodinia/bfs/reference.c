#include "reference.h"

void bfs_reference(int n, const BfsNode *nodes, const int *edges, int src, int *cost)
{
    int *queue = (int *)malloc((size_t)n * sizeof(int));
    int head = 0, tail = 0;
    for (int i = 0; i < n; i++) cost[i] = -1;
    cost[src] = 0;
    queue[tail++] = src;
    while (head < tail) {
        int u = queue[head++];
        for (int e = nodes[u].start; e < nodes[u].start + nodes[u].num; e++) {
            int v = edges[e];
            if (cost[v] < 0) { cost[v] = cost[u] + 1; queue[tail++] = v; }
        }
    }
    free(queue);
}
