// The sweep pass: a kernel shaped like Rodinia streamcluster's
// kernel_compute_cost, whose __device__ function walks a column-major
// array (elements `num` apart per iteration, one apart per thread) behind
// a `tid < num` guard, with num not a multiple of the block size. The
// translation runs the loop for the whole block at once; the result must
// be the per-thread serial one exactly (each thread sums in its own order).
#include <cstdio>
#include <cstdlib>
#include <cmath>

struct Point { float weight; float cost; int assign; };

__device__ float dist(int p1, int p2, int num, int dim, const float *coord)
{
    float r = 0.0f;
    for (int i = 0; i < dim; i++) {
        float t = coord[i * num + p1] - coord[i * num + p2];
        r += t * t;
    }
    return r;
}

__global__ void cost(int num, int dim, long x, const Point *p, int stride, const float *coord,
                     float *work, int *center, int *sw)
{
    const int bid = blockIdx.x + gridDim.x * blockIdx.y;
    const int tid = blockDim.x * bid + threadIdx.x;
    if (tid < num) {
        float *lower = &work[tid * stride];
        float c = dist(tid, x, num, dim, coord) * p[tid].weight;
        if (c < p[tid].cost) {
            sw[tid] = 1;
            lower[0] += c - p[tid].cost;
        } else {
            lower[1 + center[p[tid].assign]] += p[tid].cost - c;
        }
    }
}

int main()
{
    const int num = 1000, dim = 37, stride = 4, block = 128;
    const long x = 17;
    float *coord, *work;
    Point *p;
    int *center, *sw;
    cudaMallocManaged(&coord, sizeof(float) * num * dim);
    cudaMallocManaged(&work, sizeof(float) * num * stride);
    cudaMallocManaged(&p, sizeof(Point) * num);
    cudaMallocManaged(&center, sizeof(int) * num);
    cudaMallocManaged(&sw, sizeof(int) * num);
    float *ref_work = (float *)calloc((size_t)num * stride, sizeof(float));
    int *ref_sw = (int *)calloc(num, sizeof(int));
    srand(3);
    for (int i = 0; i < num * dim; i++) coord[i] = (float)(rand() % 1000) / 100.0f;
    for (int i = 0; i < num; i++) {
        p[i].weight = 1.0f + (float)(rand() % 3);
        p[i].cost = (float)(rand() % 20000) / 10.0f;
        p[i].assign = rand() % 3;
        center[i] = i % 3;
        sw[i] = 0;
    }
    for (int i = 0; i < num * stride; i++) work[i] = 0.0f;
    cost<<<(num + block - 1) / block, block>>>(num, dim, x, p, stride, coord, work, center, sw);
    cudaDeviceSynchronize();
    for (int t = 0; t < num; t++) {
        float r = 0.0f;
        for (int i = 0; i < dim; i++) {
            float d = coord[i * num + t] - coord[i * num + x];
            r += d * d;
        }
        float c = r * p[t].weight;
        if (c < p[t].cost) {
            ref_sw[t] = 1;
            ref_work[t * stride] += c - p[t].cost;
        } else {
            ref_work[t * stride + 1 + center[p[t].assign]] += p[t].cost - c;
        }
    }
    int bad = 0;
    for (int i = 0; i < num * stride; i++)
        if (fabsf(work[i] - ref_work[i]) > 1e-3f * (1.0f + fabsf(ref_work[i]))) {
            if (bad++ < 5) printf("work[%d] = %g, expected %g\n", i, work[i], ref_work[i]);
        }
    for (int i = 0; i < num; i++)
        if (sw[i] != ref_sw[i] && bad++ < 5) printf("sw[%d] = %d, expected %d\n", i, sw[i], ref_sw[i]);
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
