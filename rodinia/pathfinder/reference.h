#ifndef PATHFINDER_REFERENCE_H
#define PATHFINDER_REFERENCE_H
#ifdef __cplusplus
extern "C" {
#endif
/* result[c] = cheapest cost of a path from row 0 to (rows-1, c), each step
 * going down to one of the three cells below (clamped at the edges). */
void pf_reference(const int *wall, int rows, int cols, int *result);
#ifdef __cplusplus
}
#endif
#endif
