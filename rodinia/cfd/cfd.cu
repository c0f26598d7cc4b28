/*
 * cfd: finite-volume Euler solver (3D, 5 conserved variables) on a synthetic
 * unstructured mesh, explicit RK time stepping with per-cell step factors.
 * Kernels: initialize_variables (far field from __constant__ memory scaled by
 * a per-cell perturbation), compute_step_factor, compute_flux (float3 helpers,
 * __device__ functions, far-field state and fluxes in __constant__ memory set
 * by cudaMemcpyToSymbol; wall and far-field faces), time_step.
 *
 * TOLERANCE 1e-4: normwise relative error max|v - v_ref| / max|v_ref| per
 * conserved variable after all iterations (float; FMA contraction and sqrtf
 * rounding differ from the serial C reference), and rd_relerr of each RESULT.
 */
#include <cuda_runtime.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.h"

#define BLOCK 192

__constant__ float ff_variable[NVAR];
__constant__ float3 ff_flux_contribution_momentum_x;
__constant__ float3 ff_flux_contribution_momentum_y;
__constant__ float3 ff_flux_contribution_momentum_z;
__constant__ float3 ff_flux_contribution_density_energy;

__host__ __device__ inline void compute_flux_contribution(float density_energy, float pressure,
        const float3 &momentum, const float3 &velocity,
        float3 &fc_momentum_x, float3 &fc_momentum_y, float3 &fc_momentum_z, float3 &fc_density_energy)
{
    fc_momentum_x.x = velocity.x * momentum.x + pressure;
    fc_momentum_x.y = velocity.x * momentum.y;
    fc_momentum_x.z = velocity.x * momentum.z;
    fc_momentum_y.x = fc_momentum_x.y;
    fc_momentum_y.y = velocity.y * momentum.y + pressure;
    fc_momentum_y.z = velocity.y * momentum.z;
    fc_momentum_z.x = fc_momentum_x.z;
    fc_momentum_z.y = fc_momentum_y.z;
    fc_momentum_z.z = velocity.z * momentum.z + pressure;
    float de_p = density_energy + pressure;
    fc_density_energy.x = velocity.x * de_p;
    fc_density_energy.y = velocity.y * de_p;
    fc_density_energy.z = velocity.z * de_p;
}

__host__ __device__ inline float3 compute_velocity(float density, const float3 &momentum)
{
    return make_float3(momentum.x / density, momentum.y / density, momentum.z / density);
}

__host__ __device__ inline float compute_speed_sqd(const float3 &v)
{
    return v.x * v.x + v.y * v.y + v.z * v.z;
}

__host__ __device__ inline float compute_pressure(float density, float density_energy, float speed_sqd)
{
    return (GAMMA - 1.0f) * (density_energy - 0.5f * density * speed_sqd);
}

__device__ inline float compute_speed_of_sound(float density, float pressure)
{
    return sqrtf(GAMMA * pressure / density);
}

__device__ inline void load_state(const float *variables, int nel, int i, float &density,
                                  float3 &momentum, float &density_energy)
{
    density = variables[VAR_DENSITY * nel + i];
    momentum.x = variables[(VAR_MOMENTUM + 0) * nel + i];
    momentum.y = variables[(VAR_MOMENTUM + 1) * nel + i];
    momentum.z = variables[(VAR_MOMENTUM + 2) * nel + i];
    density_energy = variables[VAR_DENSITY_ENERGY * nel + i];
}

__global__ void initialize_variables(int nel, float *variables, const float *pert)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nel) return;
    for (int k = 0; k < NVAR; k++) variables[k * nel + i] = ff_variable[k] * pert[i];
}

__global__ void compute_step_factor(int nel, const float *variables, const float *areas, float *step_factors)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nel) return;
    float density, density_energy;
    float3 momentum;
    load_state(variables, nel, i, density, momentum, density_energy);
    float3 velocity = compute_velocity(density, momentum);
    float speed_sqd = compute_speed_sqd(velocity);
    float pressure = compute_pressure(density, density_energy, speed_sqd);
    float sos = compute_speed_of_sound(density, pressure);
    step_factors[i] = 0.5f / (sqrtf(areas[i]) * (sqrtf(speed_sqd) + sos));
}

__global__ void compute_flux(int nel, const int *neighbours, const float *normals,
                             const float *variables, float *fluxes)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nel) return;
    float d_i, de_i;
    float3 m_i;
    load_state(variables, nel, i, d_i, m_i, de_i);
    float3 v_i = compute_velocity(d_i, m_i);
    float ssq_i = compute_speed_sqd(v_i);
    float speed_i = sqrtf(ssq_i);
    float p_i = compute_pressure(d_i, de_i, ssq_i);
    float c_i = compute_speed_of_sound(d_i, p_i);
    float3 fx_i, fy_i, fz_i, fe_i;
    compute_flux_contribution(de_i, p_i, m_i, v_i, fx_i, fy_i, fz_i, fe_i);

    float fd = 0.0f, fde = 0.0f;
    float3 fm = make_float3(0.0f, 0.0f, 0.0f);
    for (int j = 0; j < NNB; j++) {
        int nb = neighbours[j * nel + i];
        float3 n;
        n.x = normals[(j * NDIM + 0) * nel + i];
        n.y = normals[(j * NDIM + 1) * nel + i];
        n.z = normals[(j * NDIM + 2) * nel + i];
        float nlen = sqrtf(n.x * n.x + n.y * n.y + n.z * n.z);
        if (nb >= 0) {
            float d_n, de_n;
            float3 m_n;
            load_state(variables, nel, nb, d_n, m_n, de_n);
            float3 v_n = compute_velocity(d_n, m_n);
            float ssq_n = compute_speed_sqd(v_n);
            float p_n = compute_pressure(d_n, de_n, ssq_n);
            float c_n = compute_speed_of_sound(d_n, p_n);
            float3 fx_n, fy_n, fz_n, fe_n;
            compute_flux_contribution(de_n, p_n, m_n, v_n, fx_n, fy_n, fz_n, fe_n);

            float f = -nlen * CFD_SMOOTHING * 0.5f * (speed_i + sqrtf(ssq_n) + c_i + c_n);
            fd += f * (d_i - d_n);
            fde += f * (de_i - de_n);
            fm.x += f * (m_i.x - m_n.x);
            fm.y += f * (m_i.y - m_n.y);
            fm.z += f * (m_i.z - m_n.z);
            f = 0.5f * n.x;
            fd += f * (m_n.x + m_i.x);
            fde += f * (fe_n.x + fe_i.x);
            fm.x += f * (fx_n.x + fx_i.x);
            fm.y += f * (fy_n.x + fy_i.x);
            fm.z += f * (fz_n.x + fz_i.x);
            f = 0.5f * n.y;
            fd += f * (m_n.y + m_i.y);
            fde += f * (fe_n.y + fe_i.y);
            fm.x += f * (fx_n.y + fx_i.y);
            fm.y += f * (fy_n.y + fy_i.y);
            fm.z += f * (fz_n.y + fz_i.y);
            f = 0.5f * n.z;
            fd += f * (m_n.z + m_i.z);
            fde += f * (fe_n.z + fe_i.z);
            fm.x += f * (fx_n.z + fx_i.z);
            fm.y += f * (fy_n.z + fy_i.z);
            fm.z += f * (fz_n.z + fz_i.z);
        } else if (nb == CFD_WALL) {
            fm.x += n.x * p_i;
            fm.y += n.y * p_i;
            fm.z += n.z * p_i;
        } else {
            float f = 0.5f * n.x;
            fd += f * (ff_variable[VAR_MOMENTUM + 0] + m_i.x);
            fde += f * (ff_flux_contribution_density_energy.x + fe_i.x);
            fm.x += f * (ff_flux_contribution_momentum_x.x + fx_i.x);
            fm.y += f * (ff_flux_contribution_momentum_y.x + fy_i.x);
            fm.z += f * (ff_flux_contribution_momentum_z.x + fz_i.x);
            f = 0.5f * n.y;
            fd += f * (ff_variable[VAR_MOMENTUM + 1] + m_i.y);
            fde += f * (ff_flux_contribution_density_energy.y + fe_i.y);
            fm.x += f * (ff_flux_contribution_momentum_x.y + fx_i.y);
            fm.y += f * (ff_flux_contribution_momentum_y.y + fy_i.y);
            fm.z += f * (ff_flux_contribution_momentum_z.y + fz_i.y);
            f = 0.5f * n.z;
            fd += f * (ff_variable[VAR_MOMENTUM + 2] + m_i.z);
            fde += f * (ff_flux_contribution_density_energy.z + fe_i.z);
            fm.x += f * (ff_flux_contribution_momentum_x.z + fx_i.z);
            fm.y += f * (ff_flux_contribution_momentum_y.z + fy_i.z);
            fm.z += f * (ff_flux_contribution_momentum_z.z + fz_i.z);
        }
    }
    fluxes[VAR_DENSITY * nel + i] = fd;
    fluxes[(VAR_MOMENTUM + 0) * nel + i] = fm.x;
    fluxes[(VAR_MOMENTUM + 1) * nel + i] = fm.y;
    fluxes[(VAR_MOMENTUM + 2) * nel + i] = fm.z;
    fluxes[VAR_DENSITY_ENERGY * nel + i] = fde;
}

__global__ void time_step(int j, int nel, const float *old_variables, float *variables,
                          const float *step_factors, const float *fluxes)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nel) return;
    float factor = step_factors[i] / (float)(RK + 1 - j);
    for (int k = 0; k < NVAR; k++)
        variables[k * nel + i] = old_variables[k * nel + i] + factor * fluxes[k * nel + i];
}

int main(int argc, char **argv)
{
    int size = rd_size(argc, argv), nel = cfd_cells(size), iterations = cfd_iterations(size);
    size_t nv = (size_t)NVAR * nel;
    int *nbs = (int *)malloc((size_t)NNB * nel * sizeof(int));
    float *normals = (float *)malloc((size_t)NNB * NDIM * nel * sizeof(float));
    float *areas = (float *)malloc(nel * sizeof(float)), *pert = (float *)malloc(nel * sizeof(float));
    float *v = (float *)malloc(nv * sizeof(float)), *rv = (float *)malloc(nv * sizeof(float));
    cfd_input(nel, nbs, normals, areas, pert);

    /* far-field state and its flux contributions, computed on the host */
    float h_ff[NVAR];
    cfd_farfield(h_ff);
    float3 ff_mom = make_float3(h_ff[VAR_MOMENTUM], h_ff[VAR_MOMENTUM + 1], h_ff[VAR_MOMENTUM + 2]);
    float3 ff_vel = compute_velocity(h_ff[VAR_DENSITY], ff_mom);
    float ff_p = compute_pressure(h_ff[VAR_DENSITY], h_ff[VAR_DENSITY_ENERGY], compute_speed_sqd(ff_vel));
    float3 h_fx, h_fy, h_fz, h_fe;
    compute_flux_contribution(h_ff[VAR_DENSITY_ENERGY], ff_p, ff_mom, ff_vel, h_fx, h_fy, h_fz, h_fe);
    RD_CHECK(cudaMemcpyToSymbol(ff_variable, h_ff, NVAR * sizeof(float)));
    RD_CHECK(cudaMemcpyToSymbol(ff_flux_contribution_momentum_x, &h_fx, sizeof(float3)));
    RD_CHECK(cudaMemcpyToSymbol(ff_flux_contribution_momentum_y, &h_fy, sizeof(float3)));
    RD_CHECK(cudaMemcpyToSymbol(ff_flux_contribution_momentum_z, &h_fz, sizeof(float3)));
    RD_CHECK(cudaMemcpyToSymbol(ff_flux_contribution_density_energy, &h_fe, sizeof(float3)));

    int *d_nbs;
    float *d_normals, *d_areas, *d_pert, *d_v, *d_old, *d_flux, *d_sf;
    RD_CHECK(cudaMalloc((void **)&d_nbs, (size_t)NNB * nel * sizeof(int)));
    RD_CHECK(cudaMalloc((void **)&d_normals, (size_t)NNB * NDIM * nel * sizeof(float)));
    RD_CHECK(cudaMalloc((void **)&d_areas, nel * sizeof(float)));
    RD_CHECK(cudaMalloc((void **)&d_pert, nel * sizeof(float)));
    RD_CHECK(cudaMalloc((void **)&d_v, nv * sizeof(float)));
    RD_CHECK(cudaMalloc((void **)&d_old, nv * sizeof(float)));
    RD_CHECK(cudaMalloc((void **)&d_flux, nv * sizeof(float)));
    RD_CHECK(cudaMalloc((void **)&d_sf, nel * sizeof(float)));

    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    cudaEventRecord(e0, 0);
    RD_CHECK(cudaMemcpy(d_nbs, nbs, (size_t)NNB * nel * sizeof(int), cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_normals, normals, (size_t)NNB * NDIM * nel * sizeof(float), cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_areas, areas, nel * sizeof(float), cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_pert, pert, nel * sizeof(float), cudaMemcpyHostToDevice));
    dim3 grid((nel + BLOCK - 1) / BLOCK), block(BLOCK);
    initialize_variables<<<grid, block>>>(nel, d_v, d_pert);
    for (int it = 0; it < iterations; it++) {
        RD_CHECK(cudaMemcpy(d_old, d_v, nv * sizeof(float), cudaMemcpyDeviceToDevice));
        compute_step_factor<<<grid, block>>>(nel, d_v, d_areas, d_sf);
        for (int j = 0; j < RK; j++) {
            compute_flux<<<grid, block>>>(nel, d_nbs, d_normals, d_v, d_flux);
            time_step<<<grid, block>>>(j, nel, d_old, d_v, d_sf, d_flux);
        }
    }
    RD_CHECK(cudaGetLastError());
    RD_CHECK(cudaMemcpy(v, d_v, nv * sizeof(float), cudaMemcpyDeviceToHost));
    cudaEventRecord(e1, 0);
    cudaEventSynchronize(e1);
    float ms = 0;
    cudaEventElapsedTime(&ms, e0, e1);

    cfd_print_results(nel, v);
    rd_time_ms(ms);

    cfd_reference(nel, iterations, nbs, normals, areas, pert, rv);
    double worst = 0;
    int wk = 0;
    for (int k = 0; k < NVAR; k++) {
        double e = 0, m = 0;
        for (int i = 0; i < nel; i++) {
            double d = fabs((double)v[k * nel + i] - rv[k * nel + i]);
            if (d > e || d != d) e = d;
            if (fabs(rv[k * nel + i]) > m) m = fabs(rv[k * nel + i]);
        }
        e = m > 0 ? e / m : e;
        if (e > worst || e != e) { worst = e; wk = k; }
    }
    int rc = rd_verify(worst <= 1e-4, "variable %d: normwise rel err %.3g > 1e-4", wk, worst);
    cudaFree(d_nbs); cudaFree(d_normals); cudaFree(d_areas); cudaFree(d_pert);
    cudaFree(d_v); cudaFree(d_old); cudaFree(d_flux); cudaFree(d_sf);
    free(nbs); free(normals); free(areas); free(pert); free(v); free(rv);
    return rc;
}
