/*
 * bfs: level-synchronous breadth-first search on a random CSR graph.
 * Kernel 1 expands the frontier mask (clears it, marks unvisited neighbours
 * in the updating mask and sets their cost); kernel 2 moves the updating mask
 * into the frontier and visited masks and raises the global `over` flag
 * (a device bool written by many threads). The host loops until no change.
 *
 * TOLERANCE 0: costs are integers and must equal the serial BFS exactly
 * (several threads may write the same cost to a node, always the same value).
 */
#include <cuda_runtime.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.h"
#include "bfs_results.h"

#define BLOCK 256

__global__ void bfs_expand(const BfsNode *nodes, const int *edges, bool *mask,
                           bool *updating, const bool *visited, int *cost, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n && mask[tid]) {
        mask[tid] = false;
        int end = nodes[tid].start + nodes[tid].num;
        for (int e = nodes[tid].start; e < end; e++) {
            int id = edges[e];
            if (!visited[id]) {
                cost[id] = cost[tid] + 1;
                updating[id] = true;
            }
        }
    }
}

__global__ void bfs_update(bool *mask, bool *updating, bool *visited, bool *over, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n && updating[tid]) {
        mask[tid] = true;
        visited[tid] = true;
        *over = true;
        updating[tid] = false;
    }
}

int main(int argc, char **argv)
{
    int n = bfs_nodes(rd_size(argc, argv));
    long m;
    BfsNode *nodes = (BfsNode *)malloc((size_t)n * sizeof(BfsNode));
    int *edges = bfs_input(n, nodes, &m);
    bool *mask = (bool *)calloc(n, sizeof(bool)), *visited = (bool *)calloc(n, sizeof(bool));
    int *cost = (int *)malloc((size_t)n * sizeof(int)), *rcost = (int *)malloc((size_t)n * sizeof(int));
    for (int i = 0; i < n; i++) cost[i] = -1;
    mask[0] = true; visited[0] = true; cost[0] = 0;

    BfsNode *d_nodes; int *d_edges, *d_cost; bool *d_mask, *d_upd, *d_vis, *d_over;
    RD_CHECK(cudaMalloc((void **)&d_nodes, (size_t)n * sizeof(BfsNode)));
    RD_CHECK(cudaMalloc((void **)&d_edges, (size_t)m * sizeof(int)));
    RD_CHECK(cudaMalloc((void **)&d_cost, (size_t)n * sizeof(int)));
    RD_CHECK(cudaMalloc((void **)&d_mask, (size_t)n * sizeof(bool)));
    RD_CHECK(cudaMalloc((void **)&d_upd, (size_t)n * sizeof(bool)));
    RD_CHECK(cudaMalloc((void **)&d_vis, (size_t)n * sizeof(bool)));
    RD_CHECK(cudaMalloc((void **)&d_over, sizeof(bool)));

    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    cudaEventRecord(e0, 0);
    RD_CHECK(cudaMemcpy(d_nodes, nodes, (size_t)n * sizeof(BfsNode), cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_edges, edges, (size_t)m * sizeof(int), cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_cost, cost, (size_t)n * sizeof(int), cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_mask, mask, (size_t)n * sizeof(bool), cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_vis, visited, (size_t)n * sizeof(bool), cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemset(d_upd, 0, (size_t)n * sizeof(bool)));

    dim3 grid((n + BLOCK - 1) / BLOCK), block(BLOCK);
    bool over;
    int levels = 0;
    do {
        over = false;
        RD_CHECK(cudaMemcpy(d_over, &over, sizeof(bool), cudaMemcpyHostToDevice));
        bfs_expand<<<grid, block, 0>>>(d_nodes, d_edges, d_mask, d_upd, d_vis, d_cost, n);
        bfs_update<<<grid, block, 0>>>(d_mask, d_upd, d_vis, d_over, n);
        RD_CHECK(cudaGetLastError());
        RD_CHECK(cudaMemcpy(&over, d_over, sizeof(bool), cudaMemcpyDeviceToHost));
        levels++;
    } while (over);
    RD_CHECK(cudaMemcpy(cost, d_cost, (size_t)n * sizeof(int), cudaMemcpyDeviceToHost));
    cudaEventRecord(e1, 0);
    cudaEventSynchronize(e1);
    float ms = 0;
    cudaEventElapsedTime(&ms, e0, e1);

    bfs_print_results(n, cost);
    rd_time_ms(ms);
    bfs_reference(n, nodes, edges, 0, rcost);
    long idx;
    long bad = rd_mismatch_i(cost, rcost, n, &idx);
    int rc = rd_verify(bad == 0, "%ld costs differ, first at node %ld: %d vs %d", bad, idx,
                       bad ? cost[idx] : 0, bad ? rcost[idx] : 0);
    cudaFree(d_nodes); cudaFree(d_edges); cudaFree(d_cost); cudaFree(d_mask);
    cudaFree(d_upd); cudaFree(d_vis); cudaFree(d_over);
    free(nodes); free(edges); free(mask); free(visited); free(cost); free(rcost);
    return rc;
}
