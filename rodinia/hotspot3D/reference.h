/* hotspot3D/reference.h: serial C reference of hotspot3D. */
#ifndef HOTSPOT3D_REFERENCE_H
#define HOTSPOT3D_REFERENCE_H
#ifdef __cplusplus
extern "C" {
#endif
/* `iterations` steps of the 7-point stencil on an nx x ny x nz grid
 * (missing neighbours at the faces replaced by the cell itself).
 * temp: initial temperatures in, final temperatures out. */
void hotspot3D_reference(int nx, int ny, int nz, int iterations, float *temp, const float *power);
#ifdef __cplusplus
}
#endif
#endif
