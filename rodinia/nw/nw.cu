/* nw.cu: Needleman-Wunsch global alignment score matrix. The (n+1)^2 matrix
 * is cut into 16x16 tiles processed along anti-diagonals of tiles: kernel 1
 * walks the upper-left triangle of tiles (one launch per tile diagonal),
 * kernel 2 the lower-right one. Each block copies its tile's substitution
 * scores and the row/column above/left of the tile into __shared__ arrays and
 * sweeps the tile's own anti-diagonals, one __syncthreads per step.
 * TOLERANCE 0: integer arithmetic, results must match exactly. */
#include <cuda_runtime.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.h"

#define BLOCK_SIZE 16

__host__ __device__ int maximum(int a, int b, int c)
{
    int k = a <= b ? b : a;
    return k <= c ? c : k;
}

/* Computes tile (b_index_y, b_index_x) of the score matrix in shared memory.
 * Needs the row above and the column left of the tile to be final. */
__device__ void needle_tile(int *matrix, const int *reference, int cols,
                            int penalty, int b_index_x, int b_index_y)
{
    int tx = threadIdx.x;
    __shared__ int temp[BLOCK_SIZE + 1][BLOCK_SIZE + 1];
    __shared__ int ref[BLOCK_SIZE][BLOCK_SIZE];

    int index = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + tx + cols + 1;
    int index_n = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + tx + 1;
    int index_w = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + cols;
    int index_nw = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x;

    if (tx == 0)
        temp[0][0] = matrix[index_nw];
    for (int ty = 0; ty < BLOCK_SIZE; ty++)
        ref[ty][tx] = reference[index + cols * ty];
    __syncthreads();
    temp[tx + 1][0] = matrix[index_w + cols * tx];
    __syncthreads();
    temp[0][tx + 1] = matrix[index_n];
    __syncthreads();

    /* upper-left half of the tile: diagonals of length 1..16 */
    for (int m = 0; m < BLOCK_SIZE; m++) {
        if (tx <= m) {
            int t_x = tx + 1;
            int t_y = m - tx + 1;
            temp[t_y][t_x] = maximum(temp[t_y - 1][t_x - 1] + ref[t_y - 1][t_x - 1],
                                     temp[t_y][t_x - 1] - penalty,
                                     temp[t_y - 1][t_x] - penalty);
        }
        __syncthreads();
    }
    /* lower-right half: diagonals of length 15..1 */
    for (int m = BLOCK_SIZE - 2; m >= 0; m--) {
        if (tx <= m) {
            int t_x = tx + BLOCK_SIZE - m;
            int t_y = BLOCK_SIZE - tx;
            temp[t_y][t_x] = maximum(temp[t_y - 1][t_x - 1] + ref[t_y - 1][t_x - 1],
                                     temp[t_y][t_x - 1] - penalty,
                                     temp[t_y - 1][t_x] - penalty);
        }
        __syncthreads();
    }
    for (int ty = 0; ty < BLOCK_SIZE; ty++)
        matrix[index + ty * cols] = temp[ty + 1][tx + 1];
}

/* Launch i (1-based) of the upper-left triangle: i tiles on tile diagonal i-1. */
__global__ void needle_cuda_shared_1(const int *reference, int *matrix, int cols,
                                     int penalty, int i, int block_width)
{
    int bx = blockIdx.x;
    needle_tile(matrix, reference, cols, penalty, bx, i - 1 - bx);
}

/* Launch i (block_width-1 down to 1) of the lower-right triangle. */
__global__ void needle_cuda_shared_2(const int *reference, int *matrix, int cols,
                                     int penalty, int i, int block_width)
{
    int bx = blockIdx.x;
    needle_tile(matrix, reference, cols, penalty, bx + block_width - i,
                block_width - bx - 1);
}

int main(int argc, char **argv)
{
    int size = rd_size(argc, argv);
    int n = nw_length(size);
    int cols = n + 1;
    long cells = (long)cols * cols;
    int penalty = NW_PENALTY;

    int blosum[NW_ALPHA * NW_ALPHA];
    int *seq_a = (int *)malloc(sizeof(int) * n);
    int *seq_b = (int *)malloc(sizeof(int) * n);
    int *reference = (int *)malloc(sizeof(int) * cells);
    int *score = (int *)malloc(sizeof(int) * cells);
    int *expected = (int *)malloc(sizeof(int) * cells);
    nw_generate(blosum, seq_a, seq_b, n);
    nw_init(blosum, seq_a, seq_b, n, reference, score);
    memcpy(expected, score, sizeof(int) * cells);

    int *d_reference, *d_matrix;
    cudaEvent_t start, stop;
    RD_CHECK(cudaEventCreate(&start));
    RD_CHECK(cudaEventCreate(&stop));
    RD_CHECK(cudaMalloc((void **)&d_reference, sizeof(int) * cells));
    RD_CHECK(cudaMalloc((void **)&d_matrix, sizeof(int) * cells));

    RD_CHECK(cudaEventRecord(start, 0));
    RD_CHECK(cudaMemcpy(d_reference, reference, sizeof(int) * cells, cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_matrix, score, sizeof(int) * cells, cudaMemcpyHostToDevice));
    dim3 threads(BLOCK_SIZE);
    int block_width = n / BLOCK_SIZE;
    for (int i = 1; i <= block_width; i++) {
        dim3 grid(i);
        needle_cuda_shared_1<<<grid, threads>>>(d_reference, d_matrix, cols,
                                                penalty, i, block_width);
    }
    for (int i = block_width - 1; i >= 1; i--) {
        dim3 grid(i);
        needle_cuda_shared_2<<<grid, threads>>>(d_reference, d_matrix, cols,
                                                penalty, i, block_width);
    }
    RD_CHECK(cudaGetLastError());
    RD_CHECK(cudaMemcpy(score, d_matrix, sizeof(int) * cells, cudaMemcpyDeviceToHost));
    RD_CHECK(cudaEventRecord(stop, 0));
    RD_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    RD_CHECK(cudaEventElapsedTime(&ms, start, stop));

    long long last_row = 0, last_col = 0;
    for (int j = 0; j < cols; j++) last_row += score[(long)n * cols + j];
    for (int i = 0; i < cols; i++) last_col += score[(long)i * cols + n];
    rd_result_i("final_score", score[cells - 1]);
    rd_result_i("last_row_sum", last_row);
    rd_result_i("last_col_sum", last_col);
    rd_result_i("center", score[(long)(n / 2) * cols + n / 2]);
    rd_result_i("matrix_hash", nw_hash(score, cells));
    rd_time_ms(ms);

    nw_reference(expected, reference, n, penalty);
    long first;
    long bad = rd_mismatch_i(score, expected, cells, &first);
    cudaFree(d_reference);
    cudaFree(d_matrix);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    int rc = rd_verify(bad == 0, "%ld cells differ, first at (%ld,%ld)", bad,
                       first / cols, first % cols);
    free(seq_a); free(seq_b); free(reference); free(score); free(expected);
    return rc;
}
