/*
 * hotspot.cu: 2D transient thermal simulation of a chip (HotSpot model).
 *
 * Each kernel launch fuses `pyramid` explicit time steps: a 16x16 block loads
 * a tile of temperature and power into shared memory, then iterates inside
 * the kernel, each step shrinking the valid region by one cell on every side
 * (ghost-zone "pyramid"), with two barriers per step. Blocks overlap by the
 * ghost zone so each output cell is written by exactly one block. The host
 * loops over launches, swapping source and destination buffers.
 *
 * Tolerance: max relative error 1e-4 (see TOLERANCE) on every cell against
 * the serial C reference (float arithmetic, FMA contraction differs).
 */
#include <cuda_runtime.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.h"

#define BLOCK_SIZE 16
#define IN_RANGE(x, lo, hi) (((x) >= (lo)) && ((x) <= (hi)))
#define MIN(a, b) ((a) <= (b) ? (a) : (b))

__global__ void calculate_temp(int iteration, const float *power, const float *temp_src,
                               float *temp_dst, int grid_cols, int grid_rows,
                               int border_cols, int border_rows,
                               float Cap, float Rx, float Ry, float Rz, float step)
{
    __shared__ float temp_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float power_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float temp_t[BLOCK_SIZE][BLOCK_SIZE];

    float amb_temp = HS_AMB_TEMP;
    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;

    float step_div_Cap = step / Cap;
    float Rx_1 = 1.0f / Rx;
    float Ry_1 = 1.0f / Ry;
    float Rz_1 = 1.0f / Rz;

    /* the part of the tile this block really produces shrinks with `iteration` */
    int small_block_rows = BLOCK_SIZE - iteration * 2;
    int small_block_cols = BLOCK_SIZE - iteration * 2;

    /* tile origin in the grid (may be negative at the top/left edge) */
    int blkY = small_block_rows * by - border_rows;
    int blkX = small_block_cols * bx - border_cols;
    int blkYmax = blkY + BLOCK_SIZE - 1;
    int blkXmax = blkX + BLOCK_SIZE - 1;

    int yidx = blkY + ty;
    int xidx = blkX + tx;
    int index = grid_cols * yidx + xidx;

    if (IN_RANGE(yidx, 0, grid_rows - 1) && IN_RANGE(xidx, 0, grid_cols - 1)) {
        temp_on_cuda[ty][tx] = temp_src[index];
        power_on_cuda[ty][tx] = power[index];
    }
    __syncthreads();

    /* rows/cols of the tile that lie inside the grid */
    int validYmin = (blkY < 0) ? -blkY : 0;
    int validYmax = (blkYmax > grid_rows - 1) ? BLOCK_SIZE - 1 - (blkYmax - grid_rows + 1) : BLOCK_SIZE - 1;
    int validXmin = (blkX < 0) ? -blkX : 0;
    int validXmax = (blkXmax > grid_cols - 1) ? BLOCK_SIZE - 1 - (blkXmax - grid_cols + 1) : BLOCK_SIZE - 1;

    /* neighbours, clamped to the grid edge */
    int N = ty - 1, S = ty + 1, W = tx - 1, E = tx + 1;
    N = (N < validYmin) ? validYmin : N;
    S = (S > validYmax) ? validYmax : S;
    W = (W < validXmin) ? validXmin : W;
    E = (E > validXmax) ? validXmax : E;

    bool computed = false;
    for (int i = 0; i < iteration; i++) {
        computed = false;
        if (IN_RANGE(tx, i + 1, BLOCK_SIZE - i - 2) &&
            IN_RANGE(ty, i + 1, BLOCK_SIZE - i - 2) &&
            IN_RANGE(tx, validXmin, validXmax) &&
            IN_RANGE(ty, validYmin, validYmax)) {
            computed = true;
            float t = temp_on_cuda[ty][tx];
            temp_t[ty][tx] = t + step_div_Cap * (power_on_cuda[ty][tx] +
                (temp_on_cuda[S][tx] + temp_on_cuda[N][tx] - 2.0f * t) * Ry_1 +
                (temp_on_cuda[ty][E] + temp_on_cuda[ty][W] - 2.0f * t) * Rx_1 +
                (amb_temp - t) * Rz_1);
        }
        __syncthreads();
        if (i == iteration - 1)
            break;
        if (computed)
            temp_on_cuda[ty][tx] = temp_t[ty][tx];
        __syncthreads();
    }

    /* cells that survived the last step are this block's output */
    if (computed)
        temp_dst[index] = temp_t[ty][tx];
}

/* Runs the simulation; returns the index (0/1) of the buffer with the result. */
static int compute_tran_temp(float *MatrixPower, float *MatrixTemp[2], int col, int row,
                             int total_iterations, int num_iterations,
                             int blockCols, int blockRows, int borderCols, int borderRows)
{
    dim3 dimBlock(BLOCK_SIZE, BLOCK_SIZE);
    dim3 dimGrid(blockCols, blockRows);
    hs_coeffs c = hs_coeffs_of(row, col);

    int src = 1, dst = 0;
    for (int t = 0; t < total_iterations; t += num_iterations) {
        int tmp = src;
        src = dst;
        dst = tmp;
        calculate_temp<<<dimGrid, dimBlock>>>(MIN(num_iterations, total_iterations - t),
                                              MatrixPower, MatrixTemp[src], MatrixTemp[dst],
                                              col, row, borderCols, borderRows,
                                              c.Cap, c.Rx, c.Ry, c.Rz, c.step);
        RD_CHECK(cudaGetLastError());
    }
    return dst;
}

int main(int argc, char **argv)
{
    hs_size sz = hs_size_of(rd_size(argc, argv));
    int rows = sz.rows, cols = sz.cols;
    long n = (long)rows * cols;
    size_t bytes = sizeof(float) * n;

    float *temp = (float *)malloc(bytes);
    float *power = (float *)malloc(bytes);
    float *result = (float *)malloc(bytes);
    hs_generate(rows, cols, temp, power);

    /* ghost zone: pyramid_height cells on each side of the produced tile */
    int pyramid_height = sz.pyramid;
    int borderCols = pyramid_height;
    int borderRows = pyramid_height;
    int smallBlockCol = BLOCK_SIZE - pyramid_height * 2;
    int smallBlockRow = BLOCK_SIZE - pyramid_height * 2;
    int blockCols = cols / smallBlockCol + ((cols % smallBlockCol == 0) ? 0 : 1);
    int blockRows = rows / smallBlockRow + ((rows % smallBlockRow == 0) ? 0 : 1);

    float *MatrixTemp[2], *MatrixPower;
    RD_CHECK(cudaMalloc((void **)&MatrixTemp[0], bytes));
    RD_CHECK(cudaMalloc((void **)&MatrixTemp[1], bytes));
    RD_CHECK(cudaMalloc((void **)&MatrixPower, bytes));

    cudaEvent_t start, stop;
    RD_CHECK(cudaEventCreate(&start));
    RD_CHECK(cudaEventCreate(&stop));
    RD_CHECK(cudaEventRecord(start, 0));

    RD_CHECK(cudaMemcpy(MatrixTemp[0], temp, bytes, cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(MatrixPower, power, bytes, cudaMemcpyHostToDevice));
    int ret = compute_tran_temp(MatrixPower, MatrixTemp, cols, rows, sz.iterations,
                                pyramid_height, blockCols, blockRows, borderCols, borderRows);
    RD_CHECK(cudaMemcpy(result, MatrixTemp[ret], bytes, cudaMemcpyDeviceToHost));

    RD_CHECK(cudaEventRecord(stop, 0));
    RD_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    RD_CHECK(cudaEventElapsedTime(&ms, start, stop));

    hs_print_results(result, rows, cols);
    rd_time_ms(ms);

    hotspot_reference(rows, cols, sz.iterations, temp, power);
    long worst;
    double err = rd_maxrelerr_f(result, temp, n, &worst);
    int rc = rd_verify(err <= HS_TOLERANCE, "temp[%ld]=%.9g ref %.9g relerr %.3g",
                       worst, result[worst], temp[worst], err);

    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaFree(MatrixTemp[0]);
    cudaFree(MatrixTemp[1]);
    cudaFree(MatrixPower);
    free(temp); free(power); free(result);
    return rc;
}
