/* particlefilter.cu: particle filter tracking a disk through a noisy video
 * (float version). Per frame:
 *   likelihood_kernel       per particle: move it (random walk drawn from its
 *                           own LCG stream, __device__ randu/randn in double),
 *                           sum the log-likelihood over the disk's pixels,
 *                           update its weight with exp(), then a block-level
 *                           shared-memory tree reduction of the weights
 *                           (barriers in a loop) into partial_sums
 *   sum_kernel              one thread: total weight, CDF of the normalised
 *                           weights, and the resampling offset u1
 *   normalize_weights_kernel  weights /= total, u[i] = u1 + i/N
 *   find_index_kernel       resampling: particle i takes the first CDF entry
 *                           >= u[i]; weights reset to 1/N
 * The host reads the weighted position estimate of every frame.
 * TOLERANCE 1e-3 (relative): exp/log/cos may differ in the last bits and
 * the weight sums are added in another order than in the reference, which
 * can move a particle across a rounding or a CDF step; the printed
 * estimates average over all particles, so they move far less. */
#include <cuda_runtime.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.h"

#define THREADS_PER_BLOCK 512

__device__ double d_randu(int *seed, int index)
{
    seed[index] = PF_LCG_NEXT(seed[index]);
    return PF_LCG_UNIFORM(seed[index]);
}

__device__ double d_randn(int *seed, int index)
{
    double u = d_randu(seed, index);
    double v = d_randu(seed, index);
    double cosine = cos(2.0 * PF_PI * v);
    double rt = -2.0 * log(u);
    return sqrt(rt) * cosine;
}

__device__ int dev_round(float value)
{
    return (int)roundf(value);
}

__device__ int dev_clamp(int v, int hi)
{
    return v < 0 ? 0 : (v > hi ? hi : v);
}

__device__ float calc_likelihood_sum(const int *frame, const int *objxy, int countOnes,
                                     float x, float y, int IszX, int IszY)
{
    float sum = 0.0f;
    int rx = dev_round(x), ry = dev_round(y);
    for (int j = 0; j < countOnes; j++) {
        int ix = dev_clamp(rx + objxy[2 * j + 1], IszX - 1);
        int iy = dev_clamp(ry + objxy[2 * j], IszY - 1);
        int v = frame[iy * IszX + ix];
        float a = (float)(v - PF_BACKGROUND), b = (float)(v - PF_OBJECT);
        sum += (a * a - b * b) / 50.0f;
    }
    return sum;
}

__global__ void likelihood_kernel(float *arrayX, float *arrayY, const float *xj,
                                  const float *yj, const int *objxy, float *likelihood,
                                  const int *I, float *weights, int IszX, int IszY,
                                  int k, int countOnes, int Nparticles, int *seed,
                                  float *partial_sums)
{
    int block_id = blockIdx.x;
    int i = blockDim.x * block_id + threadIdx.x;
    __shared__ float buffer[THREADS_PER_BLOCK];

    if (i < Nparticles) {
        arrayX[i] = (float)(xj[i] + 1.0 + 5.0 * d_randn(seed, i));
        arrayY[i] = (float)(yj[i] - 2.0 + 2.0 * d_randn(seed, i));
        const int *frame = I + (long)k * IszX * IszY;
        float sum = calc_likelihood_sum(frame, objxy, countOnes, arrayX[i],
                                        arrayY[i], IszX, IszY);
        likelihood[i] = sum / (float)countOnes;
        weights[i] = weights[i] * expf(likelihood[i]);
    }
    /* block sum of the weights */
    buffer[threadIdx.x] = (i < Nparticles) ? weights[i] : 0.0f;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            buffer[threadIdx.x] += buffer[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        partial_sums[blockIdx.x] = buffer[0];
}

/* One thread: total weight into partial_sums[0], CDF, resampling offset. */
__global__ void sum_kernel(float *partial_sums, int num_blocks, const float *weights,
                           float *CDF, int Nparticles, int *seed, double *u1)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        float sum = 0.0f;
        for (int x = 0; x < num_blocks; x++)
            sum += partial_sums[x];
        partial_sums[0] = sum;
        float acc = 0.0f;
        for (int x = 0; x < Nparticles; x++) {
            acc += weights[x] / sum;
            CDF[x] = acc;
        }
        *u1 = d_randu(seed, 0) / Nparticles;
    }
}

__global__ void normalize_weights_kernel(float *weights, int Nparticles,
                                         const float *partial_sums, float *u,
                                         const double *u1)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    __shared__ float sumWeights;
    __shared__ double u1_s;
    if (threadIdx.x == 0) {
        sumWeights = partial_sums[0];
        u1_s = *u1;
    }
    __syncthreads();
    if (i < Nparticles) {
        weights[i] = weights[i] / sumWeights;
        u[i] = (float)(u1_s + (double)i / Nparticles);
    }
}

__global__ void find_index_kernel(const float *arrayX, const float *arrayY,
                                  const float *CDF, const float *u, float *xj,
                                  float *yj, float *weights, int Nparticles)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < Nparticles) {
        int index = Nparticles - 1;
        for (int x = 0; x < Nparticles; x++) {
            if (CDF[x] >= u[i]) {
                index = x;
                break;
            }
        }
        xj[i] = arrayX[index];
        yj[i] = arrayY[index];
        weights[i] = 1.0f / Nparticles;
    }
}

int main(int argc, char **argv)
{
    PfSize s = pf_size(rd_size(argc, argv));
    int N = s.Nparticles;
    long frame_px = (long)s.IszX * s.IszY;
    int *video = (int *)malloc(sizeof(int) * frame_px * s.Nfr);
    pf_video(&s, video);
    int objxy[2 * PF_MAX_DISK];
    int countOnes = pf_disk(objxy);
    int *seed = (int *)malloc(sizeof(int) * N);
    pf_seeds(seed, N);
    float *xj = (float *)malloc(sizeof(float) * N), *yj = (float *)malloc(sizeof(float) * N);
    float *weights = (float *)malloc(sizeof(float) * N);
    float *arrayX = (float *)malloc(sizeof(float) * N), *arrayY = (float *)malloc(sizeof(float) * N);
    double *xe = (double *)malloc(sizeof(double) * s.Nfr), *ye = (double *)malloc(sizeof(double) * s.Nfr);
    pf_truth(&s, 0, &xe[0], &ye[0]);
    for (int i = 0; i < N; i++) {
        xj[i] = (float)xe[0];
        yj[i] = (float)ye[0];
        weights[i] = 1.0f / N;
    }
    int num_blocks = (N + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK;

    float *d_arrayX, *d_arrayY, *d_xj, *d_yj, *d_CDF, *d_u, *d_likelihood;
    float *d_weights, *d_partial_sums;
    int *d_I, *d_objxy, *d_seed;
    double *d_u1;
    cudaEvent_t start, stop;
    RD_CHECK(cudaEventCreate(&start));
    RD_CHECK(cudaEventCreate(&stop));
    RD_CHECK(cudaMalloc((void **)&d_arrayX, sizeof(float) * N));
    RD_CHECK(cudaMalloc((void **)&d_arrayY, sizeof(float) * N));
    RD_CHECK(cudaMalloc((void **)&d_xj, sizeof(float) * N));
    RD_CHECK(cudaMalloc((void **)&d_yj, sizeof(float) * N));
    RD_CHECK(cudaMalloc((void **)&d_CDF, sizeof(float) * N));
    RD_CHECK(cudaMalloc((void **)&d_u, sizeof(float) * N));
    RD_CHECK(cudaMalloc((void **)&d_likelihood, sizeof(float) * N));
    RD_CHECK(cudaMalloc((void **)&d_weights, sizeof(float) * N));
    RD_CHECK(cudaMalloc((void **)&d_partial_sums, sizeof(float) * num_blocks));
    RD_CHECK(cudaMalloc((void **)&d_I, sizeof(int) * frame_px * s.Nfr));
    RD_CHECK(cudaMalloc((void **)&d_objxy, sizeof(int) * 2 * countOnes));
    RD_CHECK(cudaMalloc((void **)&d_seed, sizeof(int) * N));
    RD_CHECK(cudaMalloc((void **)&d_u1, sizeof(double)));

    RD_CHECK(cudaEventRecord(start, 0));
    RD_CHECK(cudaMemcpy(d_I, video, sizeof(int) * frame_px * s.Nfr, cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_objxy, objxy, sizeof(int) * 2 * countOnes, cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_seed, seed, sizeof(int) * N, cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_xj, xj, sizeof(float) * N, cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_yj, yj, sizeof(float) * N, cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_weights, weights, sizeof(float) * N, cudaMemcpyHostToDevice));

    for (int k = 1; k < s.Nfr; k++) {
        likelihood_kernel<<<num_blocks, THREADS_PER_BLOCK>>>(
            d_arrayX, d_arrayY, d_xj, d_yj, d_objxy, d_likelihood, d_I, d_weights,
            s.IszX, s.IszY, k, countOnes, N, d_seed, d_partial_sums);
        sum_kernel<<<1, 1>>>(d_partial_sums, num_blocks, d_weights, d_CDF, N,
                             d_seed, d_u1);
        normalize_weights_kernel<<<num_blocks, THREADS_PER_BLOCK>>>(
            d_weights, N, d_partial_sums, d_u, d_u1);
        RD_CHECK(cudaMemcpy(arrayX, d_arrayX, sizeof(float) * N, cudaMemcpyDeviceToHost));
        RD_CHECK(cudaMemcpy(arrayY, d_arrayY, sizeof(float) * N, cudaMemcpyDeviceToHost));
        RD_CHECK(cudaMemcpy(weights, d_weights, sizeof(float) * N, cudaMemcpyDeviceToHost));
        double ex = 0.0, ey = 0.0;
        for (int i = 0; i < N; i++) {
            ex += (double)arrayX[i] * weights[i];
            ey += (double)arrayY[i] * weights[i];
        }
        xe[k] = ex;
        ye[k] = ey;
        find_index_kernel<<<num_blocks, THREADS_PER_BLOCK>>>(
            d_arrayX, d_arrayY, d_CDF, d_u, d_xj, d_yj, d_weights, N);
    }
    RD_CHECK(cudaGetLastError());
    RD_CHECK(cudaDeviceSynchronize());
    RD_CHECK(cudaEventRecord(stop, 0));
    RD_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    RD_CHECK(cudaEventElapsedTime(&ms, start, stop));

    double sx = 0.0, sy = 0.0, tx, ty;
    for (int k = 0; k < s.Nfr; k++) {
        sx += xe[k];
        sy += ye[k];
    }
    pf_truth(&s, s.Nfr - 1, &tx, &ty);
    rd_result("final_xe", xe[s.Nfr - 1]);
    rd_result("final_ye", ye[s.Nfr - 1]);
    rd_result("sum_xe", sx);
    rd_result("sum_ye", sy);
    /* distance to the truth: informative only (a difference of close
     * numbers, too sensitive to compare across machines) */
    fprintf(stderr, "tracking error %g\n", sqrt((xe[s.Nfr - 1] - tx) * (xe[s.Nfr - 1] - tx)
                                              + (ye[s.Nfr - 1] - ty) * (ye[s.Nfr - 1] - ty)));
    rd_time_ms(ms);

    double *rxe = (double *)malloc(sizeof(double) * s.Nfr);
    double *rye = (double *)malloc(sizeof(double) * s.Nfr);
    pf_reference(&s, video, rxe, rye);
    double err = rd_maxrelerr_d(xe, rxe, s.Nfr, NULL);
    double erry = rd_maxrelerr_d(ye, rye, s.Nfr, NULL);
    if (erry > err) err = erry;

    cudaFree(d_arrayX); cudaFree(d_arrayY); cudaFree(d_xj); cudaFree(d_yj);
    cudaFree(d_CDF); cudaFree(d_u); cudaFree(d_likelihood); cudaFree(d_weights);
    cudaFree(d_partial_sums); cudaFree(d_I); cudaFree(d_objxy); cudaFree(d_seed);
    cudaFree(d_u1);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    int rc = rd_verify(err <= 1e-3, "max relerr of the estimates %g", err);
    free(video); free(seed); free(xj); free(yj); free(weights); free(arrayX);
    free(arrayY); free(xe); free(ye); free(rxe); free(rye);
    return rc;
}
