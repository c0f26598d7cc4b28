/* hotspot/reference.h: serial C reference of the hotspot simulation. */
#ifndef HOTSPOT_REFERENCE_H
#define HOTSPOT_REFERENCE_H
#ifdef __cplusplus
extern "C" {
#endif
/* Runs `iterations` explicit time steps of the 2D thermal model on a
 * rows x cols grid (edges: missing neighbours replaced by the cell itself).
 * temp (in/out) holds the initial and then the final temperatures. */
void hotspot_reference(int rows, int cols, int iterations, float *temp, const float *power);
#ifdef __cplusplus
}
#endif
#endif
