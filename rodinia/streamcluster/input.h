/* streamcluster/input.h: deterministic input of the streamcluster pgain
 * workload: n weighted points of dimension dim drawn around 12 random blob
 * centres, stored coordinate-major (coord[k*n + i]); an initial solution
 * with k0 evenly spaced centres; the sequence of candidate centres; the
 * facility cost z. Plain C, header-only. */
#ifndef STREAMCLUSTER_INPUT_H
#define STREAMCLUSTER_INPUT_H
#include "../common/rodinia.h"

#define SC_SEED 8088u
#define SC_BLOBS 12

typedef struct { int n, dim, k0, ncand; } ScSize;

static inline ScSize sc_size(int size)
{
    ScSize s;
    if (size == RD_LARGE) { s.n = 131072; s.dim = 32; s.k0 = 6; s.ncand = 128; }
    else { s.n = 8192; s.dim = 16; s.k0 = 6; s.ncand = 64; }
    return s;
}

/* Squared distance of points a and b (coordinate order, float). */
static inline float sc_dist(const float *coord, int n, int dim, long a, long b)
{
    float r = 0.0f;
    for (int k = 0; k < dim; k++) {
        float d = coord[(long)k * n + a] - coord[(long)k * n + b];
        r += d * d;
    }
    return r;
}

/* Fills coord[dim*n], weight[n], cand[ncand]. */
static inline void sc_generate(const ScSize *s, float *coord, float *weight, int *cand)
{
    rd_lcg g;
    rd_seed(&g, SC_SEED);
    float blob[SC_BLOBS][64];
    for (int b = 0; b < SC_BLOBS; b++)
        for (int k = 0; k < s->dim; k++) blob[b][k] = rd_uniformf(&g, 0.0f, 100.0f);
    for (int i = 0; i < s->n; i++) {
        int b = rd_range(&g, 0, SC_BLOBS);
        for (int k = 0; k < s->dim; k++) {
            float noise = 0.0f;
            for (int t = 0; t < 4; t++) noise += rd_uniformf(&g, -5.0f, 5.0f);
            coord[(long)k * s->n + i] = blob[b][k] + noise;
        }
        weight[i] = rd_uniformf(&g, 1.0f, 2.0f);
    }
    for (int j = 0; j < s->ncand; j++) cand[j] = rd_range(&g, 0, s->n);
}

/* Initial solution: k0 centres at i*(n/k0), every point assigned to its
 * nearest centre (lowest index on ties). Returns the facility cost z: a
 * fraction of the initial total cost, so some candidates open and some
 * centres close. */
static inline float sc_setup(const ScSize *s, const float *coord, const float *weight,
                             int *is_center, int *assign, float *cost)
{
    int n = s->n, step = n / s->k0;
    double total = 0.0;
    for (int i = 0; i < n; i++) is_center[i] = 0;
    for (int c = 0; c < s->k0; c++) is_center[c * step] = 1;
    for (int i = 0; i < n; i++) {
        int best = 0;
        float bd = 0.0f;
        for (int c = 0; c < s->k0; c++) {
            float d = sc_dist(coord, n, s->dim, i, (long)c * step);
            if (c == 0 || d < bd) { bd = d; best = c * step; }
        }
        assign[i] = best;
        cost[i] = bd * weight[i];
        total += cost[i];
    }
    return (float)(total / 20.0);
}
#endif
