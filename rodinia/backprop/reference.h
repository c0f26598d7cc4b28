#ifndef BACKPROP_REFERENCE_H
#define BACKPROP_REFERENCE_H
#include "input.h"
#ifdef __cplusplus
extern "C" {
#endif
float bp_squash(float x);
/* Host parts of one training step, shared by the CUDA program and the reference. */
/* out[1..n2] = squash(sum_k w[k][j] * in[k]), in[0] = 1 (bias). */
void bp_layerforward(const float *in, float *out, const float *w, int n1, int n2);
float bp_output_error(float *delta, const float *target, const float *output, int nj);
float bp_hidden_error(float *delta_h, int nh, const float *delta_o, int no, const float *who, const float *hidden);
void bp_adjust_weights(const float *delta, int ndelta, const float *ly, int nly, float *w, float *oldw);
/* A full training step (forward, errors, both adjustments), serial. */
void bp_reference(int n_in, float *input, float *hidden, float *output, float *w_ih,
                  float *w_ho, float *oldw_ih, float *oldw_ho, float *delta_h, float *delta_o,
                  float *err_o, float *err_h);
#ifdef __cplusplus
}
#endif
#endif
