/*
 * b+tree: batched searches in a B+ tree stored as a flat array of nodes.
 * findK: one block per point query, BT_ORDER threads; at each level thread k
 * tests keys[k] <= q < keys[k+1] and the matching thread publishes the child
 * through shared memory between two barriers; at the leaf the matching thread
 * stores the record. findRangeK: one block per range [lo, hi]; descends two
 * paths (lo and hi) the same way, then each leaf's threads count their keys
 * below the bound with a shared-memory tree reduction (barrier in a loop).
 *
 * TOLERANCE 0: all results are integers and must equal binary searches on
 * the sorted key array exactly.
 */
#include <cuda_runtime.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.h"

__global__ void findK(int height, const BtNode *nodes, const int *values, const int *query, int *ans)
{
    __shared__ int s_node;
    __shared__ int s_ans;
    int tid = threadIdx.x, bid = blockIdx.x;
    int q = query[bid];
    if (tid == 0) { s_node = 0; s_ans = -1; }
    __syncthreads();
    for (int level = 0; level < height - 1; level++) {
        const BtNode *nd = &nodes[s_node];
        int next = -1;
        if (nd->keys[tid] <= q && q < nd->keys[tid + 1]) next = nd->children[tid];
        __syncthreads();
        if (next >= 0) s_node = next;
        __syncthreads();
    }
    const BtNode *leaf = &nodes[s_node];
    if (tid < leaf->num && leaf->keys[tid] == q) s_ans = values[leaf->children[tid]];
    __syncthreads();
    if (tid == 0) ans[bid] = s_ans;
}

__global__ void findRangeK(int height, const BtNode *nodes, const int *lo, const int *hi,
                           int *start, int *len)
{
    __shared__ int s_lo, s_hi;
    __shared__ int s_cnt_lo[BT_ORDER];
    __shared__ int s_cnt_hi[BT_ORDER];
    int tid = threadIdx.x, bid = blockIdx.x;
    int a = lo[bid], b = hi[bid];
    if (tid == 0) { s_lo = 0; s_hi = 0; }
    __syncthreads();
    for (int level = 0; level < height - 1; level++) {
        const BtNode *na = &nodes[s_lo];
        const BtNode *nb = &nodes[s_hi];
        int next_a = -1, next_b = -1;
        if (na->keys[tid] <= a && a < na->keys[tid + 1]) next_a = na->children[tid];
        if (nb->keys[tid] <= b && b < nb->keys[tid + 1]) next_b = nb->children[tid];
        __syncthreads();
        if (next_a >= 0) s_lo = next_a;
        if (next_b >= 0) s_hi = next_b;
        __syncthreads();
    }
    const BtNode *la = &nodes[s_lo];
    const BtNode *lb = &nodes[s_hi];
    s_cnt_lo[tid] = la->keys[tid] < a ? 1 : 0;    /* INT_MAX padding never counts */
    s_cnt_hi[tid] = lb->keys[tid] <= b ? 1 : 0;
    __syncthreads();
    for (int s = BT_ORDER / 2; s > 0; s >>= 1) {
        if (tid < s) {
            s_cnt_lo[tid] += s_cnt_lo[tid + s];
            s_cnt_hi[tid] += s_cnt_hi[tid + s];
        }
        __syncthreads();
    }
    if (tid == 0) {
        int first = la->children[0] + s_cnt_lo[0];
        int last = lb->children[0] + s_cnt_hi[0];
        start[bid] = first;
        len[bid] = last - first;
    }
}

int main(int argc, char **argv)
{
    int size = rd_size(argc, argv), nq = bt_nqueries(size);
    BtTree t;
    bt_build(bt_nkeys(size), &t);
    int *q = (int *)malloc(nq * sizeof(int)), *lo = (int *)malloc(nq * sizeof(int)), *hi = (int *)malloc(nq * sizeof(int));
    int *ans = (int *)malloc(nq * sizeof(int)), *start = (int *)malloc(nq * sizeof(int)), *len = (int *)malloc(nq * sizeof(int));
    int *r_ans = (int *)malloc(nq * sizeof(int)), *r_start = (int *)malloc(nq * sizeof(int)), *r_len = (int *)malloc(nq * sizeof(int));
    bt_queries(&t, nq, q, lo, hi);

    BtNode *d_nodes;
    int *d_values, *d_q, *d_lo, *d_hi, *d_ans, *d_start, *d_len;
    RD_CHECK(cudaMalloc((void **)&d_nodes, (size_t)t.nnodes * sizeof(BtNode)));
    RD_CHECK(cudaMalloc((void **)&d_values, (size_t)t.nkeys * sizeof(int)));
    RD_CHECK(cudaMalloc((void **)&d_q, nq * sizeof(int)));
    RD_CHECK(cudaMalloc((void **)&d_lo, nq * sizeof(int)));
    RD_CHECK(cudaMalloc((void **)&d_hi, nq * sizeof(int)));
    RD_CHECK(cudaMalloc((void **)&d_ans, nq * sizeof(int)));
    RD_CHECK(cudaMalloc((void **)&d_start, nq * sizeof(int)));
    RD_CHECK(cudaMalloc((void **)&d_len, nq * sizeof(int)));

    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    cudaEventRecord(e0, 0);
    RD_CHECK(cudaMemcpy(d_nodes, t.nodes, (size_t)t.nnodes * sizeof(BtNode), cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_values, t.values, (size_t)t.nkeys * sizeof(int), cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_q, q, nq * sizeof(int), cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_lo, lo, nq * sizeof(int), cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_hi, hi, nq * sizeof(int), cudaMemcpyHostToDevice));
    findK<<<nq, BT_ORDER>>>(t.height, d_nodes, d_values, d_q, d_ans);
    findRangeK<<<nq, BT_ORDER>>>(t.height, d_nodes, d_lo, d_hi, d_start, d_len);
    RD_CHECK(cudaGetLastError());
    RD_CHECK(cudaMemcpy(ans, d_ans, nq * sizeof(int), cudaMemcpyDeviceToHost));
    RD_CHECK(cudaMemcpy(start, d_start, nq * sizeof(int), cudaMemcpyDeviceToHost));
    RD_CHECK(cudaMemcpy(len, d_len, nq * sizeof(int), cudaMemcpyDeviceToHost));
    cudaEventRecord(e1, 0);
    cudaEventSynchronize(e1);
    float ms = 0;
    cudaEventElapsedTime(&ms, e0, e1);

    bt_print_results(nq, ans, start, len);
    rd_time_ms(ms);
    bt_reference(&t, nq, q, lo, hi, r_ans, r_start, r_len);
    long i1, i2, i3;
    long b1 = rd_mismatch_i(ans, r_ans, nq, &i1), b2 = rd_mismatch_i(start, r_start, nq, &i2),
         b3 = rd_mismatch_i(len, r_len, nq, &i3);
    int rc = rd_verify(b1 + b2 + b3 == 0, "mismatches: point %ld (first %ld), range start %ld (first %ld), range len %ld (first %ld)",
                       b1, i1, b2, i2, b3, i3);
    cudaFree(d_nodes); cudaFree(d_values); cudaFree(d_q); cudaFree(d_lo); cudaFree(d_hi);
    cudaFree(d_ans); cudaFree(d_start); cudaFree(d_len);
    bt_free(&t);
    free(q); free(lo); free(hi); free(ans); free(start); free(len); free(r_ans); free(r_start); free(r_len);
    return rc;
}
