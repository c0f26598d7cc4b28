/*
 * lud.cu: blocked LU decomposition without pivoting.
 *
 * For each diagonal block offset the host launches
 *   lud_diagonal  (1 block):  factorizes the BLOCK_SIZE x BLOCK_SIZE
 *                             diagonal tile in shared memory, barriers in
 *                             the elimination loop;
 *   lud_perimeter (one block per remaining tile of the block row/column):
 *                             solves the row tile (U) and the column tile
 *                             (L) against the factored diagonal tile;
 *   lud_internal  (2D grid over the trailing tiles): A -= L_tile * U_tile
 *                             from two shared tiles, one barrier;
 * and a final lud_diagonal for the last tile.
 *
 * Tolerance: 1e-4 (see TOLERANCE), element-wise relative error against the
 * serial C reference, each entry judged against its scale (see lud_error in
 * input.h); the blocked update order rounds differently from the reference.
 */
#include <cuda_runtime.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.h"

#define BLOCK_SIZE 16

__global__ void lud_diagonal(float *m, int matrix_dim, int offset)
{
    __shared__ float shadow[BLOCK_SIZE][BLOCK_SIZE];
    int i, k;
    int tx = threadIdx.x;

    int array_offset = offset * matrix_dim + offset;
    for (i = 0; i < BLOCK_SIZE; i++) {
        shadow[i][tx] = m[array_offset + tx];
        array_offset += matrix_dim;
    }
    __syncthreads();

    for (k = 0; k < BLOCK_SIZE - 1; k++) {
        /* column k of L */
        if (tx > k)
            shadow[tx][k] = shadow[tx][k] / shadow[k][k];
        __syncthreads();
        /* update of the rest of row tx */
        if (tx > k) {
            for (i = k + 1; i < BLOCK_SIZE; i++)
                shadow[tx][i] -= shadow[tx][k] * shadow[k][i];
        }
        __syncthreads();
    }

    /* row 0 of the tile is unchanged */
    array_offset = (offset + 1) * matrix_dim + offset;
    for (i = 1; i < BLOCK_SIZE; i++) {
        m[array_offset + tx] = shadow[i][tx];
        array_offset += matrix_dim;
    }
}

__global__ void lud_perimeter(float *m, int matrix_dim, int offset)
{
    __shared__ float dia[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float peri_row[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float peri_col[BLOCK_SIZE][BLOCK_SIZE];

    int i, j, array_offset;
    int idx;
    int bx = blockIdx.x;
    int tx = threadIdx.x;

    if (tx < BLOCK_SIZE) {
        idx = tx;
        /* upper half of the diagonal tile, and the row tile */
        array_offset = offset * matrix_dim + offset;
        for (i = 0; i < BLOCK_SIZE / 2; i++) {
            dia[i][idx] = m[array_offset + idx];
            array_offset += matrix_dim;
        }
        array_offset = offset * matrix_dim + offset;
        for (i = 0; i < BLOCK_SIZE; i++) {
            peri_row[i][idx] = m[array_offset + (bx + 1) * BLOCK_SIZE + idx];
            array_offset += matrix_dim;
        }
    } else {
        idx = tx - BLOCK_SIZE;
        /* lower half of the diagonal tile, and the column tile */
        array_offset = (offset + BLOCK_SIZE / 2) * matrix_dim + offset;
        for (i = BLOCK_SIZE / 2; i < BLOCK_SIZE; i++) {
            dia[i][idx] = m[array_offset + idx];
            array_offset += matrix_dim;
        }
        array_offset = (offset + (bx + 1) * BLOCK_SIZE) * matrix_dim + offset;
        for (i = 0; i < BLOCK_SIZE; i++) {
            peri_col[i][idx] = m[array_offset + idx];
            array_offset += matrix_dim;
        }
    }
    __syncthreads();

    if (tx < BLOCK_SIZE) {
        /* row tile: column idx of U = L_dia^-1 * A (unit lower, forward) */
        idx = tx;
        for (i = 1; i < BLOCK_SIZE; i++) {
            for (j = 0; j < i; j++)
                peri_row[i][idx] -= dia[i][j] * peri_row[j][idx];
        }
    } else {
        /* column tile: row idx of L = A * U_dia^-1 */
        idx = tx - BLOCK_SIZE;
        for (i = 0; i < BLOCK_SIZE; i++) {
            for (j = 0; j < i; j++)
                peri_col[idx][i] -= peri_col[idx][j] * dia[j][i];
            peri_col[idx][i] /= dia[i][i];
        }
    }
    __syncthreads();

    if (tx < BLOCK_SIZE) {
        idx = tx;
        array_offset = (offset + 1) * matrix_dim + offset;
        for (i = 1; i < BLOCK_SIZE; i++) {
            m[array_offset + (bx + 1) * BLOCK_SIZE + idx] = peri_row[i][idx];
            array_offset += matrix_dim;
        }
    } else {
        idx = tx - BLOCK_SIZE;
        array_offset = (offset + (bx + 1) * BLOCK_SIZE) * matrix_dim + offset;
        for (i = 0; i < BLOCK_SIZE; i++) {
            m[array_offset + idx] = peri_col[i][idx];
            array_offset += matrix_dim;
        }
    }
}

__global__ void lud_internal(float *m, int matrix_dim, int offset)
{
    __shared__ float peri_row[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float peri_col[BLOCK_SIZE][BLOCK_SIZE];

    int i;
    float sum;
    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;

    int global_row_id = offset + (by + 1) * BLOCK_SIZE;
    int global_col_id = offset + (bx + 1) * BLOCK_SIZE;

    peri_row[ty][tx] = m[(offset + ty) * matrix_dim + global_col_id + tx];
    peri_col[ty][tx] = m[(global_row_id + ty) * matrix_dim + offset + tx];
    __syncthreads();

    sum = 0.0f;
    for (i = 0; i < BLOCK_SIZE; i++)
        sum += peri_col[ty][i] * peri_row[i][tx];
    m[(global_row_id + ty) * matrix_dim + global_col_id + tx] -= sum;
}

static void lud_cuda(float *m, int matrix_dim)
{
    int i = 0;
    dim3 dimBlock(BLOCK_SIZE, BLOCK_SIZE);
    for (i = 0; i < matrix_dim - BLOCK_SIZE; i += BLOCK_SIZE) {
        lud_diagonal<<<1, BLOCK_SIZE>>>(m, matrix_dim, i);
        lud_perimeter<<<(matrix_dim - i) / BLOCK_SIZE - 1, BLOCK_SIZE * 2>>>(m, matrix_dim, i);
        dim3 dimGrid((matrix_dim - i) / BLOCK_SIZE - 1, (matrix_dim - i) / BLOCK_SIZE - 1);
        lud_internal<<<dimGrid, dimBlock>>>(m, matrix_dim, i);
    }
    lud_diagonal<<<1, BLOCK_SIZE>>>(m, matrix_dim, i);
    RD_CHECK(cudaGetLastError());
}

int main(int argc, char **argv)
{
    int n = lud_dim(rd_size(argc, argv));
    size_t bytes = sizeof(float) * (size_t)n * n;
    float *m = (float *)malloc(bytes);
    float *ref = (float *)malloc(bytes);
    lud_generate(n, m);
    memcpy(ref, m, bytes);

    float *d_m;
    RD_CHECK(cudaMalloc((void **)&d_m, bytes));

    cudaEvent_t start, stop;
    RD_CHECK(cudaEventCreate(&start));
    RD_CHECK(cudaEventCreate(&stop));
    RD_CHECK(cudaEventRecord(start, 0));

    RD_CHECK(cudaMemcpy(d_m, m, bytes, cudaMemcpyHostToDevice));
    lud_cuda(d_m, n);
    RD_CHECK(cudaMemcpy(m, d_m, bytes, cudaMemcpyDeviceToHost));

    RD_CHECK(cudaEventRecord(stop, 0));
    RD_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    RD_CHECK(cudaEventElapsedTime(&ms, start, stop));

    lud_print_results(m, n);
    rd_time_ms(ms);

    lud_reference(ref, n);
    long worst;
    double err = lud_error(m, ref, n, &worst);
    int rc = rd_verify(err <= LUD_TOLERANCE, "m[%ld][%ld]=%.9g ref %.9g error %.3g",
                       worst / n, worst % n, m[worst], ref[worst], err);

    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaFree(d_m);
    free(m); free(ref);
    return rc;
}
