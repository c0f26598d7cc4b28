#ifndef NW_REFERENCE_H
#define NW_REFERENCE_H
#ifdef __cplusplus
extern "C" {
#endif
/* Fills score[(n+1)^2] (borders already set) row by row:
 * score[i][j] = max(nw + ref[i][j], w - penalty, n - penalty). */
void nw_reference(int *score, const int *reference, int n, int penalty);
#ifdef __cplusplus
}
#endif
#endif
