#ifndef BFS_REFERENCE_H
#define BFS_REFERENCE_H
#include "input.h"
#ifdef __cplusplus
extern "C" {
#endif
/* Serial queue BFS from src: cost[i] = hop distance, -1 when unreachable. */
void bfs_reference(int n, const BfsNode *nodes, const int *edges, int src, int *cost);
#ifdef __cplusplus
}
#endif
#endif
