/* RESULT lines shared by backprop.cu and backprop_omp.c. */
#ifndef BACKPROP_RESULTS_H
#define BACKPROP_RESULTS_H
#include "../common/rodinia.h"
#include "input.h"
static inline void bp_print_results(int n_in, const float *hidden, const float *output,
                                    float err_o, float err_h, const float *w_ih, const float *oldw_ih)
{
    double hs = 0, wa = 0, da = 0;
    long nw = (long)(n_in + 1) * (BP_HIDDEN + 1);
    for (int j = 1; j <= BP_HIDDEN; j++) hs += hidden[j];
    for (long i = 0; i < nw; i++) { wa += fabs(w_ih[i]); da += fabs(oldw_ih[i]); }
    rd_result("output", output[1]);
    rd_result("hidden_sum", hs);
    rd_result("hidden_1", hidden[1]);
    rd_result("err_out", err_o);
    rd_result("err_hidden", err_h);
    rd_result("w_ih_l1", wa);
    rd_result("dw_ih_l1", da);
}
#endif
