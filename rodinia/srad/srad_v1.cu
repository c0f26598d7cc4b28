/* srad_v1.cu: speckle-reducing anisotropic diffusion of an image, six
 * kernels: extract (I = exp(I/255)), then per iteration prepare (copy I and
 * I^2 into the reduction arrays), reduce (multi-pass block tree reduction of
 * sum and sum of squares; barriers inside loops under block-uniform
 * if/else: all blocks full, a full block, or the last partial block), srad
 * (directional derivatives and diffusion coefficient) and srad2 (divergence
 * and update); finally compress (I = 255*log(I)).
 * TOLERANCE 1e-3 (relative): the statistics are summed in float in a tree
 * order (the reference uses double), and exp/log may differ in the last
 * bits; the error then propagates through the iterations. */
#include <cuda_runtime.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.h"

#define NUMBER_THREADS 256

__global__ void extract(long d_Ne, float *d_I)
{
    long ei = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (ei < d_Ne)
        d_I[ei] = exp(d_I[ei] / 255.0f);
}

__global__ void prepare(long d_Ne, const float *d_I, float *d_sums, float *d_sums2)
{
    long ei = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (ei < d_Ne) {
        d_sums[ei] = d_I[ei];
        d_sums2[ei] = d_I[ei] * d_I[ei];
    }
}

/* One pass of the reduction: the d_no live values sit at indices k*d_mul;
 * block bx sums its NUMBER_THREADS of them into index bx*NUMBER_THREADS*d_mul. */
__global__ void reduce(long d_Ne, int d_no, int d_mul, float *d_sums, float *d_sums2)
{
    int bx = blockIdx.x;
    int tx = threadIdx.x;
    int ei = bx * NUMBER_THREADS + tx;
    int nf = NUMBER_THREADS - (gridDim.x * NUMBER_THREADS - d_no);
    __shared__ float d_psum[NUMBER_THREADS];
    __shared__ float d_psum2[NUMBER_THREADS];

    if (ei < d_no) {
        d_psum[tx] = d_sums[(long)ei * d_mul];
        d_psum2[tx] = d_sums2[(long)ei * d_mul];
    }
    __syncthreads();

    if (nf == NUMBER_THREADS) {
        /* every block is full */
        for (int i = 2; i <= NUMBER_THREADS; i = 2 * i) {
            if ((tx + 1) % i == 0) {
                d_psum[tx] = d_psum[tx] + d_psum[tx - i / 2];
                d_psum2[tx] = d_psum2[tx] + d_psum2[tx - i / 2];
            }
            __syncthreads();
        }
        if (tx == NUMBER_THREADS - 1) {
            d_sums[(long)bx * d_mul * NUMBER_THREADS] = d_psum[tx];
            d_sums2[(long)bx * d_mul * NUMBER_THREADS] = d_psum2[tx];
        }
    } else {
        if (bx != gridDim.x - 1) {
            /* a full block before the partial one */
            for (int i = 2; i <= NUMBER_THREADS; i = 2 * i) {
                if ((tx + 1) % i == 0) {
                    d_psum[tx] = d_psum[tx] + d_psum[tx - i / 2];
                    d_psum2[tx] = d_psum2[tx] + d_psum2[tx - i / 2];
                }
                __syncthreads();
            }
            if (tx == NUMBER_THREADS - 1) {
                d_sums[(long)bx * d_mul * NUMBER_THREADS] = d_psum[tx];
                d_sums2[(long)bx * d_mul * NUMBER_THREADS] = d_psum2[tx];
            }
        } else {
            /* the last block holds nf values: tree over the largest power of
             * two df <= nf, then the last tree thread adds the rest */
            int df = 0;
            for (int i = 1; i <= nf; i = 2 * i)
                df = i;
            for (int i = 2; i <= df; i = 2 * i) {
                if ((tx + 1) % i == 0 && tx < df) {
                    d_psum[tx] = d_psum[tx] + d_psum[tx - i / 2];
                    d_psum2[tx] = d_psum2[tx] + d_psum2[tx - i / 2];
                }
                __syncthreads();
            }
            if (tx == df - 1) {
                for (int i = df; i < nf; i++) {
                    d_psum[tx] = d_psum[tx] + d_psum[i];
                    d_psum2[tx] = d_psum2[tx] + d_psum2[i];
                }
                d_sums[(long)bx * d_mul * NUMBER_THREADS] = d_psum[tx];
                d_sums2[(long)bx * d_mul * NUMBER_THREADS] = d_psum2[tx];
            }
        }
    }
}

/* Directional derivatives and the diffusion coefficient of every pixel. */
__global__ void srad(float d_lambda, int d_Nr, int d_Nc, long d_Ne,
                     const int *d_iN, const int *d_iS, const int *d_jE,
                     const int *d_jW, float *d_dN, float *d_dS, float *d_dE,
                     float *d_dW, float d_q0sqr, float *d_c, const float *d_I)
{
    long ei = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (ei >= d_Ne)
        return;
    int row = (int)(ei / d_Nc);
    int col = (int)(ei % d_Nc);
    float d_Jc = d_I[ei];
    float N = d_I[(long)d_iN[row] * d_Nc + col] - d_Jc;
    float S = d_I[(long)d_iS[row] * d_Nc + col] - d_Jc;
    float W = d_I[(long)row * d_Nc + d_jW[col]] - d_Jc;
    float E = d_I[(long)row * d_Nc + d_jE[col]] - d_Jc;

    float d_G2 = (N * N + S * S + W * W + E * E) / (d_Jc * d_Jc);
    float d_L = (N + S + W + E) / d_Jc;
    float d_num = (0.5f * d_G2) - ((1.0f / 16.0f) * (d_L * d_L));
    float d_den = 1.0f + (0.25f * d_L);
    float d_qsqr = d_num / (d_den * d_den);
    d_den = (d_qsqr - d_q0sqr) / (d_q0sqr * (1.0f + d_q0sqr));
    float d_c_loc = 1.0f / (1.0f + d_den);
    if (d_c_loc < 0.0f)
        d_c_loc = 0.0f;
    else if (d_c_loc > 1.0f)
        d_c_loc = 1.0f;

    d_dN[ei] = N;
    d_dS[ei] = S;
    d_dW[ei] = W;
    d_dE[ei] = E;
    d_c[ei] = d_c_loc;
}

/* Divergence of c*grad(I) and the image update. */
__global__ void srad2(float d_lambda, int d_Nr, int d_Nc, long d_Ne,
                      const int *d_iN, const int *d_iS, const int *d_jE,
                      const int *d_jW, const float *d_dN, const float *d_dS,
                      const float *d_dE, const float *d_dW, const float *d_c,
                      float *d_I)
{
    long ei = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (ei >= d_Ne)
        return;
    int row = (int)(ei / d_Nc);
    int col = (int)(ei % d_Nc);
    float d_cN = d_c[ei];
    float d_cS = d_c[(long)d_iS[row] * d_Nc + col];
    float d_cW = d_c[ei];
    float d_cE = d_c[(long)row * d_Nc + d_jE[col]];
    float d_D = d_cN * d_dN[ei] + d_cS * d_dS[ei] + d_cW * d_dW[ei] + d_cE * d_dE[ei];
    d_I[ei] = d_I[ei] + 0.25f * d_lambda * d_D;
}

__global__ void compress(long d_Ne, float *d_I)
{
    long ei = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (ei < d_Ne)
        d_I[ei] = log(d_I[ei]) * 255.0f;
}

int main(int argc, char **argv)
{
    SradSize sz = srad_size(rd_size(argc, argv));
    int Nr = sz.rows, Nc = sz.cols, niter = sz.niter;
    long Ne = (long)Nr * Nc;
    float lambda = SRAD_LAMBDA;

    float *image = (float *)malloc(sizeof(float) * Ne);
    float *expected = (float *)malloc(sizeof(float) * Ne);
    srad_generate(image, Nr, Nc);
    memcpy(expected, image, sizeof(float) * Ne);

    int *iN = (int *)malloc(sizeof(int) * Nr), *iS = (int *)malloc(sizeof(int) * Nr);
    int *jW = (int *)malloc(sizeof(int) * Nc), *jE = (int *)malloc(sizeof(int) * Nc);
    for (int i = 0; i < Nr; i++) {
        iN[i] = i - 1;
        iS[i] = i + 1;
    }
    for (int j = 0; j < Nc; j++) {
        jW[j] = j - 1;
        jE[j] = j + 1;
    }
    iN[0] = 0;
    iS[Nr - 1] = Nr - 1;
    jW[0] = 0;
    jE[Nc - 1] = Nc - 1;

    float *d_I, *d_c, *d_dN, *d_dS, *d_dW, *d_dE, *d_sums, *d_sums2;
    int *d_iN, *d_iS, *d_jE, *d_jW;
    cudaEvent_t start, stop;
    RD_CHECK(cudaEventCreate(&start));
    RD_CHECK(cudaEventCreate(&stop));
    RD_CHECK(cudaMalloc((void **)&d_I, sizeof(float) * Ne));
    RD_CHECK(cudaMalloc((void **)&d_c, sizeof(float) * Ne));
    RD_CHECK(cudaMalloc((void **)&d_dN, sizeof(float) * Ne));
    RD_CHECK(cudaMalloc((void **)&d_dS, sizeof(float) * Ne));
    RD_CHECK(cudaMalloc((void **)&d_dW, sizeof(float) * Ne));
    RD_CHECK(cudaMalloc((void **)&d_dE, sizeof(float) * Ne));
    RD_CHECK(cudaMalloc((void **)&d_sums, sizeof(float) * Ne));
    RD_CHECK(cudaMalloc((void **)&d_sums2, sizeof(float) * Ne));
    RD_CHECK(cudaMalloc((void **)&d_iN, sizeof(int) * Nr));
    RD_CHECK(cudaMalloc((void **)&d_iS, sizeof(int) * Nr));
    RD_CHECK(cudaMalloc((void **)&d_jE, sizeof(int) * Nc));
    RD_CHECK(cudaMalloc((void **)&d_jW, sizeof(int) * Nc));

    RD_CHECK(cudaEventRecord(start, 0));
    RD_CHECK(cudaMemcpy(d_iN, iN, sizeof(int) * Nr, cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_iS, iS, sizeof(int) * Nr, cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_jE, jE, sizeof(int) * Nc, cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_jW, jW, sizeof(int) * Nc, cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_I, image, sizeof(float) * Ne, cudaMemcpyHostToDevice));

    dim3 threads(NUMBER_THREADS);
    int blocks_x = (int)((Ne + NUMBER_THREADS - 1) / NUMBER_THREADS);
    dim3 blocks(blocks_x);

    extract<<<blocks, threads>>>(Ne, d_I);
    float q0sqr = 0.0f;
    for (int iter = 0; iter < niter; iter++) {
        prepare<<<blocks, threads>>>(Ne, d_I, d_sums, d_sums2);

        int blocks2 = blocks_x;
        int no = (int)Ne;
        int mul = 1;
        while (blocks2 != 0) {
            reduce<<<blocks2, threads>>>(Ne, no, mul, d_sums, d_sums2);
            no = blocks2;
            mul *= NUMBER_THREADS;
            blocks2 = (blocks2 == 1) ? 0 : (blocks2 + NUMBER_THREADS - 1) / NUMBER_THREADS;
        }
        float total, total2;
        RD_CHECK(cudaMemcpy(&total, d_sums, sizeof(float), cudaMemcpyDeviceToHost));
        RD_CHECK(cudaMemcpy(&total2, d_sums2, sizeof(float), cudaMemcpyDeviceToHost));

        float meanROI = total / (float)Ne;
        float meanROI2 = meanROI * meanROI;
        float varROI = (total2 / (float)Ne) - meanROI2;
        q0sqr = varROI / meanROI2;

        srad<<<blocks, threads>>>(lambda, Nr, Nc, Ne, d_iN, d_iS, d_jE, d_jW,
                                  d_dN, d_dS, d_dE, d_dW, q0sqr, d_c, d_I);
        srad2<<<blocks, threads>>>(lambda, Nr, Nc, Ne, d_iN, d_iS, d_jE, d_jW,
                                   d_dN, d_dS, d_dE, d_dW, d_c, d_I);
    }
    compress<<<blocks, threads>>>(Ne, d_I);
    RD_CHECK(cudaGetLastError());
    RD_CHECK(cudaMemcpy(image, d_I, sizeof(float) * Ne, cudaMemcpyDeviceToHost));
    RD_CHECK(cudaEventRecord(stop, 0));
    RD_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    RD_CHECK(cudaEventElapsedTime(&ms, start, stop));

    rd_result("image_sum", rd_sum_f(image, Ne));
    rd_result("last_q0sqr", q0sqr);
    rd_result("pixel_quarter", image[(long)(Nr / 4) * Nc + Nc / 4]);
    rd_result("pixel_center", image[(long)(Nr / 2) * Nc + Nc / 2]);
    rd_result("pixel_corner", image[Ne - 1]);
    rd_time_ms(ms);

    srad_v1_reference(expected, Nr, Nc, niter, lambda);
    long worst;
    double err = rd_maxrelerr_f(image, expected, Ne, &worst);

    cudaFree(d_I); cudaFree(d_c); cudaFree(d_dN); cudaFree(d_dS);
    cudaFree(d_dW); cudaFree(d_dE); cudaFree(d_sums); cudaFree(d_sums2);
    cudaFree(d_iN); cudaFree(d_iS); cudaFree(d_jE); cudaFree(d_jW);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    int rc = rd_verify(err <= 1e-3, "max relerr %g at pixel %ld", err, worst);
    free(image); free(expected); free(iN); free(iS); free(jW); free(jE);
    return rc;
}
