/* lavaMD/reference.c: plain serial C reference. */
#include "input.h"
#include "reference.h"

void lavamd_reference(par_str par, dim_str dim, const box_str *box,
                      const FOUR_VECTOR *rv, const double *qv, FOUR_VECTOR *fv)
{
    double a2 = 2.0 * par.alpha * par.alpha;
    for (long i = 0; i < dim.space_elem; i++)
        fv[i].v = fv[i].x = fv[i].y = fv[i].z = 0.0;
    for (long l = 0; l < dim.number_boxes; l++) {
        long first_i = box[l].offset;
        for (int k = 0; k < 1 + box[l].nn; k++) {
            long pointer = (k == 0) ? l : box[l].nei[k - 1].number;
            long first_j = box[pointer].offset;
            for (int i = 0; i < NUMBER_PAR_PER_BOX; i++) {
                const FOUR_VECTOR *rA = &rv[first_i + i];
                FOUR_VECTOR *fA = &fv[first_i + i];
                for (int j = 0; j < NUMBER_PAR_PER_BOX; j++) {
                    const FOUR_VECTOR *rB = &rv[first_j + j];
                    double r2 = rA->v + rB->v - 2.0 * (rA->x * rB->x + rA->y * rB->y + rA->z * rB->z);
                    double u2 = a2 * r2;
                    double vij = exp(-u2);
                    double fs = 2.0 * vij;
                    double dx = rA->x - rB->x, dy = rA->y - rB->y, dz = rA->z - rB->z;
                    double qB = qv[first_j + j];
                    fA->v += qB * vij;
                    fA->x += qB * (fs * dx);
                    fA->y += qB * (fs * dy);
                    fA->z += qB * (fs * dz);
                }
            }
        }
    }
}
