/* bfs input: a random directed graph in CSR form (seeded), source node 0. */
#ifndef BFS_INPUT_H
#define BFS_INPUT_H
#include "../common/rodinia.h"

#define BFS_SEED 11
#define BFS_MIN_DEG 1
#define BFS_MAX_DEG 7   /* exclusive */

typedef struct { int start; int num; } BfsNode;

static inline int bfs_nodes(int size) { return size == RD_LARGE ? (1 << 23) : (1 << 20); }

/* Fills nodes[n]; returns the edge array (malloc'ed) and its length in *nedges. */
static inline int *bfs_input(int n, BfsNode *nodes, long *nedges)
{
    rd_lcg g;
    long m = 0, cap;
    int *edges;
    rd_seed(&g, BFS_SEED);
    for (int i = 0; i < n; i++) {
        nodes[i].start = (int)m;
        nodes[i].num = rd_range(&g, BFS_MIN_DEG, BFS_MAX_DEG);
        m += nodes[i].num;
    }
    cap = m;
    edges = (int *)malloc((size_t)cap * sizeof(int));
    for (long e = 0; e < m; e++) edges[e] = rd_range(&g, 0, n);
    *nedges = m;
    return edges;
}
#endif
