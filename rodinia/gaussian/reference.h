#ifndef GAUSSIAN_REFERENCE_H
#define GAUSSIAN_REFERENCE_H
#ifdef __cplusplus
extern "C" {
#endif
/* Forward elimination without pivoting (in place on a, b) then back substitution into x. */
void gaussian_reference(int n, float *a, float *b, float *x);
void gaussian_backsub(int n, const float *a, const float *b, float *x);
#ifdef __cplusplus
}
#endif
#endif
