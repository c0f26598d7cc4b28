/* cfd_host.h: the Euler flux computation in plain C (reference and OpenMP versions). */
#ifndef CFD_HOST_H
#define CFD_HOST_H
#include "input.h"

typedef struct { float x, y, z; } cfd_f3;

static inline void cfd_flux_contribution(float density_energy, float pressure, cfd_f3 mom, cfd_f3 vel,
                                         cfd_f3 *fx, cfd_f3 *fy, cfd_f3 *fz, cfd_f3 *fe)
{
    fx->x = vel.x * mom.x + pressure; fx->y = vel.x * mom.y; fx->z = vel.x * mom.z;
    fy->x = fx->y; fy->y = vel.y * mom.y + pressure; fy->z = vel.y * mom.z;
    fz->x = fx->z; fz->y = fy->z; fz->z = vel.z * mom.z + pressure;
    float dep = density_energy + pressure;
    fe->x = vel.x * dep; fe->y = vel.y * dep; fe->z = vel.z * dep;
}

typedef struct {
    float var[NVAR];
    cfd_f3 fx, fy, fz, fe;
} cfd_ff;

static inline void cfd_state(const float *v, int nel, int i, float *density, cfd_f3 *mom, float *de,
                             cfd_f3 *vel, float *speed_sqd, float *pressure, float *sos)
{
    *density = v[VAR_DENSITY * nel + i];
    mom->x = v[(VAR_MOMENTUM + 0) * nel + i];
    mom->y = v[(VAR_MOMENTUM + 1) * nel + i];
    mom->z = v[(VAR_MOMENTUM + 2) * nel + i];
    *de = v[VAR_DENSITY_ENERGY * nel + i];
    vel->x = mom->x / *density; vel->y = mom->y / *density; vel->z = mom->z / *density;
    *speed_sqd = vel->x * vel->x + vel->y * vel->y + vel->z * vel->z;
    *pressure = (GAMMA - 1.0f) * (*de - 0.5f * *density * *speed_sqd);
    *sos = sqrtf(GAMMA * *pressure / *density);
}

static inline void cfd_make_ff(cfd_ff *ff)
{
    cfd_farfield(ff->var);
    float d = ff->var[VAR_DENSITY];
    cfd_f3 mom = { ff->var[VAR_MOMENTUM], ff->var[VAR_MOMENTUM + 1], ff->var[VAR_MOMENTUM + 2] };
    cfd_f3 vel = { mom.x / d, mom.y / d, mom.z / d };
    float ssq = vel.x * vel.x + vel.y * vel.y + vel.z * vel.z;
    float p = (GAMMA - 1.0f) * (ff->var[VAR_DENSITY_ENERGY] - 0.5f * d * ssq);
    cfd_flux_contribution(ff->var[VAR_DENSITY_ENERGY], p, mom, vel, &ff->fx, &ff->fy, &ff->fz, &ff->fe);
}

static inline float cfd_step_factor(const float *v, const float *areas, int nel, int i)
{
    float d, de, ssq, p, c; cfd_f3 m, vel;
    cfd_state(v, nel, i, &d, &m, &de, &vel, &ssq, &p, &c);
    return 0.5f / (sqrtf(areas[i]) * (sqrtf(ssq) + c));
}

static inline void cfd_flux_cell(const cfd_ff *ff, const int *nbs, const float *normals, const float *v,
                                 float *fluxes, int nel, int i)
{
    float d_i, de_i, ssq_i, p_i, c_i; cfd_f3 m_i, v_i, fx_i, fy_i, fz_i, fe_i;
    cfd_state(v, nel, i, &d_i, &m_i, &de_i, &v_i, &ssq_i, &p_i, &c_i);
    cfd_flux_contribution(de_i, p_i, m_i, v_i, &fx_i, &fy_i, &fz_i, &fe_i);
    float speed_i = sqrtf(ssq_i);
    float fd = 0.0f, fde = 0.0f;
    cfd_f3 fm = { 0.0f, 0.0f, 0.0f };
    for (int j = 0; j < NNB; j++) {
        int nb = nbs[j * nel + i];
        cfd_f3 n = { normals[(j * NDIM + 0) * nel + i], normals[(j * NDIM + 1) * nel + i],
                     normals[(j * NDIM + 2) * nel + i] };
        float nlen = sqrtf(n.x * n.x + n.y * n.y + n.z * n.z);
        if (nb >= 0) {
            float d_n, de_n, ssq_n, p_n, c_n; cfd_f3 m_n, v_n, fx_n, fy_n, fz_n, fe_n;
            cfd_state(v, nel, nb, &d_n, &m_n, &de_n, &v_n, &ssq_n, &p_n, &c_n);
            cfd_flux_contribution(de_n, p_n, m_n, v_n, &fx_n, &fy_n, &fz_n, &fe_n);
            float f = -nlen * CFD_SMOOTHING * 0.5f * (speed_i + sqrtf(ssq_n) + c_i + c_n);
            fd += f * (d_i - d_n);
            fde += f * (de_i - de_n);
            fm.x += f * (m_i.x - m_n.x); fm.y += f * (m_i.y - m_n.y); fm.z += f * (m_i.z - m_n.z);
            f = 0.5f * n.x;
            fd += f * (m_n.x + m_i.x); fde += f * (fe_n.x + fe_i.x);
            fm.x += f * (fx_n.x + fx_i.x); fm.y += f * (fy_n.x + fy_i.x); fm.z += f * (fz_n.x + fz_i.x);
            f = 0.5f * n.y;
            fd += f * (m_n.y + m_i.y); fde += f * (fe_n.y + fe_i.y);
            fm.x += f * (fx_n.y + fx_i.y); fm.y += f * (fy_n.y + fy_i.y); fm.z += f * (fz_n.y + fz_i.y);
            f = 0.5f * n.z;
            fd += f * (m_n.z + m_i.z); fde += f * (fe_n.z + fe_i.z);
            fm.x += f * (fx_n.z + fx_i.z); fm.y += f * (fy_n.z + fy_i.z); fm.z += f * (fz_n.z + fz_i.z);
        } else if (nb == CFD_WALL) {
            fm.x += n.x * p_i; fm.y += n.y * p_i; fm.z += n.z * p_i;
        } else {
            float f = 0.5f * n.x;
            fd += f * (ff->var[VAR_MOMENTUM + 0] + m_i.x); fde += f * (ff->fe.x + fe_i.x);
            fm.x += f * (ff->fx.x + fx_i.x); fm.y += f * (ff->fy.x + fy_i.x); fm.z += f * (ff->fz.x + fz_i.x);
            f = 0.5f * n.y;
            fd += f * (ff->var[VAR_MOMENTUM + 1] + m_i.y); fde += f * (ff->fe.y + fe_i.y);
            fm.x += f * (ff->fx.y + fx_i.y); fm.y += f * (ff->fy.y + fy_i.y); fm.z += f * (ff->fz.y + fz_i.y);
            f = 0.5f * n.z;
            fd += f * (ff->var[VAR_MOMENTUM + 2] + m_i.z); fde += f * (ff->fe.z + fe_i.z);
            fm.x += f * (ff->fx.z + fx_i.z); fm.y += f * (ff->fy.z + fy_i.z); fm.z += f * (ff->fz.z + fz_i.z);
        }
    }
    fluxes[VAR_DENSITY * nel + i] = fd;
    fluxes[(VAR_MOMENTUM + 0) * nel + i] = fm.x;
    fluxes[(VAR_MOMENTUM + 1) * nel + i] = fm.y;
    fluxes[(VAR_MOMENTUM + 2) * nel + i] = fm.z;
    fluxes[VAR_DENSITY_ENERGY * nel + i] = fde;
}
#endif
