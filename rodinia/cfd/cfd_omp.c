/* cfd_omp: OpenMP version of cfd.cu. */
#include <omp.h>
#include "cfd_host.h"

int main(int argc, char **argv)
{
    int size = rd_size(argc, argv), nel = cfd_cells(size), iterations = cfd_iterations(size);
    int *nbs = (int *)malloc((size_t)NNB * nel * sizeof(int));
    float *normals = (float *)malloc((size_t)NNB * NDIM * nel * sizeof(float));
    float *areas = (float *)malloc(nel * sizeof(float)), *pert = (float *)malloc(nel * sizeof(float));
    float *v = (float *)malloc((size_t)NVAR * nel * sizeof(float)), *old = (float *)malloc((size_t)NVAR * nel * sizeof(float));
    float *flux = (float *)malloc((size_t)NVAR * nel * sizeof(float)), *sf = (float *)malloc(nel * sizeof(float));
    cfd_ff ff;
    cfd_input(nel, nbs, normals, areas, pert);
    cfd_make_ff(&ff);
    double t0 = rd_now_ms();
    #pragma omp parallel for
    for (int i = 0; i < nel; i++)
        for (int k = 0; k < NVAR; k++) v[k * nel + i] = ff.var[k] * pert[i];
    for (int it = 0; it < iterations; it++) {
        memcpy(old, v, (size_t)NVAR * nel * sizeof(float));
        #pragma omp parallel for
        for (int i = 0; i < nel; i++) sf[i] = cfd_step_factor(v, areas, nel, i);
        for (int j = 0; j < RK; j++) {
            #pragma omp parallel for
            for (int i = 0; i < nel; i++) cfd_flux_cell(&ff, nbs, normals, v, flux, nel, i);
            #pragma omp parallel for
            for (int i = 0; i < nel; i++) {
                float f = sf[i] / (float)(RK + 1 - j);
                for (int k = 0; k < NVAR; k++) v[k * nel + i] = old[k * nel + i] + f * flux[k * nel + i];
            }
        }
    }
    double t1 = rd_now_ms();
    cfd_print_results(nel, v);
    rd_time_ms(t1 - t0);
    free(nbs); free(normals); free(areas); free(pert); free(v); free(old); free(flux); free(sf);
    return 0;
}
