#ifndef CFD_REFERENCE_H
#define CFD_REFERENCE_H
#ifdef __cplusplus
extern "C" {
#endif
/* Runs `iterations` RK iterations serially; variables[NVAR*nel] is the result. */
void cfd_reference(int nel, int iterations, const int *neighbours, const float *normals,
                   const float *areas, const float *pert, float *variables);
#ifdef __cplusplus
}
#endif
#endif
