/*
 * cfd input: a synthetic unstructured mesh. Each cell has NNB = 4 faces with a
 * neighbour index (>= 0), CFD_WALL (-1) or CFD_FARFIELD (-2), a face normal
 * (area-weighted; the 4 normals of a cell sum to zero, so a uniform flow is
 * steady) and a volume ("area"). Cells start at the far-field state scaled by
 * a per-cell perturbation in [0.95, 1.05].
 * Layout: neighbours[j*nel + i], normals[(j*NDIM + d)*nel + i], variables[v*nel + i].
 */
#ifndef CFD_INPUT_H
#define CFD_INPUT_H
#include "../common/rodinia.h"

#define CFD_SEED 5
#define NDIM 3
#define NNB 4
#define NVAR (NDIM + 2)
#define RK 3
#define GAMMA 1.4f
#define VAR_DENSITY 0
#define VAR_MOMENTUM 1
#define VAR_DENSITY_ENERGY (VAR_MOMENTUM + NDIM)
#define CFD_WALL (-1)
#define CFD_FARFIELD (-2)
#define CFD_SMOOTHING 0.2f
#define CFD_FF_MACH 1.2f
#define CFD_FF_ANGLE 0.05f

static inline int cfd_cells(int size) { return size == RD_LARGE ? (1 << 20) : (1 << 16); }
static inline int cfd_iterations(int size) { return size == RD_LARGE ? 4 : 2; }

static inline void cfd_input(int nel, int *neighbours, float *normals, float *areas, float *pert)
{
    rd_lcg g;
    rd_seed(&g, CFD_SEED);
    for (int i = 0; i < nel; i++) {
        int nb[NNB];
        float n[NNB][NDIM];
        nb[0] = i + 1 < nel ? i + 1 : CFD_FARFIELD;
        nb[1] = i > 0 ? i - 1 : CFD_WALL;
        for (int j = 2; j < NNB; j++) {
            int r = rd_range(&g, 0, 64);
            nb[j] = r == 0 ? CFD_WALL : r == 1 ? CFD_FARFIELD : rd_range(&g, 0, nel);
        }
        for (int d = 0; d < NDIM; d++) {
            float s = 0.0f;
            for (int j = 0; j < NNB - 1; j++) { n[j][d] = rd_uniformf(&g, -0.05f, 0.05f); s += n[j][d]; }
            n[NNB - 1][d] = -s;
        }
        for (int j = 0; j < NNB; j++) {
            neighbours[j * nel + i] = nb[j];
            for (int d = 0; d < NDIM; d++) normals[(j * NDIM + d) * nel + i] = n[j][d];
        }
        areas[i] = rd_uniformf(&g, 0.5f, 1.5f);
        pert[i] = rd_uniformf(&g, 0.95f, 1.05f);
    }
}

/* Far-field state: density 1.4, pressure 1 (speed of sound 1), Mach CFD_FF_MACH. */
static inline void cfd_farfield(float ff[NVAR])
{
    float angle = CFD_FF_ANGLE;
    float vx = CFD_FF_MACH * cosf(angle), vy = CFD_FF_MACH * sinf(angle), vz = 0.0f;
    float density = 1.4f, pressure = 1.0f;
    ff[VAR_DENSITY] = density;
    ff[VAR_MOMENTUM + 0] = density * vx;
    ff[VAR_MOMENTUM + 1] = density * vy;
    ff[VAR_MOMENTUM + 2] = density * vz;
    ff[VAR_DENSITY_ENERGY] = density * (0.5f * (vx * vx + vy * vy + vz * vz)) + pressure / (GAMMA - 1.0f);
}

/* RESULT lines (shared by all versions). */
static inline void cfd_print_results(int nel, const float *v)
{
    double dens = 0, ener = 0, mom = 0;
    for (int i = 0; i < nel; i++) {
        dens += v[VAR_DENSITY * nel + i];
        ener += v[VAR_DENSITY_ENERGY * nel + i];
        for (int d = 0; d < NDIM; d++) mom += fabs(v[(VAR_MOMENTUM + d) * nel + i]);
    }
    rd_result("density_sum", dens);
    rd_result("energy_sum", ener);
    rd_result("momentum_l1", mom);
    rd_result("density_third", v[VAR_DENSITY * nel + nel / 3]);
    rd_result("energy_half", v[VAR_DENSITY_ENERGY * nel + nel / 2]);
}
#endif
