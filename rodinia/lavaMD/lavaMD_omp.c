/* lavaMD_omp.c: hand-written OpenMP version of lavaMD (boxes distributed
 * over threads; each particle accumulates in registers). */
#include <omp.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.c"

static void lavamd_omp(par_str par, dim_str dim, const box_str *box,
                       const FOUR_VECTOR *rv, const double *qv, FOUR_VECTOR *fv)
{
    double a2 = 2.0 * par.alpha * par.alpha;
    #pragma omp parallel for schedule(dynamic, 1)
    for (long l = 0; l < dim.number_boxes; l++) {
        long first_i = box[l].offset;
        FOUR_VECTOR acc[NUMBER_PAR_PER_BOX];
        for (int i = 0; i < NUMBER_PAR_PER_BOX; i++)
            acc[i].v = acc[i].x = acc[i].y = acc[i].z = 0.0;
        for (int k = 0; k < 1 + box[l].nn; k++) {
            long first_j = box[(k == 0) ? l : box[l].nei[k - 1].number].offset;
            const FOUR_VECTOR *rB = rv + first_j;
            const double *qB = qv + first_j;
            for (int i = 0; i < NUMBER_PAR_PER_BOX; i++) {
                FOUR_VECTOR rA = rv[first_i + i], f = acc[i];
                for (int j = 0; j < NUMBER_PAR_PER_BOX; j++) {
                    double r2 = rA.v + rB[j].v - 2.0 * (rA.x * rB[j].x + rA.y * rB[j].y + rA.z * rB[j].z);
                    double vij = exp(-a2 * r2);
                    double fs = 2.0 * vij;
                    f.v += qB[j] * vij;
                    f.x += qB[j] * (fs * (rA.x - rB[j].x));
                    f.y += qB[j] * (fs * (rA.y - rB[j].y));
                    f.z += qB[j] * (fs * (rA.z - rB[j].z));
                }
                acc[i] = f;
            }
        }
        for (int i = 0; i < NUMBER_PAR_PER_BOX; i++)
            fv[first_i + i] = acc[i];
    }
}

int main(int argc, char **argv)
{
    par_str par;
    par.alpha = 0.5;
    dim_str dim = lavamd_dim(lavamd_boxes1d(rd_size(argc, argv)));
    box_str *box = (box_str *)malloc(dim.box_mem);
    FOUR_VECTOR *rv = (FOUR_VECTOR *)malloc(dim.space_mem);
    double *qv = (double *)malloc(dim.space_mem2);
    FOUR_VECTOR *fv = (FOUR_VECTOR *)malloc(dim.space_mem), *fv_ref = (FOUR_VECTOR *)malloc(dim.space_mem);
    lavamd_boxes(&dim, box);
    lavamd_particles(&dim, box, rv, qv);

    double t0 = rd_now_ms();
    lavamd_omp(par, dim, box, rv, qv, fv);
    double t1 = rd_now_ms();

    lavamd_print_results(fv, dim.space_elem);
    rd_time_ms(t1 - t0);

    lavamd_reference(par, dim, box, rv, qv, fv_ref);
    double err = lavamd_error(fv, fv_ref, dim.space_elem);
    int rc = rd_verify(err <= LAVAMD_TOLERANCE, "normwise relative error %.3g", err);
    free(box); free(rv); free(qv); free(fv); free(fv_ref);
    return rc;
}
