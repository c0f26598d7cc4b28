/* backprop_omp: OpenMP version of backprop.cu (one training step). */
#include <omp.h>
#include "../common/rodinia.h"
#include "input.h"
#include "backprop_results.h"

static float squash(float x) { return 1.0f / (1.0f + expf(-x)); }

int main(int argc, char **argv)
{
    int n_in = bp_inputs(rd_size(argc, argv)), hid = BP_HIDDEN;
    long nw = (long)(n_in + 1) * (hid + 1);
    float *input = (float *)malloc((n_in + 1) * sizeof(float));
    float *w = (float *)malloc(nw * sizeof(float)), *oldw = (float *)calloc(nw, sizeof(float));
    float w_ho[(BP_HIDDEN + 1) * (BP_OUT + 1)], oldw_ho[(BP_HIDDEN + 1) * (BP_OUT + 1)] = {0};
    float hidden[BP_HIDDEN + 1], output[BP_OUT + 1], delta_h[BP_HIDDEN + 1], delta_o[BP_OUT + 1];
    float err_o = 0, err_h = 0;
    bp_input(n_in, input, w, w_ho);
    double t0 = rd_now_ms();
    float sums[BP_HIDDEN + 1] = {0};
    #pragma omp parallel
    {
        float loc[BP_HIDDEN + 1] = {0};
        #pragma omp for schedule(static)
        for (int k = 1; k <= n_in; k++)
            for (int j = 1; j <= hid; j++) loc[j] += w[(long)k * (hid + 1) + j] * input[k];
        #pragma omp critical
        for (int j = 1; j <= hid; j++) sums[j] += loc[j];
    }
    hidden[0] = 1.0f;
    for (int j = 1; j <= hid; j++) hidden[j] = squash(w[j] + sums[j]);
    for (int j = 1; j <= BP_OUT; j++) {
        float s = 0;
        for (int k = 0; k <= hid; k++) s += w_ho[k * (BP_OUT + 1) + j] * hidden[k];
        output[j] = squash(s);
        delta_o[j] = output[j] * (1 - output[j]) * (BP_TARGET - output[j]);
        err_o += fabsf(delta_o[j]);
    }
    for (int j = 1; j <= hid; j++) {
        float s = 0;
        for (int k = 1; k <= BP_OUT; k++) s += delta_o[k] * w_ho[j * (BP_OUT + 1) + k];
        delta_h[j] = hidden[j] * (1 - hidden[j]) * s;
        err_h += fabsf(delta_h[j]);
    }
    for (int j = 1; j <= BP_OUT; j++)
        for (int k = 0; k <= hid; k++) {
            int i = k * (BP_OUT + 1) + j;
            float d = BP_ETA * delta_o[j] * hidden[k] + BP_MOMENTUM * oldw_ho[i];
            w_ho[i] += d; oldw_ho[i] = d;
        }
    #pragma omp parallel for schedule(static)
    for (int k = 0; k <= n_in; k++)
        for (int j = 1; j <= hid; j++) {
            long i = (long)k * (hid + 1) + j;
            float d = BP_ETA * delta_h[j] * (k == 0 ? 1.0f : input[k]) + BP_MOMENTUM * oldw[i];
            w[i] += d; oldw[i] = d;
        }
    double t1 = rd_now_ms();
    bp_print_results(n_in, hidden, output, err_o, err_h, w, oldw);
    rd_time_ms(t1 - t0);
    free(input); free(w); free(oldw);
    return 0;
}
