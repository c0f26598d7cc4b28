/* pathfinder.cu: cheapest downward path through a grid by dynamic programming
 * over rows (each cell adds its cost to the min of the three cells above).
 * Each launch advances `pyramid_height` rows: a block loads BLOCK_SIZE
 * columns of the current row into shared memory and iterates inside the
 * kernel, its valid region shrinking by one column per side per row (the
 * "pyramid"), with two shared rows and barriers inside the loop. Adjacent
 * blocks overlap by the halo so every column is computed by some block.
 * TOLERANCE 0: integer arithmetic, results must match exactly. */
#include <cuda_runtime.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.h"

#define BLOCK_SIZE 256
#define HALO 1
#define IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))
#define CLAMP_RANGE(x, lo, hi) x = (x < (lo)) ? (lo) : ((x > (hi)) ? (hi) : x)
#define MIN(a, b) ((a) <= (b) ? (a) : (b))

__global__ void dynproc_kernel(int iteration, const int *gpuWall, const int *gpuSrc,
                               int *gpuResults, int cols, int rows, int startStep,
                               int border)
{
    __shared__ int prev[BLOCK_SIZE];
    __shared__ int result[BLOCK_SIZE];

    int bx = blockIdx.x;
    int tx = threadIdx.x;

    /* columns this block finally owns, and its loaded window */
    int small_block_cols = BLOCK_SIZE - iteration * HALO * 2;
    int blkX = small_block_cols * bx - border;
    int blkXmax = blkX + BLOCK_SIZE - 1;
    int xidx = blkX + tx;

    int validXmin = (blkX < 0) ? -blkX : 0;
    int validXmax = (blkXmax > cols - 1) ? BLOCK_SIZE - 1 - (blkXmax - cols + 1)
                                         : BLOCK_SIZE - 1;
    int W = tx - 1;
    int E = tx + 1;
    W = (W < validXmin) ? validXmin : W;
    E = (E > validXmax) ? validXmax : E;
    bool isValid = IN_RANGE(tx, validXmin, validXmax);

    if (IN_RANGE(xidx, 0, cols - 1))
        prev[tx] = gpuSrc[xidx];
    __syncthreads();

    bool computed;
    for (int i = 0; i < iteration; i++) {
        computed = false;
        if (IN_RANGE(tx, i + 1, BLOCK_SIZE - i - 2) && isValid) {
            computed = true;
            int left = prev[W];
            int up = prev[tx];
            int right = prev[E];
            int shortest = MIN(left, up);
            shortest = MIN(shortest, right);
            int index = cols * (startStep + i) + xidx;
            result[tx] = shortest + gpuWall[index];
        }
        __syncthreads();
        if (i == iteration - 1)
            break;
        if (computed)
            prev[tx] = result[tx];
        __syncthreads();
    }
    /* only the columns that survived every shrink step are written */
    if (computed)
        gpuResults[xidx] = result[tx];
}

/* Runs all rows; returns which of the two result buffers holds the last row. */
static int calc_path(const int *gpuWall, int *gpuResult[2], int rows, int cols,
                     int pyramid_height, int blockCols, int borderCols)
{
    dim3 dimBlock(BLOCK_SIZE);
    dim3 dimGrid(blockCols);
    int src = 1, dst = 0;
    for (int t = 0; t < rows - 1; t += pyramid_height) {
        int temp = src;
        src = dst;
        dst = temp;
        int iteration = MIN(pyramid_height, rows - t - 1);
        dynproc_kernel<<<dimGrid, dimBlock>>>(iteration, gpuWall, gpuResult[src],
                                              gpuResult[dst], cols, rows, t,
                                              borderCols);
    }
    return dst;
}

int main(int argc, char **argv)
{
    int size = rd_size(argc, argv);
    int rows, cols;
    pf_dims(size, &rows, &cols);
    int pyramid_height = PF_PYRAMID_HEIGHT;

    int *wall = (int *)malloc(sizeof(int) * (long)rows * cols);
    int *result = (int *)malloc(sizeof(int) * cols);
    int *expected = (int *)malloc(sizeof(int) * cols);
    pf_generate(wall, rows, cols);

    int borderCols = pyramid_height * HALO;
    int smallBlockCol = BLOCK_SIZE - pyramid_height * HALO * 2;
    int blockCols = cols / smallBlockCol + ((cols % smallBlockCol == 0) ? 0 : 1);

    int *gpuWall, *gpuResult[2];
    long wallSize = (long)cols * (rows - 1);
    cudaEvent_t start, stop;
    RD_CHECK(cudaEventCreate(&start));
    RD_CHECK(cudaEventCreate(&stop));
    RD_CHECK(cudaMalloc((void **)&gpuResult[0], sizeof(int) * cols));
    RD_CHECK(cudaMalloc((void **)&gpuResult[1], sizeof(int) * cols));
    RD_CHECK(cudaMalloc((void **)&gpuWall, sizeof(int) * wallSize));

    RD_CHECK(cudaEventRecord(start, 0));
    RD_CHECK(cudaMemcpy(gpuResult[0], wall, sizeof(int) * cols, cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(gpuWall, wall + cols, sizeof(int) * wallSize,
                        cudaMemcpyHostToDevice));
    int final_ret = calc_path(gpuWall, gpuResult, rows, cols, pyramid_height,
                              blockCols, borderCols);
    RD_CHECK(cudaGetLastError());
    RD_CHECK(cudaMemcpy(result, gpuResult[final_ret], sizeof(int) * cols,
                        cudaMemcpyDeviceToHost));
    RD_CHECK(cudaEventRecord(stop, 0));
    RD_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    RD_CHECK(cudaEventElapsedTime(&ms, start, stop));

    int best = result[0];
    for (int c = 1; c < cols; c++) best = MIN(best, result[c]);
    rd_result_i("min_cost", best);
    rd_result_i("first", result[0]);
    rd_result_i("middle", result[cols / 2]);
    rd_result_i("last", result[cols - 1]);
    rd_result_i("row_sum", rd_sum_i(result, cols));
    rd_result_i("row_hash", pf_hash(result, cols));
    rd_time_ms(ms);

    pf_reference(wall, rows, cols, expected);
    long first;
    long bad = rd_mismatch_i(result, expected, cols, &first);
    cudaFree(gpuWall);
    cudaFree(gpuResult[0]);
    cudaFree(gpuResult[1]);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    int rc = rd_verify(bad == 0, "%ld columns differ, first at %ld", bad, first);
    free(wall); free(result); free(expected);
    return rc;
}
