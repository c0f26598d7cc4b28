/* proj.h: the functions of a multi-file CUDA project. The .cu files give
 * theirs C linkage, so C and C++ callers both link with them. */
#ifndef PROJ_H
#define PROJ_H
#ifdef __cplusplus
extern "C" {
#endif
void run_scale(float *h, int n, float f);   /* scale.cu: h *= f on the device */
double run_sum(const float *h, int n);      /* sum.cu: the sum of h on the device */
float mean_of(const float *h, int n);       /* stats.c: plain C */
#ifdef __cplusplus
}
#endif
#endif
