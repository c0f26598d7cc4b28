// schedules_interchange_balance.cu: kernels whose thread loops interchange
// picks y innermost for (a row-major update indexed [x][y], and a shared
// tile read and written [x][y]) and kernels balance deals out round robin
// (a search that stops early, and one in a kernel with shared memory),
// kernels it leaves alone (edge lists), on shapes that are not
// multiples of the blocks; every result is checked against host loops.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void eliminate(const float *m, float *a, int n, int t)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= n - 1 - t || y >= n - t) return;
    long row = (long)(x + 1 + t) * n;
    a[row + y + t] -= m[row + t] * a[(long)t * n + y + t];
}

__global__ void mirror(const float *in, float *out, int n)
{
    __shared__ float s[8][9];
    int x = blockIdx.x * 8 + threadIdx.x;
    int y = blockIdx.y * 8 + threadIdx.y;
    s[threadIdx.x][threadIdx.y] = (x < n && y < n) ? in[x * n + y] : 0.0f;
    __syncthreads();
    if (x < n && y < n)
        out[x * n + y] = s[threadIdx.x][threadIdx.y] * 2.0f + s[7 - threadIdx.x][threadIdx.y];
}

__global__ void search(const float *cdf, const float *u, int *index, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int k = n - 1;
        for (int x = 0; x < n; x++) {
            if (cdf[x] >= u[i]) {
                k = x;
                break;
            }
        }
        index[i] = k;
    }
}

__global__ void expand(const int *start, const int *edges, const int *cost, int *best, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int m = 1 << 30;
        for (int e = start[i]; e < start[i + 1]; e++)
            m = min(m, cost[edges[e]]);
        best[i] = m;
    }
}

__global__ void blocksum(const int *len, const float *v, float *out, int n)
{
    __shared__ float part[64];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    if (i < n)
        for (int j = 0; j < 30; j++) {
            if (j >= len[i]) break;
            s += v[j];
        }
    part[threadIdx.x] = s;
    __syncthreads();
    if (threadIdx.x == 0) {
        float t = 0.0f;
        for (int j = 0; j < (int)blockDim.x; j++) t += part[j];
        out[blockIdx.x] = t;
    }
}

static unsigned seed = 12345u;
static int rnd(int m) { seed = seed * 1664525u + 1013904223u; return (int)((seed >> 8) % (unsigned)m); }

int main()
{
    int bad = 0;
    /* eliminate: three steps of Gaussian elimination on a 37x37 matrix */
    const int n = 37;
    float *a = (float *)malloc(n * n * sizeof(float)), *m = (float *)malloc(n * n * sizeof(float));
    float *ra = (float *)malloc(n * n * sizeof(float)), *got = (float *)malloc(n * n * sizeof(float));
    for (int i = 0; i < n * n; i++) { a[i] = ra[i] = (float)(rnd(100) - 50) / 8.0f; m[i] = (float)(rnd(9) - 4) / 4.0f; }
    float *da, *dm;
    CK(cudaMalloc(&da, n * n * sizeof(float)));
    CK(cudaMalloc(&dm, n * n * sizeof(float)));
    CK(cudaMemcpy(da, a, n * n * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dm, m, n * n * sizeof(float), cudaMemcpyHostToDevice));
    dim3 b2(8, 4), g2((n + 7) / 8, (n + 3) / 4);
    for (int t = 0; t < 3; t++) {
        eliminate<<<g2, b2>>>(dm, da, n, t);
        for (int x = 0; x < n - 1 - t; x++)
            for (int y = 0; y < n - t; y++) {
                long row = (long)(x + 1 + t) * n;
                ra[row + y + t] -= m[row + t] * ra[(long)t * n + y + t];
            }
    }
    CK(cudaGetLastError());
    CK(cudaMemcpy(got, da, n * n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n * n; i++)
        if (got[i] != ra[i]) { if (bad++ < 5) printf("eliminate: a[%d] = %g, expected %g\n", i, got[i], ra[i]); }

    /* mirror: 8x8 shared tiles over the same matrix */
    float *dout;
    CK(cudaMalloc(&dout, n * n * sizeof(float)));
    mirror<<<dim3((n + 7) / 8, (n + 7) / 8), dim3(8, 8)>>>(da, dout, n);
    CK(cudaMemcpy(got, dout, n * n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int x = 0; x < n; x++)
        for (int y = 0; y < n; y++) {
            int bx = x / 8, tx = x % 8, mx = bx * 8 + 7 - tx;
            float other = mx < n ? ra[mx * n + y] : 0.0f;
            float want = ra[x * n + y] * 2.0f + other;
            if (got[x * n + y] != want) { if (bad++ < 5) printf("mirror: (%d,%d) = %g, expected %g\n", x, y, got[x * n + y], want); }
        }

    /* search: a CDF of 1000 steps, keys spread over it */
    const int ns = 1000;
    float *cdf = (float *)malloc(ns * sizeof(float)), *u = (float *)malloc(ns * sizeof(float));
    float acc = 0.0f;
    for (int i = 0; i < ns; i++) { acc += (float)(1 + rnd(10)); cdf[i] = acc; }
    for (int i = 0; i < ns; i++) u[i] = (float)rnd((int)acc + 20);
    float *dcdf, *du;
    int *dindex, *index = (int *)malloc(ns * sizeof(int));
    CK(cudaMalloc(&dcdf, ns * sizeof(float)));
    CK(cudaMalloc(&du, ns * sizeof(float)));
    CK(cudaMalloc(&dindex, ns * sizeof(int)));
    CK(cudaMemcpy(dcdf, cdf, ns * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(du, u, ns * sizeof(float), cudaMemcpyHostToDevice));
    search<<<(ns + 127) / 128, 128>>>(dcdf, du, dindex, ns);
    CK(cudaMemcpy(index, dindex, ns * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < ns; i++) {
        int k = ns - 1;
        for (int x = 0; x < ns; x++) if (cdf[x] >= u[i]) { k = x; break; }
        if (index[i] != k) { if (bad++ < 5) printf("search: index[%d] = %d, expected %d\n", i, index[i], k); }
    }

    /* expand: 700 nodes with 0..9 edges each */
    const int nv = 700;
    int *start = (int *)malloc((nv + 1) * sizeof(int)), *edges = (int *)malloc(nv * 10 * sizeof(int));
    int *cost = (int *)malloc(nv * sizeof(int)), *best = (int *)malloc(nv * sizeof(int));
    start[0] = 0;
    for (int i = 0; i < nv; i++) {
        int d = rnd(10);
        for (int e = 0; e < d; e++) edges[start[i] + e] = rnd(nv);
        start[i + 1] = start[i] + d;
        cost[i] = rnd(100000);
    }
    int *dstart, *dedges, *dcost, *dbest;
    CK(cudaMalloc(&dstart, (nv + 1) * sizeof(int)));
    CK(cudaMalloc(&dedges, (start[nv] + 1) * sizeof(int)));
    CK(cudaMalloc(&dcost, nv * sizeof(int)));
    CK(cudaMalloc(&dbest, nv * sizeof(int)));
    CK(cudaMemcpy(dstart, start, (nv + 1) * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dedges, edges, (start[nv] + 1) * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dcost, cost, nv * sizeof(int), cudaMemcpyHostToDevice));
    expand<<<(nv + 63) / 64, 64>>>(dstart, dedges, dcost, dbest, nv);
    CK(cudaMemcpy(best, dbest, nv * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < nv; i++) {
        int want = 1 << 30;
        for (int e = start[i]; e < start[i + 1]; e++) want = cost[edges[e]] < want ? cost[edges[e]] : want;
        if (best[i] != want) { if (bad++ < 5) printf("expand: best[%d] = %d, expected %d\n", i, best[i], want); }
    }

    /* blocksum: per-thread loop lengths 0..29 over small integers (exact sums) */
    int *len = (int *)malloc(nv * sizeof(int));
    float *v = (float *)malloc(30 * sizeof(float));
    for (int i = 0; i < nv; i++) len[i] = rnd(30);
    for (int j = 0; j < 30; j++) v[j] = (float)(j % 7);
    int nb = (nv + 63) / 64;
    float *sums = (float *)malloc(nb * sizeof(float));
    int *dlen;
    float *dv, *dsums;
    CK(cudaMalloc(&dlen, nv * sizeof(int)));
    CK(cudaMalloc(&dv, 30 * sizeof(float)));
    CK(cudaMalloc(&dsums, nb * sizeof(float)));
    CK(cudaMemcpy(dlen, len, nv * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dv, v, 30 * sizeof(float), cudaMemcpyHostToDevice));
    blocksum<<<nb, 64>>>(dlen, dv, dsums, nv);
    CK(cudaMemcpy(sums, dsums, nb * sizeof(float), cudaMemcpyDeviceToHost));
    for (int b = 0; b < nb; b++) {
        float want = 0.0f;
        for (int i = b * 64; i < b * 64 + 64 && i < nv; i++)
            for (int j = 0; j < len[i]; j++) want += v[j];
        if (sums[b] != want) { if (bad++ < 5) printf("blocksum: block %d = %g, expected %g\n", b, sums[b], want); }
    }
    CK(cudaDeviceSynchronize());
    if (bad) { printf("FAIL: %d wrong\n", bad); return 1; }
    printf("PASS\n");
    return 0;
}
