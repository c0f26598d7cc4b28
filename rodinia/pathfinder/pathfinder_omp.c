/* pathfinder_omp.c: hand-written OpenMP pathfinder: rows in sequence, the
 * columns of a row in parallel, two row buffers swapped. */
#include <omp.h>
#include "../common/rodinia.h"
#include "input.h"

int main(int argc, char **argv)
{
    int size = rd_size(argc, argv);
    int rows, cols;
    pf_dims(size, &rows, &cols);
    int *wall = malloc(sizeof(int) * (long)rows * cols);
    int *src = malloc(sizeof(int) * cols), *dst = malloc(sizeof(int) * cols);
    pf_generate(wall, rows, cols);

    double t0 = rd_now_ms();
    memcpy(dst, wall, sizeof(int) * cols);
    #pragma omp parallel
    for (int r = 1; r < rows; r++) {
        #pragma omp single
        { int *t = src; src = dst; dst = t; }
        #pragma omp for
        for (int c = 0; c < cols; c++) {
            int m = src[c];
            if (c > 0 && src[c - 1] < m) m = src[c - 1];
            if (c < cols - 1 && src[c + 1] < m) m = src[c + 1];
            dst[c] = wall[(long)r * cols + c] + m;
        }
    }
    double t1 = rd_now_ms();

    int best = dst[0];
    for (int c = 1; c < cols; c++) if (dst[c] < best) best = dst[c];
    rd_result_i("min_cost", best);
    rd_result_i("first", dst[0]);
    rd_result_i("middle", dst[cols / 2]);
    rd_result_i("last", dst[cols - 1]);
    rd_result_i("row_sum", rd_sum_i(dst, cols));
    rd_result_i("row_hash", pf_hash(dst, cols));
    rd_time_ms(t1 - t0);
    free(wall); free(src); free(dst);
    return 0;
}
