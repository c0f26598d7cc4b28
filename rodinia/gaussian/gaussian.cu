/*
 * gaussian: Gaussian elimination (no pivoting) of a diagonally dominant
 * system, one Fan1 launch (multipliers of column t) and one Fan2 launch
 * (update of the trailing submatrix and of b, 2D grid) per column from a host
 * loop, then back substitution on the host.
 *
 * TOLERANCE 1e-4: normwise relative error max|x - x_ref| / max|x_ref| of the
 * solution (float; FMA contraction on the GPU changes rounding), and the same
 * bound on each RESULT line (all are sums of magnitudes, never near zero).
 */
#include <cuda_runtime.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.h"

#define BLOCK_1D 256
#define BLOCK_2D 16

__global__ void Fan1(float *m, const float *a, int n, int t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n - 1 - t) return;
    long row = (long)(i + t + 1) * n;
    m[row + t] = a[row + t] / a[(long)t * n + t];
}

__global__ void Fan2(const float *m, float *a, float *b, int n, int t)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;   /* row below t */
    int y = blockIdx.y * blockDim.y + threadIdx.y;   /* column from t */
    if (x >= n - 1 - t || y >= n - t) return;
    long row = (long)(x + 1 + t) * n;
    a[row + y + t] -= m[row + t] * a[(long)t * n + y + t];
    if (y == 0) b[x + 1 + t] -= m[row + t] * b[t];
}

static double l1(const float *x, int n) { double s = 0; for (int i = 0; i < n; i++) s += fabs(x[i]); return s; }

int main(int argc, char **argv)
{
    int n = gaussian_n(rd_size(argc, argv));
    size_t nn = (size_t)n * n;
    float *a = (float *)malloc(nn * sizeof(float)), *b = (float *)malloc(n * sizeof(float));
    float *ra = (float *)malloc(nn * sizeof(float)), *rb = (float *)malloc(n * sizeof(float));
    float *x = (float *)malloc(n * sizeof(float)), *rx = (float *)malloc(n * sizeof(float));
    gaussian_input(n, a, b);
    memcpy(ra, a, nn * sizeof(float));
    memcpy(rb, b, n * sizeof(float));

    float *d_a, *d_b, *d_m;
    RD_CHECK(cudaMalloc((void **)&d_a, nn * sizeof(float)));
    RD_CHECK(cudaMalloc((void **)&d_b, n * sizeof(float)));
    RD_CHECK(cudaMalloc((void **)&d_m, nn * sizeof(float)));
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    cudaEventRecord(e0, 0);
    RD_CHECK(cudaMemcpy(d_a, a, nn * sizeof(float), cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_b, b, n * sizeof(float), cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemset(d_m, 0, nn * sizeof(float)));

    dim3 block1(BLOCK_1D), grid1((n + BLOCK_1D - 1) / BLOCK_1D);
    dim3 block2(BLOCK_2D, BLOCK_2D), grid2((n + BLOCK_2D - 1) / BLOCK_2D, (n + BLOCK_2D - 1) / BLOCK_2D);
    for (int t = 0; t < n - 1; t++) {
        Fan1<<<grid1, block1>>>(d_m, d_a, n, t);
        Fan2<<<grid2, block2>>>(d_m, d_a, d_b, n, t);
    }
    RD_CHECK(cudaGetLastError());
    RD_CHECK(cudaDeviceSynchronize());
    RD_CHECK(cudaMemcpy(a, d_a, nn * sizeof(float), cudaMemcpyDeviceToHost));
    RD_CHECK(cudaMemcpy(b, d_b, n * sizeof(float), cudaMemcpyDeviceToHost));
    cudaEventRecord(e1, 0);
    cudaEventSynchronize(e1);
    float ms = 0;
    cudaEventElapsedTime(&ms, e0, e1);
    gaussian_backsub(n, a, b, x);

    double sq = 0, wsum = 0, mx = 0;
    for (int i = 0; i < n; i++) {
        sq += (double)x[i] * x[i];
        wsum += (i % 7 + 1) * fabs(x[i]);
        if (fabs(x[i]) > mx) mx = fabs(x[i]);
    }
    rd_result("x_l1", l1(x, n));
    rd_result("x_l2sq", sq);
    rd_result("x_weighted_l1", wsum);
    rd_result("x_maxabs", mx);
    rd_time_ms(ms);

    gaussian_reference(n, ra, rb, rx);
    double err = 0, ref = 0;
    for (int i = 0; i < n; i++) {
        if (fabs(x[i] - rx[i]) > err) err = fabs(x[i] - rx[i]);
        if (fabs(rx[i]) > ref) ref = fabs(rx[i]);
    }
    err /= ref > 0 ? ref : 1;
    int rc = rd_verify(err <= 1e-4, "normwise rel err of x %.3g > 1e-4", err);
    cudaFree(d_a); cudaFree(d_b); cudaFree(d_m);
    free(a); free(b); free(ra); free(rb); free(x); free(rx);
    return rc;
}
