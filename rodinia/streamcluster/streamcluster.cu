/* streamcluster.cu: the pgain step of online k-median clustering
 * (streamcluster). For each candidate centre x the host uploads the current
 * solution and launches kernel_compute_cost: one thread per point computes
 * the weighted cost of serving the point from x; a point that gets cheaper
 * switches (its gain goes into a per-block shared-memory tree reduction),
 * any other point records, in its own row of the block's slice of the work
 * array, how much its current centre would cost to close. The host then
 * sums the rows per centre, decides which centres close and whether x
 * opens, and applies the change.
 * Points are stored coordinate-major: coord[k*num + i].
 * TOLERANCE 1e-4 (relative): the gains are summed in another order than in
 * the reference and the GPU may contract the distance into FMAs. */
#include <cuda_runtime.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.h"

#define THREADS_PER_BLOCK 256
#define MAXDIM 64

__device__ float d_dist(int p, int num, int dim, const float *coord_d,
                        const float *coord_x)
{
    float retval = 0.0f;
    for (int i = 0; i < dim; i++) {
        float tmp = coord_d[(long)i * num + p] - coord_x[i];
        retval += tmp * tmp;
    }
    return retval;
}

/* work_mem_d: one row of K+1 floats per point; row p sits in block
 * p / blockDim's slice. Slots 0..K-1: closing savings per centre, slot K:
 * the point's cost from x. */
__global__ void kernel_compute_cost(int num, int dim, long x, const float *coord_d,
                                    const float *weight_d, const float *cost_d,
                                    const int *assign_d, const int *center_table_d,
                                    int K, float *work_mem_d, int *switch_membership_d,
                                    float *block_gain_d)
{
    __shared__ float coord_x[MAXDIM];
    __shared__ float gain_s[THREADS_PER_BLOCK];
    int tx = threadIdx.x;
    int bid = blockIdx.x + gridDim.x * blockIdx.y;
    int tid = blockDim.x * bid + tx;

    /* the candidate's coordinates, shared by the block */
    if (tx < dim)
        coord_x[tx] = coord_d[(long)tx * num + x];
    __syncthreads();

    float gain = 0.0f;
    if (tid < num) {
        float *lower = &work_mem_d[(long)bid * blockDim.x * (K + 1) + (long)tx * (K + 1)];
        for (int c = 0; c < K; c++)
            lower[c] = 0.0f;
        float x_cost = d_dist(tid, num, dim, coord_d, coord_x) * weight_d[tid];
        float current_cost = cost_d[tid];
        lower[K] = x_cost;
        if (x_cost < current_cost) {
            switch_membership_d[tid] = 1;
            gain = x_cost - current_cost;
        } else {
            switch_membership_d[tid] = 0;
            lower[center_table_d[assign_d[tid]]] = current_cost - x_cost;
        }
    }
    gain_s[tx] = gain;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tx < s)
            gain_s[tx] += gain_s[tx + s];
        __syncthreads();
    }
    if (tx == 0)
        block_gain_d[bid] = gain_s[0];
}

struct Device {
    float *coord, *weight, *cost, *work_mem, *block_gain;
    int *assign, *center_table, *switch_membership;
};

/* One pgain step on the GPU; same contract as sc_pgain_reference. */
static double pgain(long x, int num, int dim, int *is_center,
                    int *assign, float *cost, float z, int *numcenters,
                    const Device &d, int *center_table, int *switch_membership,
                    float *work_mem, float *block_gain)
{
    int K = 0;
    for (int i = 0; i < num; i++)
        if (is_center[i])
            center_table[i] = K++;
    int blocks = (num + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK;
    long rows = (long)blocks * THREADS_PER_BLOCK;

    RD_CHECK(cudaMemcpy(d.cost, cost, sizeof(float) * num, cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d.assign, assign, sizeof(int) * num, cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d.center_table, center_table, sizeof(int) * num,
                        cudaMemcpyHostToDevice));
    dim3 grid(blocks);
    kernel_compute_cost<<<grid, THREADS_PER_BLOCK>>>(num, dim, x, d.coord, d.weight,
                                                     d.cost, d.assign, d.center_table,
                                                     K, d.work_mem, d.switch_membership,
                                                     d.block_gain);
    RD_CHECK(cudaGetLastError());
    RD_CHECK(cudaMemcpy(work_mem, d.work_mem, sizeof(float) * rows * (K + 1),
                        cudaMemcpyDeviceToHost));
    RD_CHECK(cudaMemcpy(switch_membership, d.switch_membership, sizeof(int) * num,
                        cudaMemcpyDeviceToHost));
    RD_CHECK(cudaMemcpy(block_gain, d.block_gain, sizeof(float) * blocks,
                        cudaMemcpyDeviceToHost));

    double gain = 0.0;
    for (int b = 0; b < blocks; b++)
        gain += block_gain[b];
    double *lower = (double *)calloc(K + 1, sizeof(double));
    for (int i = 0; i < num; i++)
        for (int c = 0; c < K; c++)
            lower[c] += work_mem[(long)i * (K + 1) + c];
    int close = 0;
    for (int i = 0; i < num; i++)
        if (is_center[i]) {
            double low = z + lower[center_table[i]];
            lower[center_table[i]] = low;
            if (low > 0) {
                close++;
                gain -= low;
            }
        }
    gain += z;
    double saved = 0.0;
    if (gain < 0) {
        for (int i = 0; i < num; i++)
            if (switch_membership[i] || lower[center_table[assign[i]]] > 0) {
                cost[i] = work_mem[(long)i * (K + 1) + K];
                assign[i] = (int)x;
            }
        for (int i = 0; i < num; i++)
            if (is_center[i] && lower[center_table[i]] > 0)
                is_center[i] = 0;
        is_center[x] = 1;
        *numcenters += 1 - close;
        saved = -gain;
    }
    free(lower);
    return saved;
}

int main(int argc, char **argv)
{
    ScSize s = sc_size(rd_size(argc, argv));
    int n = s.n, dim = s.dim;
    float *coord = (float *)malloc(sizeof(float) * n * dim);
    float *weight = (float *)malloc(sizeof(float) * n);
    float *cost = (float *)malloc(sizeof(float) * n);
    float *ref_cost = (float *)malloc(sizeof(float) * n);
    int *cand = (int *)malloc(sizeof(int) * s.ncand);
    int *is_center = (int *)malloc(sizeof(int) * n), *ref_is_center = (int *)malloc(sizeof(int) * n);
    int *assign = (int *)malloc(sizeof(int) * n), *ref_assign = (int *)malloc(sizeof(int) * n);
    int *center_table = (int *)malloc(sizeof(int) * n);
    int *switch_membership = (int *)malloc(sizeof(int) * n);
    sc_generate(&s, coord, weight, cand);
    float z = sc_setup(&s, coord, weight, is_center, assign, cost);
    memcpy(ref_cost, cost, sizeof(float) * n);
    memcpy(ref_is_center, is_center, sizeof(int) * n);
    memcpy(ref_assign, assign, sizeof(int) * n);

    int blocks = (n + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK;
    long rows = (long)blocks * THREADS_PER_BLOCK;
    int kmax = s.k0 + s.ncand + 1;           /* bound on the number of centres */
    float *work_mem = (float *)malloc(sizeof(float) * rows * (kmax + 1));
    float *block_gain = (float *)malloc(sizeof(float) * blocks);

    Device d;
    cudaEvent_t start, stop;
    RD_CHECK(cudaEventCreate(&start));
    RD_CHECK(cudaEventCreate(&stop));
    RD_CHECK(cudaMalloc((void **)&d.coord, sizeof(float) * n * dim));
    RD_CHECK(cudaMalloc((void **)&d.weight, sizeof(float) * n));
    RD_CHECK(cudaMalloc((void **)&d.cost, sizeof(float) * n));
    RD_CHECK(cudaMalloc((void **)&d.work_mem, sizeof(float) * rows * (kmax + 1)));
    RD_CHECK(cudaMalloc((void **)&d.block_gain, sizeof(float) * blocks));
    RD_CHECK(cudaMalloc((void **)&d.assign, sizeof(int) * n));
    RD_CHECK(cudaMalloc((void **)&d.center_table, sizeof(int) * n));
    RD_CHECK(cudaMalloc((void **)&d.switch_membership, sizeof(int) * n));

    RD_CHECK(cudaEventRecord(start, 0));
    RD_CHECK(cudaMemcpy(d.coord, coord, sizeof(float) * n * dim, cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d.weight, weight, sizeof(float) * n, cudaMemcpyHostToDevice));
    int numcenters = s.k0, opened = 0;
    double total_gain = 0.0;
    for (int j = 0; j < s.ncand; j++) {
        if (is_center[cand[j]])
            continue;
        double g = pgain(cand[j], n, dim, is_center, assign, cost, z,
                         &numcenters, d, center_table, switch_membership, work_mem,
                         block_gain);
        total_gain += g;
        opened += g > 0;
    }
    RD_CHECK(cudaEventRecord(stop, 0));
    RD_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    RD_CHECK(cudaEventElapsedTime(&ms, start, stop));

    rd_result("total_cost", rd_sum_f(cost, n));
    rd_result("total_gain", total_gain);
    rd_result_i("numcenters", numcenters);
    rd_result_i("opened", opened);
    rd_result("cost_first100", rd_sum_f(cost, 100));
    rd_time_ms(ms);

    int ref_centers = s.k0;
    double ref_gain = 0.0;
    for (int j = 0; j < s.ncand; j++) {
        if (ref_is_center[cand[j]])
            continue;
        ref_gain += sc_pgain_reference(cand[j], n, dim, coord, weight, ref_is_center,
                                       ref_assign, ref_cost, z, &ref_centers);
    }
    long bad_i;
    double err = rd_maxrelerr_f(cost, ref_cost, n, NULL);
    long bad = rd_mismatch_i(assign, ref_assign, n, &bad_i);
    double gerr = rd_relerr(total_gain, ref_gain);

    cudaFree(d.coord); cudaFree(d.weight); cudaFree(d.cost); cudaFree(d.work_mem);
    cudaFree(d.block_gain); cudaFree(d.assign); cudaFree(d.center_table);
    cudaFree(d.switch_membership);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    int rc = rd_verify(err <= 1e-4 && gerr <= 1e-4 && bad == 0 && ref_centers == numcenters,
                       "cost relerr %g, gain relerr %g, %ld assignments differ, centres %d vs %d",
                       err, gerr, bad, numcenters, ref_centers);
    free(coord); free(weight); free(cost); free(ref_cost); free(cand); free(is_center);
    free(ref_is_center); free(assign); free(ref_assign); free(center_table);
    free(switch_membership); free(work_mem); free(block_gain);
    return rc;
}
