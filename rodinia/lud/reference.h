/* lud/reference.h: serial C reference of lud. */
#ifndef LUD_REFERENCE_H
#define LUD_REFERENCE_H
#ifdef __cplusplus
extern "C" {
#endif
/* In-place LU decomposition without pivoting of the n x n row-major m:
 * afterwards U is on/above the diagonal and unit-lower L below it. */
void lud_reference(float *m, int n);
#ifdef __cplusplus
}
#endif
#endif
