/* nw_omp.c: hand-written OpenMP Needleman-Wunsch: 16x16 tiles processed as a
 * wavefront; the tiles of one anti-diagonal run in parallel, each tile is
 * filled row by row by one thread. */
#include <omp.h>
#include "../common/rodinia.h"
#include "input.h"

#define TILE 16

static inline int max3(int a, int b, int c)
{
    int m = a > b ? a : b;
    return m > c ? m : c;
}

static void tile(int *score, const int *ref, int cols, int penalty, int ty, int tx)
{
    for (int i = 1 + ty * TILE; i <= (ty + 1) * TILE; i++)
        for (int j = 1 + tx * TILE; j <= (tx + 1) * TILE; j++)
            score[(long)i * cols + j] = max3(
                score[(long)(i - 1) * cols + j - 1] + ref[(long)i * cols + j],
                score[(long)i * cols + j - 1] - penalty,
                score[(long)(i - 1) * cols + j] - penalty);
}

int main(int argc, char **argv)
{
    int size = rd_size(argc, argv);
    int n = nw_length(size), cols = n + 1, bw = n / TILE;
    long cells = (long)cols * cols;
    int blosum[NW_ALPHA * NW_ALPHA];
    int *seq_a = malloc(sizeof(int) * n), *seq_b = malloc(sizeof(int) * n);
    int *ref = malloc(sizeof(int) * cells), *score = malloc(sizeof(int) * cells);
    nw_generate(blosum, seq_a, seq_b, n);
    nw_init(blosum, seq_a, seq_b, n, ref, score);

    double t0 = rd_now_ms();
    for (int d = 0; d < 2 * bw - 1; d++) {
        int lo = d < bw ? 0 : d - bw + 1, hi = d < bw ? d : bw - 1;
        #pragma omp parallel for schedule(dynamic)
        for (int ty = lo; ty <= hi; ty++)
            tile(score, ref, cols, NW_PENALTY, ty, d - ty);
    }
    double t1 = rd_now_ms();

    long long last_row = 0, last_col = 0;
    for (int j = 0; j < cols; j++) last_row += score[(long)n * cols + j];
    for (int i = 0; i < cols; i++) last_col += score[(long)i * cols + n];
    rd_result_i("final_score", score[cells - 1]);
    rd_result_i("last_row_sum", last_row);
    rd_result_i("last_col_sum", last_col);
    rd_result_i("center", score[(long)(n / 2) * cols + n / 2]);
    rd_result_i("matrix_hash", nw_hash(score, cells));
    rd_time_ms(t1 - t0);
    free(seq_a); free(seq_b); free(ref); free(score);
    return 0;
}
