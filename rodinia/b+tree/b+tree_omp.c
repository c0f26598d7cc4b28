/* b+tree_omp: OpenMP version of b+tree.cu (tree walks, one query per iteration). */
#include <omp.h>
#include "input.h"

static int descend(const BtTree *t, int v)
{
    int n = 0;
    for (int level = 0; level < t->height - 1; level++) {
        const BtNode *nd = &t->nodes[n];
        int k = 0;
        while (!(nd->keys[k] <= v && v < nd->keys[k + 1])) k++;
        n = nd->children[k];
    }
    return n;
}

int main(int argc, char **argv)
{
    int size = rd_size(argc, argv), nq = bt_nqueries(size);
    BtTree t;
    bt_build(bt_nkeys(size), &t);
    int *q = (int *)malloc(nq * sizeof(int)), *lo = (int *)malloc(nq * sizeof(int)), *hi = (int *)malloc(nq * sizeof(int));
    int *ans = (int *)malloc(nq * sizeof(int)), *start = (int *)malloc(nq * sizeof(int)), *len = (int *)malloc(nq * sizeof(int));
    bt_queries(&t, nq, q, lo, hi);
    double t0 = rd_now_ms();
    #pragma omp parallel for schedule(static)
    for (int i = 0; i < nq; i++) {
        const BtNode *leaf = &t.nodes[descend(&t, q[i])];
        ans[i] = -1;
        for (int k = 0; k < leaf->num; k++)
            if (leaf->keys[k] == q[i]) ans[i] = t.values[leaf->children[k]];
        const BtNode *la = &t.nodes[descend(&t, lo[i])], *lb = &t.nodes[descend(&t, hi[i])];
        int ca = 0, cb = 0;
        for (int k = 0; k < BT_ORDER; k++) { ca += la->keys[k] < lo[i]; cb += lb->keys[k] <= hi[i]; }
        start[i] = la->children[0] + ca;
        len[i] = lb->children[0] + cb - start[i];
    }
    double t1 = rd_now_ms();
    bt_print_results(nq, ans, start, len);
    rd_time_ms(t1 - t0);
    bt_free(&t);
    free(q); free(lo); free(hi); free(ans); free(start); free(len);
    return 0;
}
