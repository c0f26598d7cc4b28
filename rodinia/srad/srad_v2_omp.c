/* srad_v2_omp.c: hand-written OpenMP SRAD v2 (statistics over the region of
 * interest, then one diffusion step, per iteration). */
#include "input.h"
#include "srad_omp_common.h"

int main(int argc, char **argv)
{
    SradSize sz = srad_size(rd_size(argc, argv));
    int rows = sz.rows, cols = sz.cols;
    long n = (long)rows * cols;
    float *J = malloc(sizeof(float) * n), *buf = malloc(sizeof(float) * n * 5);
    srad_generate(J, rows, cols);
    for (long k = 0; k < n; k++) J[k] = expf(J[k] / 255.0f);

    double t0 = rd_now_ms();
    float q0sqr = 0.0f;
    for (int it = 0; it < sz.niter; it++) {
        q0sqr = omp_speckle_scale(J, cols, 0, rows / 2 - 1, 0, cols / 2 - 1);
        omp_srad_step(J, buf, buf + n, buf + 2 * n, buf + 3 * n, buf + 4 * n,
                      rows, cols, q0sqr, SRAD_LAMBDA);
    }
    double t1 = rd_now_ms();

    rd_result("image_sum", rd_sum_f(J, n));
    rd_result("last_q0sqr", q0sqr);
    rd_result("pixel_quarter", J[(long)(rows / 4) * cols + cols / 4]);
    rd_result("pixel_center", J[(long)(rows / 2) * cols + cols / 2]);
    rd_result("pixel_corner", J[n - 1]);
    rd_time_ms(t1 - t0);
    free(J); free(buf);
    return 0;
}
