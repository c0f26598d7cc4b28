// clamped_stencil.cu: thread loops whose leading declarations clamp an
// index by a comparison on the thread id (`E = (E > hi) ? hi : E`), which
// the clamps pass runs as three loops (the edges as written, the interior
// without the selects). rodinia/hotspot's ghost-zone kernel (16x16 tiles,
// clamped neighbours, a `computed` flag, a loop with a break between its
// barriers) on grids that are not a multiple of the tile, with one and two
// steps per launch; clamps whose varying branch is the first one; one
// whose `?:` has another type than its branches (double, converted back
// to int); ranges that are empty, cover the whole block or fall outside
// it. Everything is checked against the host.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define BS 16
#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))

static int failures;

static void check(const char *what, double got, double want, int at)
{
    if (got != want) {
        if (failures++ < 10) printf("%s[%d]: %g, expected %g\n", what, at, got, want);
    }
}

// hotspot's calculate_temp, shortened
__global__ void stencil(int iteration, const float *power, const float *src, float *dst, int cols, int rows,
                        int border_cols, int border_rows, float cap, float rx, float ry, float rz)
{
    __shared__ float t_in[BS][BS];
    __shared__ float p_in[BS][BS];
    __shared__ float t_out[BS][BS];
    int bx = blockIdx.x;
    int by = blockIdx.y;
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int small_rows = BS - iteration * 2;
    int small_cols = BS - iteration * 2;
    int blkY = small_rows * by - border_rows;
    int blkX = small_cols * bx - border_cols;
    int blkYmax = blkY + BS - 1;
    int blkXmax = blkX + BS - 1;
    int yidx = blkY + ty;
    int xidx = blkX + tx;
    int index = cols * yidx + xidx;
    if (IN_RANGE(yidx, 0, rows - 1) && IN_RANGE(xidx, 0, cols - 1)) {
        t_in[ty][tx] = src[index];
        p_in[ty][tx] = power[index];
    }
    __syncthreads();
    int validYmin = (blkY < 0) ? -blkY : 0;
    int validYmax = (blkYmax > rows - 1) ? BS - 1 - (blkYmax - rows + 1) : BS - 1;
    int validXmin = (blkX < 0) ? -blkX : 0;
    int validXmax = (blkXmax > cols - 1) ? BS - 1 - (blkXmax - cols + 1) : BS - 1;
    int N = ty - 1;
    int S = ty + 1;
    int W = tx - 1;
    int E = tx + 1;
    N = (N < validYmin) ? validYmin : N;
    S = (S > validYmax) ? validYmax : S;
    W = (W < validXmin) ? validXmin : W;
    E = (E > validXmax) ? validXmax : E;
    bool computed;
    for (int i = 0; i < iteration; i++) {
        computed = false;
        if (IN_RANGE(tx, i + 1, BS - i - 2) && IN_RANGE(ty, i + 1, BS - i - 2) &&
            IN_RANGE(tx, validXmin, validXmax) && IN_RANGE(ty, validYmin, validYmax)) {
            computed = true;
            t_out[ty][tx] = t_in[ty][tx] + cap * (p_in[ty][tx] + (t_in[S][tx] + t_in[N][tx] - 2.0f * t_in[ty][tx]) * ry +
                                                  (t_in[ty][E] + t_in[ty][W] - 2.0f * t_in[ty][tx]) * rx +
                                                  (80.0f - t_in[ty][tx]) * rz);
        }
        __syncthreads();
        if (i == iteration - 1) break;
        if (computed) t_in[ty][tx] = t_out[ty][tx];
        __syncthreads();
    }
    if (computed) dst[index] = t_out[ty][tx];
}

// the host's step: clamped neighbours at the grid's edges
static void host_step(const float *power, const float *src, float *dst, int cols, int rows, float cap, float rx,
                      float ry, float rz)
{
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            int n = r > 0 ? r - 1 : 0, s = r < rows - 1 ? r + 1 : rows - 1;
            int w = c > 0 ? c - 1 : 0, e = c < cols - 1 ? c + 1 : cols - 1;
            float t = src[r * cols + c];
            dst[r * cols + c] = t + cap * (power[r * cols + c] + (src[s * cols + c] + src[n * cols + c] - 2.0f * t) * ry +
                                           (src[r * cols + e] + src[r * cols + w] - 2.0f * t) * rx + (80.0f - t) * rz);
        }
}

// clamps of other shapes, after a barrier: the varying branch first
// (`lo < tx ? tx : lo` is max), `<=` and `>=`, a clamp of a clamp, and a
// `?:` of type double (the int branch converts to double, then back)
__global__ void shapes(const int *in, int *out, int lo, int hi, int m)
{
    __shared__ int s[64];
    int tx = threadIdx.x;
    s[tx] = in[blockIdx.x * 64 + tx];
    __syncthreads();
    int a = lo < tx ? tx : lo;
    int b = tx + 2 <= hi ? tx + 2 : hi;
    int c = tx - 3 >= lo ? tx - 3 : lo;
    int d = (a > hi) ? hi : a;
    int e = (tx + 1 > m) ? m : tx * 1.5;
    if (tx >= 1 && tx < 63) {
        int v = s[b & 63] + 3 * s[c & 63] + 5 * s[d & 63] + 7 * e + s[tx - 1];
        out[blockIdx.x * 64 + tx] = v;
    }
}

static int host_shape(const int *in, int blk, int tx, int lo, int hi, int m)
{
    const int *s = in + blk * 64;
    int a = lo < tx ? tx : lo;
    int b = tx + 2 <= hi ? tx + 2 : hi;
    int c = tx - 3 >= lo ? tx - 3 : lo;
    int d = (a > hi) ? hi : a;
    int e = (tx + 1 > m) ? m : (int)(tx * 1.5);
    return s[b & 63] + 3 * s[c & 63] + 5 * s[d & 63] + 7 * e + s[tx - 1];
}

static void run_stencil(int rows, int cols, int steps, int pyramid)
{
    size_t n = (size_t)rows * cols;
    float *hp = (float *)malloc(n * sizeof(float)), *ht = (float *)malloc(n * sizeof(float));
    float *ref = (float *)malloc(n * sizeof(float)), *tmp = (float *)malloc(n * sizeof(float));
    for (size_t i = 0; i < n; i++) {
        hp[i] = (float)((i * 37) % 101) * 0.01f;
        ht[i] = 300.0f + (float)((i * 53) % 97) * 0.1f;
        ref[i] = ht[i];
    }
    float cap = 0.05f, rx = 0.25f, ry = 0.125f, rz = 0.01f;
    float *dp, *dt[2];
    cudaMalloc(&dp, n * sizeof(float));
    cudaMalloc(&dt[0], n * sizeof(float));
    cudaMalloc(&dt[1], n * sizeof(float));
    cudaMemcpy(dp, hp, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(dt[0], ht, n * sizeof(float), cudaMemcpyHostToDevice);
    int small = BS - pyramid * 2;
    int border = pyramid;
    dim3 block(BS, BS), grid((cols + small - 1) / small, (rows + small - 1) / small);
    int src = 0;
    for (int t = 0; t < steps; t += pyramid) {
        int it = steps - t < pyramid ? steps - t : pyramid;
        stencil<<<grid, block>>>(it, dp, dt[src], dt[1 - src], cols, rows, border, border, cap, rx, ry, rz);
        src = 1 - src;
    }
    cudaMemcpy(ht, dt[src], n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int t = 0; t < steps; t++) {
        host_step(hp, ref, tmp, cols, rows, cap, rx, ry, rz);
        float *x = ref;
        ref = tmp;
        tmp = x;
    }
    for (size_t i = 0; i < n; i++)
        if (fabsf(ht[i] - ref[i]) > 1e-3f * fabsf(ref[i])) check("stencil", ht[i], ref[i], (int)i);
    cudaFree(dp);
    cudaFree(dt[0]);
    cudaFree(dt[1]);
    free(hp);
    free(ht);
    free(ref);
    free(tmp);
}

int main()
{
    run_stencil(37, 29, 4, 2);
    run_stencil(20, 45, 3, 1);
    run_stencil(16, 16, 5, 2);
    run_stencil(5, 3, 2, 2);

    const int nb = 3;
    int *hin = (int *)malloc(nb * 64 * sizeof(int)), *hout = (int *)malloc(nb * 64 * sizeof(int));
    for (int i = 0; i < nb * 64; i++) hin[i] = (i * 29) % 41 - 20;
    int *din, *dout;
    cudaMalloc(&din, nb * 64 * sizeof(int));
    cudaMalloc(&dout, nb * 64 * sizeof(int));
    cudaMemcpy(din, hin, nb * 64 * sizeof(int), cudaMemcpyHostToDevice);
    const int cases[][3] = { { 5, 40, 30 }, { -10, 100, 100 }, { 70, -5, 0 }, { 0, 63, 64 }, { 40, 20, -3 }, { 3, 3, 3 } };
    for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int lo = cases[c][0], hi = cases[c][1], m = cases[c][2];
        cudaMemset(dout, 0, nb * 64 * sizeof(int));
        shapes<<<nb, 64>>>(din, dout, lo, hi, m);
        cudaMemcpy(hout, dout, nb * 64 * sizeof(int), cudaMemcpyDeviceToHost);
        for (int b = 0; b < nb; b++)
            for (int tx = 0; tx < 64; tx++) {
                int want = tx >= 1 && tx < 63 ? host_shape(hin, b, tx, lo, hi, m) : 0;
                check("shapes", hout[b * 64 + tx], want, (int)c * 1000 + b * 64 + tx);
            }
    }
    cudaFree(din);
    cudaFree(dout);
    free(hin);
    free(hout);
    if (failures) {
        printf("FAIL (%d)\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
