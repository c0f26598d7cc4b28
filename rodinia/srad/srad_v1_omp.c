/* srad_v1_omp.c: hand-written OpenMP SRAD v1 (exp, iterations with
 * whole-image statistics, log). */
#include "input.h"
#include "srad_omp_common.h"

int main(int argc, char **argv)
{
    SradSize sz = srad_size(rd_size(argc, argv));
    int Nr = sz.rows, Nc = sz.cols;
    long Ne = (long)Nr * Nc;
    float *I = malloc(sizeof(float) * Ne), *buf = malloc(sizeof(float) * Ne * 5);
    srad_generate(I, Nr, Nc);

    double t0 = rd_now_ms();
    #pragma omp parallel for
    for (long i = 0; i < Ne; i++) I[i] = expf(I[i] / 255.0f);
    float q0sqr = 0.0f;
    for (int it = 0; it < sz.niter; it++) {
        q0sqr = omp_speckle_scale(I, Nc, 0, Nr - 1, 0, Nc - 1);
        omp_srad_step(I, buf, buf + Ne, buf + 2 * Ne, buf + 3 * Ne, buf + 4 * Ne,
                      Nr, Nc, q0sqr, SRAD_LAMBDA);
    }
    #pragma omp parallel for
    for (long i = 0; i < Ne; i++) I[i] = logf(I[i]) * 255.0f;
    double t1 = rd_now_ms();

    rd_result("image_sum", rd_sum_f(I, Ne));
    rd_result("last_q0sqr", q0sqr);
    rd_result("pixel_quarter", I[(long)(Nr / 4) * Nc + Nc / 4]);
    rd_result("pixel_center", I[(long)(Nr / 2) * Nc + Nc / 2]);
    rd_result("pixel_corner", I[Ne - 1]);
    rd_time_ms(t1 - t0);
    free(I); free(buf);
    return 0;
}
