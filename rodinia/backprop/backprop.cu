/*
 * backprop: one training step of a 3-layer perceptron (n_in x 16 x 1).
 * bp_layerforward: 16x16 thread blocks, one block per 16 input units; the
 * threads of column 0 (threadIdx.x == 0) load the shared `node` vector, all
 * load a shared weight tile, multiply, then a tree reduction over the tile
 * rows with a barrier inside the loop; each block writes 16 partial sums,
 * summed on the host (plus the bias weight) before the sigmoid. Hidden ->
 * output, the error terms and the small output-layer update run on the host.
 * bp_adjust_weights: momentum update of the input->hidden weights and the
 * old-weight (previous change) matrix.
 *
 * TOLERANCE 1e-4: relative error (rd_relerr) of hidden units, output and
 * error terms, and normwise relative error max|w - w_ref| / max|w_ref| of the
 * updated weights and weight changes; float sums are reordered (tree per
 * block, then blocks) against the serial reference. RESULT lines within 1e-4.
 */
#include <cuda_runtime.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.h"
#include "backprop_results.h"

#define WIDTH 16
#define HEIGHT 16

__global__ void bp_layerforward_kernel(const float *input, const float *w, float *partial, int hid)
{
    int by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
    int index_in = HEIGHT * by + ty + 1;
    __shared__ float node[HEIGHT];
    __shared__ float wm[HEIGHT][WIDTH];

    if (tx == 0) node[ty] = input[index_in];
    __syncthreads();
    wm[ty][tx] = w[index];
    __syncthreads();
    wm[ty][tx] = wm[ty][tx] * node[ty];
    __syncthreads();
    for (int s = 1; s < HEIGHT; s *= 2) {
        if (ty % (2 * s) == 0) wm[ty][tx] = wm[ty][tx] + wm[ty + s][tx];
        __syncthreads();
    }
    if (tx == 0) partial[by * hid + ty] = wm[0][ty];
}

__global__ void bp_adjust_weights_kernel(const float *delta, int hid, const float *ly,
                                         float *w, float *oldw)
{
    int by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
    int index_y = HEIGHT * by + ty + 1;
    int index_x = tx + 1;

    float d = BP_ETA * delta[index_x] * ly[index_y] + BP_MOMENTUM * oldw[index];
    w[index] += d;
    oldw[index] = d;
    __syncthreads();
    if (ty == 0 && by == 0) {
        float d0 = BP_ETA * delta[index_x] + BP_MOMENTUM * oldw[index_x];
        w[index_x] += d0;
        oldw[index_x] = d0;
    }
}

static double normwise(const float *x, const float *ref, long n)
{
    double e = 0, m = 0;
    for (long i = 0; i < n; i++) {
        if (fabs((double)x[i] - ref[i]) > e) e = fabs((double)x[i] - ref[i]);
        if (fabs(ref[i]) > m) m = fabs(ref[i]);
    }
    return m > 0 ? e / m : e;
}

int main(int argc, char **argv)
{
    int n_in = bp_inputs(rd_size(argc, argv));
    int hid = BP_HIDDEN;
    long nw = (long)(n_in + 1) * (hid + 1);
    int nblocks = n_in / HEIGHT;
    float *input = (float *)malloc((n_in + 1) * sizeof(float));
    float *w_ih = (float *)malloc(nw * sizeof(float)), *oldw_ih = (float *)calloc(nw, sizeof(float));
    float *r_w_ih = (float *)malloc(nw * sizeof(float)), *r_oldw_ih = (float *)calloc(nw, sizeof(float));
    float w_ho[(BP_HIDDEN + 1) * (BP_OUT + 1)], oldw_ho[(BP_HIDDEN + 1) * (BP_OUT + 1)] = {0};
    float r_w_ho[(BP_HIDDEN + 1) * (BP_OUT + 1)], r_oldw_ho[(BP_HIDDEN + 1) * (BP_OUT + 1)] = {0};
    float hidden[BP_HIDDEN + 1], output[BP_OUT + 1], delta_h[BP_HIDDEN + 1], delta_o[BP_OUT + 1];
    float r_hidden[BP_HIDDEN + 1], r_output[BP_OUT + 1], r_delta_h[BP_HIDDEN + 1], r_delta_o[BP_OUT + 1];
    float target[BP_OUT + 1], err_o, err_h, r_err_o, r_err_h;
    float *partial = (float *)malloc((size_t)nblocks * hid * sizeof(float));
    for (int k = 0; k <= BP_OUT; k++) target[k] = BP_TARGET;
    bp_input(n_in, input, w_ih, w_ho);
    memcpy(r_w_ih, w_ih, nw * sizeof(float));
    memcpy(r_w_ho, w_ho, sizeof w_ho);

    float *d_input, *d_w, *d_oldw, *d_partial, *d_delta;
    RD_CHECK(cudaMalloc((void **)&d_input, (n_in + 1) * sizeof(float)));
    RD_CHECK(cudaMalloc((void **)&d_w, nw * sizeof(float)));
    RD_CHECK(cudaMalloc((void **)&d_oldw, nw * sizeof(float)));
    RD_CHECK(cudaMalloc((void **)&d_partial, (size_t)nblocks * hid * sizeof(float)));
    RD_CHECK(cudaMalloc((void **)&d_delta, (hid + 1) * sizeof(float)));

    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    cudaEventRecord(e0, 0);
    dim3 grid(1, nblocks), block(WIDTH, HEIGHT);
    RD_CHECK(cudaMemcpy(d_input, input, (n_in + 1) * sizeof(float), cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_w, w_ih, nw * sizeof(float), cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemset(d_oldw, 0, nw * sizeof(float)));
    bp_layerforward_kernel<<<grid, block>>>(d_input, d_w, d_partial, hid);
    RD_CHECK(cudaGetLastError());
    RD_CHECK(cudaMemcpy(partial, d_partial, (size_t)nblocks * hid * sizeof(float), cudaMemcpyDeviceToHost));
    hidden[0] = 1.0f;
    for (int j = 1; j <= hid; j++) {
        float sum = w_ih[j];   /* bias unit */
        for (int b = 0; b < nblocks; b++) sum += partial[b * hid + j - 1];
        hidden[j] = bp_squash(sum);
    }
    bp_layerforward(hidden, output, w_ho, hid, BP_OUT);
    err_o = bp_output_error(delta_o, target, output, BP_OUT);
    err_h = bp_hidden_error(delta_h, hid, delta_o, BP_OUT, w_ho, hidden);
    bp_adjust_weights(delta_o, BP_OUT, hidden, hid, w_ho, oldw_ho);
    RD_CHECK(cudaMemcpy(d_delta, delta_h, (hid + 1) * sizeof(float), cudaMemcpyHostToDevice));
    bp_adjust_weights_kernel<<<grid, block>>>(d_delta, hid, d_input, d_w, d_oldw);
    RD_CHECK(cudaGetLastError());
    RD_CHECK(cudaMemcpy(w_ih, d_w, nw * sizeof(float), cudaMemcpyDeviceToHost));
    RD_CHECK(cudaMemcpy(oldw_ih, d_oldw, nw * sizeof(float), cudaMemcpyDeviceToHost));
    cudaEventRecord(e1, 0);
    cudaEventSynchronize(e1);
    float ms = 0;
    cudaEventElapsedTime(&ms, e0, e1);

    bp_print_results(n_in, hidden, output, err_o, err_h, w_ih, oldw_ih);
    rd_time_ms(ms);

    bp_reference(n_in, input, r_hidden, r_output, r_w_ih, r_w_ho, r_oldw_ih, r_oldw_ho,
                 r_delta_h, r_delta_o, &r_err_o, &r_err_h);
    double e = rd_maxrelerr_f(hidden + 1, r_hidden + 1, hid, NULL);
    double e2 = rd_relerr(output[1], r_output[1]);
    if (e2 > e) e = e2;
    e2 = rd_relerr(err_o, r_err_o); if (e2 > e) e = e2;
    e2 = rd_relerr(err_h, r_err_h); if (e2 > e) e = e2;
    double ew = normwise(w_ih, r_w_ih, nw), ed = normwise(oldw_ih, r_oldw_ih, nw);
    int ok = e <= 1e-4 && ew <= 1e-4 && ed <= 1e-4;
    int rc = rd_verify(ok, "rel err units/errors %.3g, weights %.3g, weight changes %.3g (tol 1e-4)", e, ew, ed);
    cudaFree(d_input); cudaFree(d_w); cudaFree(d_oldw); cudaFree(d_partial); cudaFree(d_delta);
    free(input); free(w_ih); free(oldw_ih); free(r_w_ih); free(r_oldw_ih); free(partial);
    return rc;
}
