#ifndef SRAD_REFERENCE_H
#define SRAD_REFERENCE_H
#ifdef __cplusplus
extern "C" {
#endif
/* srad_v1: img (rows x cols, row-major) in place: I = exp(img/255), niter
 * SRAD steps with statistics over the whole image, then img = 255*log(I). */
void srad_v1_reference(float *img, int rows, int cols, int niter, float lambda);

/* srad_v2: J (already exp-scaled) in place: niter SRAD steps with statistics
 * over the region of interest rows r1..r2, columns c1..c2 (inclusive). */
void srad_v2_reference(float *J, int rows, int cols, int r1, int r2, int c1,
                       int c2, int niter, float lambda);
#ifdef __cplusplus
}
#endif
#endif
