/*
 * kmeans.cu: k-means clustering (Lloyd's algorithm).
 *
 * GPU idioms kept: a first kernel (invert_mapping) transposes the points to
 * feature-major order; the assignment kernel reads the point features
 * through a texture object over that linear buffer (tex1Dfetch<float>) and
 * the centroids from __constant__ memory, refreshed with
 * cudaMemcpyToSymbol before every iteration; it also counts changed
 * memberships with a shared-memory tree reduction per block. The host
 * recomputes the centroids and iterates until no point changes cluster or
 * max_iter is reached.
 *
 * Tolerance: 1e-6 max relative error (see TOLERANCE); the computation is in
 * fact exact (see input.h), memberships must match the reference exactly.
 */
#include <float.h>
#include <cuda_runtime.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.h"

#define THREADS_PER_BLOCK 256

__constant__ float c_clusters[KM_MAX_CLUSTERS * KM_MAX_FEATURES];

/* point-major input[p * nfeatures + f] -> feature-major output[f * npoints + p] */
__global__ void invert_mapping(const float *input, float *output, int npoints, int nfeatures)
{
    int point_id = threadIdx.x + blockDim.x * blockIdx.x;
    if (point_id < npoints) {
        for (int i = 0; i < nfeatures; i++)
            output[point_id + npoints * i] = input[point_id * nfeatures + i];
    }
}

__global__ void kmeansPoint(cudaTextureObject_t t_features, int nfeatures, int npoints,
                            int nclusters, int *membership, int *block_deltas)
{
    __shared__ int s_delta[THREADS_PER_BLOCK];

    unsigned int point_id = blockIdx.x * blockDim.x + threadIdx.x;
    int changed = 0;

    if (point_id < (unsigned int)npoints) {
        float min_dist = FLT_MAX;
        int index = -1;
        for (int i = 0; i < nclusters; i++) {
            int cluster_base_index = i * nfeatures;
            float ans = 0.0f;
            for (int j = 0; j < nfeatures; j++) {
                float diff = tex1Dfetch<float>(t_features, j * npoints + point_id) -
                             c_clusters[cluster_base_index + j];
                ans += diff * diff;
            }
            if (ans < min_dist) {
                min_dist = ans;
                index = i;
            }
        }
        if (membership[point_id] != index)
            changed = 1;
        membership[point_id] = index;
    }

    /* block-level count of changed memberships */
    s_delta[threadIdx.x] = changed;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            s_delta[threadIdx.x] += s_delta[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        block_deltas[blockIdx.x] = s_delta[0];
}

int main(int argc, char **argv)
{
    km_size s = km_size_of(rd_size(argc, argv));
    int npoints = s.npoints, nfeatures = s.nfeatures, nclusters = s.nclusters;
    size_t fbytes = sizeof(float) * (size_t)npoints * nfeatures;
    int nblocks = (npoints + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK;

    float *features = (float *)malloc(fbytes);
    float *centroids = (float *)malloc(sizeof(float) * nclusters * nfeatures);
    int *membership = (int *)malloc(sizeof(int) * npoints);
    int *block_deltas = (int *)malloc(sizeof(int) * nblocks);
    km_generate(&s, features);
    km_initial_centroids(&s, features, centroids);

    float *feature_flipped_d, *feature_d;
    int *membership_d, *block_deltas_d;
    RD_CHECK(cudaMalloc((void **)&feature_flipped_d, fbytes));
    RD_CHECK(cudaMalloc((void **)&feature_d, fbytes));
    RD_CHECK(cudaMalloc((void **)&membership_d, sizeof(int) * npoints));
    RD_CHECK(cudaMalloc((void **)&block_deltas_d, sizeof(int) * nblocks));

    cudaEvent_t start, stop;
    RD_CHECK(cudaEventCreate(&start));
    RD_CHECK(cudaEventCreate(&stop));
    RD_CHECK(cudaEventRecord(start, 0));

    RD_CHECK(cudaMemcpy(feature_flipped_d, features, fbytes, cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemset(membership_d, 0xff, sizeof(int) * npoints)); /* all -1 */
    invert_mapping<<<nblocks, THREADS_PER_BLOCK>>>(feature_flipped_d, feature_d, npoints, nfeatures);
    RD_CHECK(cudaGetLastError());

    /* texture object over the feature-major linear buffer */
    cudaResourceDesc resDesc;
    memset(&resDesc, 0, sizeof(resDesc));
    resDesc.resType = cudaResourceTypeLinear;
    resDesc.res.linear.devPtr = feature_d;
    resDesc.res.linear.desc = cudaCreateChannelDesc<float>();
    resDesc.res.linear.sizeInBytes = fbytes;
    cudaTextureDesc texDesc;
    memset(&texDesc, 0, sizeof(texDesc));
    texDesc.readMode = cudaReadModeElementType;
    cudaTextureObject_t t_features = 0;
    RD_CHECK(cudaCreateTextureObject(&t_features, &resDesc, &texDesc, NULL));

    int iter = 0;
    long delta;
    do {
        RD_CHECK(cudaMemcpyToSymbol(c_clusters, centroids, sizeof(float) * nclusters * nfeatures));
        kmeansPoint<<<nblocks, THREADS_PER_BLOCK>>>(t_features, nfeatures, npoints, nclusters,
                                                    membership_d, block_deltas_d);
        RD_CHECK(cudaGetLastError());
        RD_CHECK(cudaMemcpy(membership, membership_d, sizeof(int) * npoints, cudaMemcpyDeviceToHost));
        RD_CHECK(cudaMemcpy(block_deltas, block_deltas_d, sizeof(int) * nblocks, cudaMemcpyDeviceToHost));
        delta = 0;
        for (int b = 0; b < nblocks; b++)
            delta += block_deltas[b];
        km_update_centroids(&s, features, membership, centroids);
        iter++;
    } while (delta > 0 && iter < s.max_iter);

    RD_CHECK(cudaEventRecord(stop, 0));
    RD_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    RD_CHECK(cudaEventElapsedTime(&ms, start, stop));

    km_print_results(&s, membership, centroids, iter);
    rd_time_ms(ms);

    int *ref_membership = (int *)malloc(sizeof(int) * npoints);
    float *ref_centroids = (float *)malloc(sizeof(float) * nclusters * nfeatures);
    int ref_iter = kmeans_reference(&s, features, ref_membership, ref_centroids);
    long first;
    long bad = rd_mismatch_i(membership, ref_membership, npoints, &first);
    long worst;
    double err = rd_maxrelerr_f(centroids, ref_centroids, (long)nclusters * nfeatures, &worst);
    int rc = rd_verify(bad == 0 && iter == ref_iter && err <= KM_TOLERANCE,
                       "iterations %d ref %d, %ld memberships differ (first %ld), centroid relerr %.3g",
                       iter, ref_iter, bad, first, err);

    cudaDestroyTextureObject(t_features);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaFree(feature_flipped_d); cudaFree(feature_d);
    cudaFree(membership_d); cudaFree(block_deltas_d);
    free(features); free(centroids); free(membership); free(block_deltas);
    free(ref_membership); free(ref_centroids);
    return rc;
}
