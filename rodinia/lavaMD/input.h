/* lavaMD/input.h: data structures, deterministic particle generation and
 * result printing for lavaMD. Plain C, shared by lavaMD.cu, reference.c
 * and lavaMD_omp.c. */
#ifndef LAVAMD_INPUT_H
#define LAVAMD_INPUT_H
#include "../common/rodinia.h"

#define NUMBER_PAR_PER_BOX 100   /* particles per box */
#define NUMBER_THREADS 128       /* threads per block (one block per box) */
#define LAVAMD_TOLERANCE 1e-7

typedef struct { double x, y, z; } THREE_VECTOR;
typedef struct { double v, x, y, z; } FOUR_VECTOR;   /* v = |r|^2 for positions */

typedef struct {
    int x, y, z;        /* box coordinates of the neighbour */
    int number;         /* its box number */
    long offset;        /* index of its first particle */
} nei_str;

typedef struct {
    int x, y, z;
    int number;
    long offset;
    int nn;             /* number of neighbours (<= 26), not counting itself */
    nei_str nei[26];
} box_str;

typedef struct { double alpha; } par_str;

typedef struct {
    int boxes1d_arg;    /* boxes per dimension */
    long number_boxes;
    long box_mem;
    long space_elem;    /* particles */
    long space_mem;     /* bytes of FOUR_VECTOR arrays */
    long space_mem2;    /* bytes of the charge array */
} dim_str;

static inline int lavamd_boxes1d(int size) { return size == RD_LARGE ? 8 : 4; }

static inline dim_str lavamd_dim(int boxes1d)
{
    dim_str d;
    d.boxes1d_arg = boxes1d;
    d.number_boxes = (long)boxes1d * boxes1d * boxes1d;
    d.box_mem = d.number_boxes * (long)sizeof(box_str);
    d.space_elem = d.number_boxes * NUMBER_PAR_PER_BOX;
    d.space_mem = d.space_elem * (long)sizeof(FOUR_VECTOR);
    d.space_mem2 = d.space_elem * (long)sizeof(double);
    return d;
}

/* Boxes of unit size on a boxes1d^3 grid; neighbours are the (up to 26)
 * adjacent boxes inside the grid (no periodic wrap). */
static inline void lavamd_boxes(const dim_str *d, box_str *box)
{
    int b = d->boxes1d_arg;
    int nh = 0;
    for (int i = 0; i < b; i++)
        for (int j = 0; j < b; j++)
            for (int k = 0; k < b; k++) {
                box_str *bx = &box[nh];
                bx->x = k; bx->y = j; bx->z = i;
                bx->number = nh;
                bx->offset = (long)nh * NUMBER_PAR_PER_BOX;
                bx->nn = 0;
                for (int l = -1; l <= 1; l++)
                    for (int m = -1; m <= 1; m++)
                        for (int n = -1; n <= 1; n++) {
                            if (l == 0 && m == 0 && n == 0) continue;
                            int zi = i + l, yj = j + m, xk = k + n;
                            if (zi < 0 || zi >= b || yj < 0 || yj >= b || xk < 0 || xk >= b) continue;
                            nei_str *ne = &bx->nei[bx->nn++];
                            ne->x = xk; ne->y = yj; ne->z = zi;
                            ne->number = zi * b * b + yj * b + xk;
                            ne->offset = (long)ne->number * NUMBER_PAR_PER_BOX;
                        }
                nh++;
            }
}

/* particle positions uniformly inside their box, charges in [0.1, 1) */
static inline void lavamd_particles(const dim_str *d, const box_str *box, FOUR_VECTOR *rv, double *qv)
{
    rd_lcg g;
    rd_seed(&g, 4242u);
    for (long b = 0; b < d->number_boxes; b++)
        for (int p = 0; p < NUMBER_PAR_PER_BOX; p++) {
            long i = box[b].offset + p;
            rv[i].x = box[b].x + rd_uniform(&g);
            rv[i].y = box[b].y + rd_uniform(&g);
            rv[i].z = box[b].z + rd_uniform(&g);
            rv[i].v = rv[i].x * rv[i].x + rv[i].y * rv[i].y + rv[i].z * rv[i].z;
            qv[i] = 0.1 + 0.9 * rd_uniform(&g);
        }
}

static inline void lavamd_print_results(const FOUR_VECTOR *fv, long n)
{
    double sv = 0.0, sabs = 0.0, ssq = 0.0;
    for (long i = 0; i < n; i++) {
        sv += fv[i].v;
        sabs += fabs(fv[i].x) + fabs(fv[i].y) + fabs(fv[i].z);
        ssq += fv[i].x * fv[i].x + fv[i].y * fv[i].y + fv[i].z * fv[i].z;
    }
    rd_result("potential_sum", sv);
    rd_result("force_abs_sum", sabs);
    rd_result("force_sq_sum", ssq);
    rd_result("fv0_v", fv[0].v);
    rd_result("fv_mid_v", fv[n / 2].v);
    rd_result("fv_last_v", fv[n - 1].v);
}

/* normwise relative error per component: max|a-b| / max|b| */
static inline double lavamd_error(const FOUR_VECTOR *a, const FOUR_VECTOR *b, long n)
{
    double diff[4] = {0, 0, 0, 0}, mag[4] = {0, 0, 0, 0}, worst = 0.0;
    for (long i = 0; i < n; i++) {
        const double pa[4] = {a[i].v, a[i].x, a[i].y, a[i].z};
        const double pb[4] = {b[i].v, b[i].x, b[i].y, b[i].z};
        for (int c = 0; c < 4; c++) {
            double e = fabs(pa[c] - pb[c]);
            if (!(e <= diff[c])) diff[c] = e;   /* NaN propagates */
            if (fabs(pb[c]) > mag[c]) mag[c] = fabs(pb[c]);
        }
    }
    for (int c = 0; c < 4; c++) {
        double e = diff[c] / (mag[c] > 0 ? mag[c] : 1.0);
        if (!(e <= worst)) worst = e;
    }
    return worst;
}
#endif
