// The bounds pass on the IF that split copies around each thread loop of a
// predicated region (a swept loop, a warp operation): `if (lo <= tid)
// if (tid < hi)` becomes the thread loops' start and limit. Windows that start
// inside a block, end inside one, cover no thread of a block or none at
// all, a 2-D block (the guard on x only), and a warp shuffle under a
// per-thread guard. Checked against host loops.
#include <cstdio>
#include <cstdlib>
#include <cmath>

__device__ float dist(int p1, int p2, int num, int dim, const float *coord)
{
    float r = 0.0f;
    for (int i = 0; i < dim; i++) {
        float t = coord[i * num + p1] - coord[i * num + p2];
        r += t * t;
    }
    return r;
}

__global__ void window(int num, int dim, int lo, int hi, const float *coord, float *out)
{
    const int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (lo <= tid)
        if (tid < hi) {    /* (no &&: the sweep pass takes no kernel with one) */
            float d = dist(tid, 3, num, dim, coord);
            out[tid] = d + 1.0f;
        }
}

// 2-D blocks: x is the guarded component, y a row of its own
__global__ void rows(int num, int dim, int hi, const float *coord, float *out)
{
    const int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < hi) {
        float d = dist(tid, threadIdx.y, num, dim, coord);
        out[threadIdx.y * num + tid] = d;
    }
}

// a warp shuffle under a guard that differs between threads
__global__ void shfl(int n, const int *in, int *out)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) {
        int v = in[tid];
        int w = __shfl_xor_sync(__activemask(), v, 1);
        out[tid] = v * 100 + (w & 0xff);
    }
}

static int check_window(const float *coord, int num, int dim, int lo, int hi, int block)
{
    float *out;
    cudaMallocManaged(&out, sizeof(float) * num);
    for (int i = 0; i < num; i++) out[i] = -7.0f;
    window<<<(num + block - 1) / block, block>>>(num, dim, lo, hi, coord, out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int t = 0; t < num; t++) {
        float e = -7.0f;
        if (lo <= t && t < hi) {
            float r = 0.0f;
            for (int i = 0; i < dim; i++) {
                float d = coord[i * num + t] - coord[i * num + 3];
                r += d * d;
            }
            e = r + 1.0f;
        }
        if (fabsf(out[t] - e) > 1e-4f * (1.0f + fabsf(e)) && bad++ < 5) printf("window [%d,%d): out[%d] = %g, expected %g\n", lo, hi, t, out[t], e);
    }
    cudaFree(out);
    return bad;
}

int main()
{
    const int num = 1000, dim = 13;
    float *coord;
    cudaMallocManaged(&coord, sizeof(float) * num * dim);
    srand(5);
    for (int i = 0; i < num * dim; i++) coord[i] = (float)(rand() % 1000) / 100.0f;
    int bad = 0;
    bad += check_window(coord, num, dim, 0, num, 128);
    bad += check_window(coord, num, dim, 50, 990, 128);     /* starts and ends inside blocks */
    bad += check_window(coord, num, dim, 300, 301, 64);     /* one thread */
    bad += check_window(coord, num, dim, 600, 400, 64);     /* none */
    bad += check_window(coord, num, dim, -20, num, 96);     /* starts before the grid */

    /* rows: 32 x 4 blocks */
    float *out;
    cudaMallocManaged(&out, sizeof(float) * num * 4);
    for (int i = 0; i < num * 4; i++) out[i] = -1.0f;
    const int hi = 777;
    rows<<<(num + 31) / 32, dim3(32, 4)>>>(num, dim, hi, coord, out);
    cudaDeviceSynchronize();
    for (int y = 0; y < 4; y++)
        for (int t = 0; t < num; t++) {
            float e = -1.0f;
            if (t < hi) {
                float r = 0.0f;
                for (int i = 0; i < dim; i++) {
                    float d = coord[i * num + t] - coord[i * num + y];
                    r += d * d;
                }
                e = r;
            }
            if (fabsf(out[y * num + t] - e) > 1e-4f * (1.0f + fabsf(e)) && bad++ < 5) printf("rows: out[%d][%d] = %g, expected %g\n", y, t, out[y * num + t], e);
        }

    /* shfl: n even, so every active thread's partner is active */
    const int n = 250;
    int *in, *res;
    cudaMallocManaged(&in, sizeof(int) * 256);
    cudaMallocManaged(&res, sizeof(int) * 256);
    for (int i = 0; i < 256; i++) { in[i] = i + 1; res[i] = -1; }
    shfl<<<4, 64>>>(n, in, res);
    cudaDeviceSynchronize();
    for (int i = 0; i < 256; i++) {
        int e = i < n ? in[i] * 100 + (in[i ^ 1] & 0xff) : -1;
        if (res[i] != e && bad++ < 5) printf("shfl: res[%d] = %d, expected %d\n", i, res[i], e);
    }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
