/*
 * b+tree input: sorted unique random keys with records, bulk-loaded into a
 * B+ tree stored as a flat array of nodes (root at index 0, levels stored top
 * down, all leaves at the same depth), plus point and range queries.
 * Internal node with c children: keys[0] = INT_MIN, keys[k] = smallest key of
 * child k (1 <= k < c), keys[k] = INT_MAX for k >= c (keys[BT_ORDER] always
 * INT_MAX); search goes to the child k with keys[k] <= q < keys[k+1].
 * Leaf: keys[0..c-1] sorted, INT_MAX padding; children[k] = index of the
 * record (records are stored in key order, so indices are contiguous).
 */
#ifndef BTREE_INPUT_H
#define BTREE_INPUT_H
#include <limits.h>
#include "../common/rodinia.h"

#define BT_SEED 13
#define BT_ORDER 64        /* threads per block = key slots per node */
#define BT_FILL 48         /* keys per leaf / children per internal node */

typedef struct {
    int keys[BT_ORDER + 1];
    int children[BT_ORDER];
    int num;
    int is_leaf;
} BtNode;

typedef struct {
    int nkeys, nnodes, height;   /* height = number of levels, leaves included */
    int *keys, *values;          /* sorted keys and their records */
    BtNode *nodes;
} BtTree;

static inline int bt_nkeys(int size) { return size == RD_LARGE ? 8000000 : 1000000; }
static inline int bt_nqueries(int size) { return size == RD_LARGE ? 1000000 : 10000; }
static inline int bt_value_of(int key) { return (int)(((unsigned)key * 2654435761u) >> 1); }

static inline void bt_build(int nkeys, BtTree *t)
{
    rd_lcg g;
    rd_seed(&g, BT_SEED);
    t->nkeys = nkeys;
    t->keys = (int *)malloc((size_t)nkeys * sizeof(int));
    t->values = (int *)malloc((size_t)nkeys * sizeof(int));
    /* strictly increasing keys with random gaps 1..8 */
    int k = rd_range(&g, 0, 16);
    for (int i = 0; i < nkeys; i++) {
        t->keys[i] = k;
        t->values[i] = bt_value_of(k);
        k += rd_range(&g, 1, 9);
    }
    /* level sizes, bottom up */
    int lev[32], nlev = 0, total = 0;
    int cnt = (nkeys + BT_FILL - 1) / BT_FILL;
    for (;;) {
        lev[nlev++] = cnt;
        total += cnt;
        if (cnt == 1) break;
        cnt = (cnt + BT_FILL - 1) / BT_FILL;
    }
    t->height = nlev;
    t->nnodes = total;
    t->nodes = (BtNode *)malloc((size_t)total * sizeof(BtNode));
    /* node offsets, top level first: level L (0 = leaves) starts at off[L] */
    int off[32], o = 0;
    for (int L = nlev - 1; L >= 0; L--) { off[L] = o; o += lev[L]; }
    int *minkey = (int *)malloc((size_t)lev[0] * sizeof(int));
    for (int n = 0; n < lev[0]; n++) {
        BtNode *nd = &t->nodes[off[0] + n];
        int first = n * BT_FILL, c = nkeys - first < BT_FILL ? nkeys - first : BT_FILL;
        nd->num = c;
        nd->is_leaf = 1;
        for (int s = 0; s <= BT_ORDER; s++) nd->keys[s] = s < c ? t->keys[first + s] : INT_MAX;
        for (int s = 0; s < BT_ORDER; s++) nd->children[s] = s < c ? first + s : -1;
        minkey[n] = t->keys[first];
    }
    for (int L = 1; L < nlev; L++) {
        for (int n = 0; n < lev[L]; n++) {
            BtNode *nd = &t->nodes[off[L] + n];
            int first = n * BT_FILL, c = lev[L - 1] - first < BT_FILL ? lev[L - 1] - first : BT_FILL;
            nd->num = c;
            nd->is_leaf = 0;
            for (int s = 0; s <= BT_ORDER; s++)
                nd->keys[s] = s == 0 ? INT_MIN : s < c ? minkey[first + s] : INT_MAX;
            for (int s = 0; s < BT_ORDER; s++) nd->children[s] = s < c ? off[L - 1] + first + s : -1;
            minkey[n] = minkey[first];   /* n <= first: safe in place */
        }
    }
    free(minkey);
}

static inline void bt_free(BtTree *t) { free(t->keys); free(t->values); free(t->nodes); }

/* Point queries: half existing keys, half random (mostly absent). Range queries [lo, hi]. */
static inline void bt_queries(const BtTree *t, int nq, int *q, int *lo, int *hi)
{
    rd_lcg g;
    int maxkey = t->keys[t->nkeys - 1];
    rd_seed(&g, BT_SEED + 1);
    for (int i = 0; i < nq; i++) {
        q[i] = (i & 1) ? t->keys[rd_range(&g, 0, t->nkeys)] : rd_range(&g, -5, maxkey + 5);
        int a = rd_range(&g, -5, maxkey + 5);
        lo[i] = a;
        hi[i] = a + rd_range(&g, 0, 2000);
    }
}

/* RESULT lines (all versions). ans: record value or -1; start/len: range answers. */
static inline void bt_print_results(int nq, const int *ans, const int *start, const int *len)
{
    long long found = 0, vsum = 0, ssum = 0, lsum = 0;
    for (int i = 0; i < nq; i++) {
        if (ans[i] != -1) { found++; vsum += ans[i] % 1000003; }
        ssum += start[i];
        lsum += len[i];
    }
    rd_result_i("point_found", found);
    rd_result_i("point_value_sum", vsum);
    rd_result_i("range_start_sum", ssum);
    rd_result_i("range_len_sum", lsum);
    rd_result_i("range_len_first", len[0]);
}
#endif
