#include "reference.h"
#include "cfd_host.h"

void cfd_reference(int nel, int iterations, const int *neighbours, const float *normals,
                   const float *areas, const float *pert, float *v)
{
    cfd_ff ff;
    float *old = (float *)malloc((size_t)NVAR * nel * sizeof(float));
    float *flux = (float *)malloc((size_t)NVAR * nel * sizeof(float));
    float *sf = (float *)malloc((size_t)nel * sizeof(float));
    cfd_make_ff(&ff);
    for (int i = 0; i < nel; i++)
        for (int k = 0; k < NVAR; k++) v[k * nel + i] = ff.var[k] * pert[i];
    for (int it = 0; it < iterations; it++) {
        memcpy(old, v, (size_t)NVAR * nel * sizeof(float));
        for (int i = 0; i < nel; i++) sf[i] = cfd_step_factor(v, areas, nel, i);
        for (int j = 0; j < RK; j++) {
            for (int i = 0; i < nel; i++) cfd_flux_cell(&ff, neighbours, normals, v, flux, nel, i);
            for (int i = 0; i < nel; i++) {
                float f = sf[i] / (float)(RK + 1 - j);
                for (int k = 0; k < NVAR; k++) v[k * nel + i] = old[k * nel + i] + f * flux[k * nel + i];
            }
        }
    }
    free(old); free(flux); free(sf);
}
