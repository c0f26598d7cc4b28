#include "reference.h"

/* number of keys < v (strict) or <= v */
static int count_below(const int *keys, int n, int v, int inclusive)
{
    int a = 0, b = n;
    while (a < b) {
        int m = a + (b - a) / 2;
        if (keys[m] < v || (inclusive && keys[m] == v)) a = m + 1; else b = m;
    }
    return a;
}

void bt_reference(const BtTree *t, int nq, const int *q, const int *lo, const int *hi,
                  int *ans, int *start, int *len)
{
    for (int i = 0; i < nq; i++) {
        int p = count_below(t->keys, t->nkeys, q[i], 0);
        ans[i] = (p < t->nkeys && t->keys[p] == q[i]) ? t->values[p] : -1;
        int s = count_below(t->keys, t->nkeys, lo[i], 0);
        int e = count_below(t->keys, t->nkeys, hi[i], 1);
        start[i] = s;
        len[i] = e - s;
    }
}
