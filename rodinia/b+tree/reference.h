#ifndef BTREE_REFERENCE_H
#define BTREE_REFERENCE_H
#include "input.h"
#ifdef __cplusplus
extern "C" {
#endif
/* Binary searches on the sorted key array (independent of the tree layout). */
void bt_reference(const BtTree *t, int nq, const int *q, const int *lo, const int *hi,
                  int *ans, int *start, int *len);
#ifdef __cplusplus
}
#endif
#endif
