/* srad_v2.cu: speckle-reducing anisotropic diffusion, tiled version. The
 * image J (already exp-scaled) is processed in 16x16 blocks; each kernel
 * stages its block's data in static __shared__ tiles (centre, plus
 * north/south/west/east tiles holding the neighbours just outside the block,
 * clamped at the image border). Per iteration the host copies J back and
 * computes the statistics of the region of interest, then launches
 * srad_cuda_1 (derivatives and diffusion coefficient) and srad_cuda_2
 * (divergence and update).
 * TOLERANCE 1e-3 (relative), shared with srad_v1: host statistics are in
 * double as in the reference, but the GPU may contract products into FMAs;
 * differences propagate through the iterations. */
#include <cuda_runtime.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.h"

#define BLOCK_SIZE 16

__global__ void srad_cuda_1(float *E_C, float *W_C, float *N_C, float *S_C,
                            const float *J_cuda, float *C_cuda, int cols,
                            int rows, float q0sqr)
{
    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = by * BLOCK_SIZE + ty;
    int col = bx * BLOCK_SIZE + tx;
    int index = cols * row + col;
    /* rows/columns just outside the block, clamped at the image border */
    int row_n = (by == 0) ? 0 : by * BLOCK_SIZE - 1;
    int row_s = (by == gridDim.y - 1) ? rows - 1 : (by + 1) * BLOCK_SIZE;
    int col_w = (bx == 0) ? 0 : bx * BLOCK_SIZE - 1;
    int col_e = (bx == gridDim.x - 1) ? cols - 1 : (bx + 1) * BLOCK_SIZE;

    __shared__ float temp[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float temp_result[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float north[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float south[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float east[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float west[BLOCK_SIZE][BLOCK_SIZE];

    /* each neighbour tile: row (or column) ty (or tx) of the outside strip */
    north[ty][tx] = J_cuda[cols * row_n + bx * BLOCK_SIZE + tx];
    south[ty][tx] = J_cuda[cols * row_s + bx * BLOCK_SIZE + tx];
    west[ty][tx] = J_cuda[cols * (by * BLOCK_SIZE + ty) + col_w];
    east[ty][tx] = J_cuda[cols * (by * BLOCK_SIZE + ty) + col_e];
    __syncthreads();
    temp[ty][tx] = J_cuda[index];
    __syncthreads();

    float jc = temp[ty][tx];
    float n, s, w, e;
    /* north: inside the tile unless on its first row; the image's first row
     * is its own north neighbour */
    if (ty == 0)
        n = (by == 0) ? jc - jc : north[ty][tx] - jc;
    else
        n = temp[ty - 1][tx] - jc;
    if (ty == BLOCK_SIZE - 1)
        s = (by == gridDim.y - 1) ? jc - jc : south[ty][tx] - jc;
    else
        s = temp[ty + 1][tx] - jc;
    if (tx == 0)
        w = (bx == 0) ? jc - jc : west[ty][tx] - jc;
    else
        w = temp[ty][tx - 1] - jc;
    if (tx == BLOCK_SIZE - 1)
        e = (bx == gridDim.x - 1) ? jc - jc : east[ty][tx] - jc;
    else
        e = temp[ty][tx + 1] - jc;

    float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
    float l = (n + s + w + e) / jc;
    float num = (0.5f * g2) - ((1.0f / 16.0f) * (l * l));
    float den = 1.0f + (0.25f * l);
    float qsqr = num / (den * den);
    den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
    float c = 1.0f / (1.0f + den);
    if (c < 0.0f)
        temp_result[ty][tx] = 0.0f;
    else if (c > 1.0f)
        temp_result[ty][tx] = 1.0f;
    else
        temp_result[ty][tx] = c;
    __syncthreads();

    C_cuda[index] = temp_result[ty][tx];
    E_C[index] = e;
    W_C[index] = w;
    S_C[index] = s;
    N_C[index] = n;
}

__global__ void srad_cuda_2(const float *E_C, const float *W_C, const float *N_C,
                            const float *S_C, float *J_cuda, const float *C_cuda,
                            int cols, int rows, float lambda, float q0sqr)
{
    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    int index = cols * (by * BLOCK_SIZE + ty) + bx * BLOCK_SIZE + tx;
    int row_s = (by == gridDim.y - 1) ? rows - 1 : (by + 1) * BLOCK_SIZE;
    int col_e = (bx == gridDim.x - 1) ? cols - 1 : (bx + 1) * BLOCK_SIZE;

    __shared__ float south_c[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float east_c[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float c_cuda_temp[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float c_cuda_result[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float temp[BLOCK_SIZE][BLOCK_SIZE];

    temp[ty][tx] = J_cuda[index];
    __syncthreads();
    south_c[ty][tx] = C_cuda[cols * row_s + bx * BLOCK_SIZE + tx];
    east_c[ty][tx] = C_cuda[cols * (by * BLOCK_SIZE + ty) + col_e];
    __syncthreads();
    c_cuda_temp[ty][tx] = C_cuda[index];
    __syncthreads();

    float cc = c_cuda_temp[ty][tx];
    float cn = cc, cw = cc;
    float cs = (ty == BLOCK_SIZE - 1) ? south_c[ty][tx] : c_cuda_temp[ty + 1][tx];
    float ce = (tx == BLOCK_SIZE - 1) ? east_c[ty][tx] : c_cuda_temp[ty][tx + 1];

    float d_sum = cn * N_C[index] + cs * S_C[index] + cw * W_C[index] + ce * E_C[index];
    c_cuda_result[ty][tx] = temp[ty][tx] + 0.25f * lambda * d_sum;
    __syncthreads();
    J_cuda[index] = c_cuda_result[ty][tx];
}

int main(int argc, char **argv)
{
    SradSize sz = srad_size(rd_size(argc, argv));
    int rows = sz.rows, cols = sz.cols, niter = sz.niter;
    long size_I = (long)rows * cols;
    int r1 = 0, r2 = rows / 2 - 1, c1 = 0, c2 = cols / 2 - 1;
    long size_R = (long)(r2 - r1 + 1) * (c2 - c1 + 1);
    float lambda = SRAD_LAMBDA;

    float *J = (float *)malloc(sizeof(float) * size_I);
    float *expected = (float *)malloc(sizeof(float) * size_I);
    srad_generate(J, rows, cols);
    for (long k = 0; k < size_I; k++) J[k] = expf(J[k] / 255.0f);
    memcpy(expected, J, sizeof(float) * size_I);

    float *J_cuda, *C_cuda, *E_C, *W_C, *N_C, *S_C;
    cudaEvent_t start, stop;
    RD_CHECK(cudaEventCreate(&start));
    RD_CHECK(cudaEventCreate(&stop));
    RD_CHECK(cudaMalloc((void **)&J_cuda, sizeof(float) * size_I));
    RD_CHECK(cudaMalloc((void **)&C_cuda, sizeof(float) * size_I));
    RD_CHECK(cudaMalloc((void **)&E_C, sizeof(float) * size_I));
    RD_CHECK(cudaMalloc((void **)&W_C, sizeof(float) * size_I));
    RD_CHECK(cudaMalloc((void **)&S_C, sizeof(float) * size_I));
    RD_CHECK(cudaMalloc((void **)&N_C, sizeof(float) * size_I));

    RD_CHECK(cudaEventRecord(start, 0));
    RD_CHECK(cudaMemcpy(J_cuda, J, sizeof(float) * size_I, cudaMemcpyHostToDevice));
    dim3 dimBlock(BLOCK_SIZE, BLOCK_SIZE);
    dim3 dimGrid(cols / BLOCK_SIZE, rows / BLOCK_SIZE);
    float q0sqr = 0.0f;
    for (int iter = 0; iter < niter; iter++) {
        RD_CHECK(cudaMemcpy(J, J_cuda, sizeof(float) * size_I, cudaMemcpyDeviceToHost));
        double sum = 0.0, sum2 = 0.0;
        for (int i = r1; i <= r2; i++)
            for (int j = c1; j <= c2; j++) {
                double tmp = J[(long)i * cols + j];
                sum += tmp;
                sum2 += tmp * tmp;
            }
        double meanROI = sum / size_R;
        double varROI = sum2 / size_R - meanROI * meanROI;
        q0sqr = (float)(varROI / (meanROI * meanROI));

        srad_cuda_1<<<dimGrid, dimBlock>>>(E_C, W_C, N_C, S_C, J_cuda, C_cuda,
                                           cols, rows, q0sqr);
        srad_cuda_2<<<dimGrid, dimBlock>>>(E_C, W_C, N_C, S_C, J_cuda, C_cuda,
                                           cols, rows, lambda, q0sqr);
    }
    RD_CHECK(cudaGetLastError());
    RD_CHECK(cudaMemcpy(J, J_cuda, sizeof(float) * size_I, cudaMemcpyDeviceToHost));
    RD_CHECK(cudaEventRecord(stop, 0));
    RD_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    RD_CHECK(cudaEventElapsedTime(&ms, start, stop));

    rd_result("image_sum", rd_sum_f(J, size_I));
    rd_result("last_q0sqr", q0sqr);
    rd_result("pixel_quarter", J[(long)(rows / 4) * cols + cols / 4]);
    rd_result("pixel_center", J[(long)(rows / 2) * cols + cols / 2]);
    rd_result("pixel_corner", J[size_I - 1]);
    rd_time_ms(ms);

    srad_v2_reference(expected, rows, cols, r1, r2, c1, c2, niter, lambda);
    long worst;
    double err = rd_maxrelerr_f(J, expected, size_I, &worst);
    cudaFree(J_cuda); cudaFree(C_cuda); cudaFree(E_C); cudaFree(W_C);
    cudaFree(S_C); cudaFree(N_C);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    int rc = rd_verify(err <= 1e-3, "max relerr %g at pixel %ld", err, worst);
    free(J); free(expected);
    return rc;
}
