#include "reference.h"

float bp_squash(float x) { return 1.0f / (1.0f + expf(-x)); }

void bp_layerforward(const float *in, float *out, const float *w, int n1, int n2)
{
    for (int j = 1; j <= n2; j++) {
        float sum = 0.0f;
        for (int k = 0; k <= n1; k++) sum += w[(long)k * (n2 + 1) + j] * (k == 0 ? 1.0f : in[k]);
        out[j] = bp_squash(sum);
    }
}

float bp_output_error(float *delta, const float *target, const float *output, int nj)
{
    float err = 0.0f;
    for (int j = 1; j <= nj; j++) {
        float o = output[j];
        delta[j] = o * (1.0f - o) * (target[j] - o);
        err += fabsf(delta[j]);
    }
    return err;
}

float bp_hidden_error(float *delta_h, int nh, const float *delta_o, int no, const float *who, const float *hidden)
{
    float err = 0.0f;
    for (int j = 1; j <= nh; j++) {
        float h = hidden[j], sum = 0.0f;
        for (int k = 1; k <= no; k++) sum += delta_o[k] * who[j * (no + 1) + k];
        delta_h[j] = h * (1.0f - h) * sum;
        err += fabsf(delta_h[j]);
    }
    return err;
}

void bp_adjust_weights(const float *delta, int ndelta, const float *ly, int nly, float *w, float *oldw)
{
    for (int j = 1; j <= ndelta; j++) {
        for (int k = 0; k <= nly; k++) {
            long i = (long)k * (ndelta + 1) + j;
            float d = BP_ETA * delta[j] * (k == 0 ? 1.0f : ly[k]) + BP_MOMENTUM * oldw[i];
            w[i] += d;
            oldw[i] = d;
        }
    }
}

void bp_reference(int n_in, float *input, float *hidden, float *output, float *w_ih,
                  float *w_ho, float *oldw_ih, float *oldw_ho, float *delta_h, float *delta_o,
                  float *err_o, float *err_h)
{
    float target[BP_OUT + 1];
    for (int k = 0; k <= BP_OUT; k++) target[k] = BP_TARGET;
    hidden[0] = 1.0f;
    bp_layerforward(input, hidden, w_ih, n_in, BP_HIDDEN);
    bp_layerforward(hidden, output, w_ho, BP_HIDDEN, BP_OUT);
    *err_o = bp_output_error(delta_o, target, output, BP_OUT);
    *err_h = bp_hidden_error(delta_h, BP_HIDDEN, delta_o, BP_OUT, w_ho, hidden);
    bp_adjust_weights(delta_o, BP_OUT, hidden, BP_HIDDEN, w_ho, oldw_ho);
    bp_adjust_weights(delta_h, BP_HIDDEN, input, n_in, w_ih, oldw_ih);
}
