/*
 * hotspot3D.cu: 3D transient thermal simulation (7-point stencil) over a
 * stack of chip layers.
 *
 * A 2D grid of threads covers the (x, y) plane; each thread walks up the
 * z axis keeping the values below / at / above the current cell in
 * registers, so each input value is loaded once per thread. No shared
 * memory. One launch per time step, the host swaps the buffers.
 *
 * Tolerance: max relative error 1e-4 (see TOLERANCE) on every cell against
 * the serial C reference (float arithmetic, FMA contraction differs).
 */
#include <cuda_runtime.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.h"

#define BLOCK_X 64
#define BLOCK_Y 4

__global__ void hotspotOpt1(const float *p, const float *tIn, float *tOut, float sdc,
                            int nx, int ny, int nz,
                            float ce, float cw, float cn, float cs,
                            float ct, float cb, float cc)
{
    float amb_temp = H3_AMB_TEMP;

    int i = blockDim.x * blockIdx.x + threadIdx.x;
    int j = blockDim.y * blockIdx.y + threadIdx.y;
    if (i >= nx || j >= ny)
        return;

    int c = i + j * nx;
    int xy = nx * ny;

    int W = (i == 0) ? c : c - 1;
    int E = (i == nx - 1) ? c : c + 1;
    int N = (j == 0) ? c : c - nx;
    int S = (j == ny - 1) ? c : c + nx;

    /* bottom / current / top values of the column, in registers */
    float temp1, temp2, temp3;
    temp1 = temp2 = tIn[c];
    temp3 = tIn[c + xy];
    tOut[c] = cc * temp2 + cw * tIn[W] + ce * tIn[E] + cs * tIn[S] + cn * tIn[N] +
              cb * temp1 + ct * temp3 + sdc * p[c] + ct * amb_temp;
    c += xy; W += xy; E += xy; N += xy; S += xy;

    for (int k = 1; k < nz - 1; ++k) {
        temp1 = temp2;
        temp2 = temp3;
        temp3 = tIn[c + xy];
        tOut[c] = cc * temp2 + cw * tIn[W] + ce * tIn[E] + cs * tIn[S] + cn * tIn[N] +
                  cb * temp1 + ct * temp3 + sdc * p[c] + ct * amb_temp;
        c += xy; W += xy; E += xy; N += xy; S += xy;
    }
    temp1 = temp2;
    temp2 = temp3;
    tOut[c] = cc * temp2 + cw * tIn[W] + ce * tIn[E] + cs * tIn[S] + cn * tIn[N] +
              cb * temp1 + ct * temp3 + sdc * p[c] + ct * amb_temp;
}

int main(int argc, char **argv)
{
    h3_size sz = h3_size_of(rd_size(argc, argv));
    int nx = sz.nx, ny = sz.ny, nz = sz.nz;
    long n = (long)nx * ny * nz;
    size_t bytes = sizeof(float) * n;

    float *tIn = (float *)malloc(bytes);
    float *pIn = (float *)malloc(bytes);
    float *tOut = (float *)malloc(bytes);
    h3_generate(nx, ny, nz, tIn, pIn);
    h3_coeffs k = h3_coeffs_of(nx, ny, nz);

    float *p_d, *tIn_d, *tOut_d;
    RD_CHECK(cudaMalloc((void **)&p_d, bytes));
    RD_CHECK(cudaMalloc((void **)&tIn_d, bytes));
    RD_CHECK(cudaMalloc((void **)&tOut_d, bytes));

    RD_CHECK(cudaFuncSetCacheConfig(hotspotOpt1, cudaFuncCachePreferL1));

    dim3 block_dim(BLOCK_X, BLOCK_Y, 1);
    dim3 grid_dim((nx + BLOCK_X - 1) / BLOCK_X, (ny + BLOCK_Y - 1) / BLOCK_Y, 1);

    cudaEvent_t start, stop;
    RD_CHECK(cudaEventCreate(&start));
    RD_CHECK(cudaEventCreate(&stop));
    RD_CHECK(cudaEventRecord(start, 0));

    RD_CHECK(cudaMemcpy(tIn_d, tIn, bytes, cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(p_d, pIn, bytes, cudaMemcpyHostToDevice));
    for (int it = 0; it < sz.iterations; ++it) {
        hotspotOpt1<<<grid_dim, block_dim>>>(p_d, tIn_d, tOut_d, k.stepDivCap, nx, ny, nz,
                                             k.ce, k.cw, k.cn, k.cs, k.ct, k.cb, k.cc);
        float *t = tIn_d;
        tIn_d = tOut_d;
        tOut_d = t;
    }
    RD_CHECK(cudaGetLastError());
    RD_CHECK(cudaDeviceSynchronize());
    /* after the last swap the newest values are in tIn_d */
    RD_CHECK(cudaMemcpy(tOut, tIn_d, bytes, cudaMemcpyDeviceToHost));

    RD_CHECK(cudaEventRecord(stop, 0));
    RD_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    RD_CHECK(cudaEventElapsedTime(&ms, start, stop));

    h3_print_results(tOut, nx, ny, nz);
    rd_time_ms(ms);

    hotspot3D_reference(nx, ny, nz, sz.iterations, tIn, pIn);
    long worst;
    double err = rd_maxrelerr_f(tOut, tIn, n, &worst);
    int rc = rd_verify(err <= H3_TOLERANCE, "temp[%ld]=%.9g ref %.9g relerr %.3g",
                       worst, tOut[worst], tIn[worst], err);

    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaFree(p_d); cudaFree(tIn_d); cudaFree(tOut_d);
    free(tIn); free(pIn); free(tOut);
    return rc;
}
