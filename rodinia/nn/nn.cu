/* nn.cu: nearest neighbours. A kernel computes the Euclidean distance of every
 * (lat, lng) record to a target; the host then selects the k nearest records
 * (k selection passes over a std::vector of distances).
 * TOLERANCE 1e-5 (relative): the GPU may contract dx*dx+dy*dy into an FMA,
 * so distances differ from the C reference in the last bits. */
#include <cuda_runtime.h>
#include <vector>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.h"

#define NN_BLOCK 256

struct Record { float lat, lng; };

/* One thread per record: d_distances[i] = |record i - target|. */
__global__ void euclid(const Record *d_locations, float *d_distances,
                       long numRecords, float lat, float lng)
{
    long globalId = (long)blockDim.x * (gridDim.x * blockIdx.y + blockIdx.x)
                    + threadIdx.x;
    if (globalId < numRecords) {
        const Record *loc = &d_locations[globalId];
        float dlat = lat - loc->lat;
        float dlng = lng - loc->lng;
        d_distances[globalId] = (float)sqrt(dlat * dlat + dlng * dlng);
    }
}

/* Host selection: pass j takes the smallest (distance, index) that comes
 * after the one pass j-1 took. */
static void find_lowest(const std::vector<float> &dist, int k,
                        std::vector<long> &idx)
{
    long n = (long)dist.size();
    for (int j = 0; j < k; j++) {
        long best = -1;
        for (long i = 0; i < n; i++) {
            if (j > 0) {
                long p = idx[j - 1];
                if (dist[i] < dist[p] || (dist[i] == dist[p] && i <= p))
                    continue;
            }
            if (best < 0 || dist[i] < dist[best]) best = i;
        }
        idx[j] = best;
    }
}

int main(int argc, char **argv)
{
    int size = rd_size(argc, argv);
    long n = nn_num_records(size);
    int k = NN_K;

    std::vector<float> lat(n), lng(n);
    nn_generate(lat.data(), lng.data(), n);
    std::vector<Record> records(n);
    for (long i = 0; i < n; i++) {
        records[i].lat = lat[i];
        records[i].lng = lng[i];
    }
    std::vector<float> distances(n);

    /* 2D grid when the record count exceeds one grid row */
    long blocks = (n + NN_BLOCK - 1) / NN_BLOCK;
    dim3 grid((unsigned)(blocks < 65535 ? blocks : 65535),
              (unsigned)((blocks + 65534) / 65535));
    dim3 block(NN_BLOCK);

    Record *d_locations;
    float *d_distances;
    cudaEvent_t start, stop;
    RD_CHECK(cudaEventCreate(&start));
    RD_CHECK(cudaEventCreate(&stop));
    RD_CHECK(cudaMalloc((void **)&d_locations, sizeof(Record) * n));
    RD_CHECK(cudaMalloc((void **)&d_distances, sizeof(float) * n));

    RD_CHECK(cudaEventRecord(start, 0));
    RD_CHECK(cudaMemcpy(d_locations, records.data(), sizeof(Record) * n,
                        cudaMemcpyHostToDevice));
    euclid<<<grid, block>>>(d_locations, d_distances, n, NN_TARGET_LAT,
                            NN_TARGET_LNG);
    RD_CHECK(cudaGetLastError());
    RD_CHECK(cudaDeviceSynchronize());
    RD_CHECK(cudaMemcpy(distances.data(), d_distances, sizeof(float) * n,
                        cudaMemcpyDeviceToHost));
    RD_CHECK(cudaEventRecord(stop, 0));
    RD_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    RD_CHECK(cudaEventElapsedTime(&ms, start, stop));

    std::vector<long> nearest(k);
    find_lowest(distances, k, nearest);

    char label[64];
    for (int j = 0; j < k; j++) {
        snprintf(label, sizeof label, "nearest%d_index", j);
        rd_result_i(label, nearest[j]);
        snprintf(label, sizeof label, "nearest%d_dist", j);
        rd_result(label, distances[nearest[j]]);
    }
    rd_result("dist_sum", rd_sum_f(distances.data(), n));
    rd_result("dist_sample", distances[n / 2]);
    rd_time_ms(ms);

    /* verify against the C reference */
    std::vector<float> ref_dist(n);
    std::vector<long> ref_idx(k);
    nn_reference(lat.data(), lng.data(), n, NN_TARGET_LAT, NN_TARGET_LNG, k,
                 ref_dist.data(), ref_idx.data());
    long worst_i;
    double err = rd_maxrelerr_f(distances.data(), ref_dist.data(), n, &worst_i);
    int same_idx = 1;
    for (int j = 0; j < k; j++)
        if (nearest[j] != ref_idx[j]) same_idx = 0;

    cudaFree(d_locations);
    cudaFree(d_distances);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return rd_verify(err <= 1e-5 && same_idx,
                     "max relerr %g at %ld, nearest indices %s", err, worst_i,
                     same_idx ? "equal" : "differ");
}
