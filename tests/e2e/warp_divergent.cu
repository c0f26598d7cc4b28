// Warp primitives under control flow that differs between warps and lanes:
// a warp-per-row sparse matrix-vector product whose row loop runs a
// different number of times in each warp; a loop in which lanes leave
// early (break) or skip an iteration (continue) between votes; warps
// that return before the others shuffle; and a do-while whose trip count
// is the warp's. The reference is computed on the host.
#include <cstdio>

enum { NT = 96, NB = 2, ROWS = 37, W = 32 };

__device__ float warp_sum(float v)
{
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

__global__ void spmv(const int *rowptr, const int *col, const float *val, const float *x, float *y)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / W, lane = threadIdx.x % W;
    int nwarps = gridDim.x * blockDim.x / W;
    for (int row = warp; row < ROWS; row += nwarps) {
        float s = 0;
        for (int j = rowptr[row] + lane; j < rowptr[row + 1]; j += W) s += val[j] * x[col[j]];
        s = warp_sum(s);
        if (lane == 0) y[row] = s;
    }
}

__global__ void early(const int *in, int *out)
{
    int tid = threadIdx.x, g = blockIdx.x * blockDim.x + tid, lane = tid % W;
    if (tid / W == 1) { out[g] = -1; return; }   /* the second warp leaves */
    int acc = 0;
    for (int i = 0; i < 8; i++) {
        if (in[g] % 8 == i) continue;            /* this lane skips one iteration */
        if (i > lane % 5 + 3) break;             /* and leaves after a few */
        unsigned m = __activemask();             /* the lanes still here */
        acc += __popc(m) * 100 + __popc(__ballot_sync(m, in[g] & 1));
    }
    int k = 0, v = in[g];
    do {
        v = __shfl_down_sync(0xffffffffu, v, 1);
        k++;
    } while (k < (tid / W) + 2);
    out[g] = acc * 1000 + v;
}

int main()
{
    int *rowptr, *col;
    float *val, *x, *y;
    cudaMallocManaged(&rowptr, (ROWS + 1) * sizeof(int));
    int nnz = 0;
    for (int r = 0; r < ROWS; r++) nnz += (r * 17) % 75;
    cudaMallocManaged(&col, nnz * sizeof(int));
    cudaMallocManaged(&val, nnz * sizeof(float));
    cudaMallocManaged(&x, 64 * sizeof(float));
    cudaMallocManaged(&y, ROWS * sizeof(float));
    rowptr[0] = 0;
    for (int r = 0; r < ROWS; r++) {
        rowptr[r + 1] = rowptr[r] + (r * 17) % 75;
        for (int j = rowptr[r]; j < rowptr[r + 1]; j++) { col[j] = (j * 7) % 64; val[j] = (float)((j % 5) - 2); }
    }
    for (int i = 0; i < 64; i++) x[i] = (float)(i % 9);
    spmv<<<NB, NT>>>(rowptr, col, val, x, y);

    const int n = NB * NT;
    int *in, *out;
    cudaMallocManaged(&in, n * sizeof(int));
    cudaMallocManaged(&out, n * sizeof(int));
    for (int i = 0; i < n; i++) in[i] = (i * 29 + 3) % 50;
    early<<<NB, NT>>>(in, out);
    cudaDeviceSynchronize();

    int bad = 0;
    for (int r = 0; r < ROWS; r++) {
        float e = 0;
        for (int j = rowptr[r]; j < rowptr[r + 1]; j++) e += val[j] * x[col[j]];
        if (y[r] != e && bad++ < 5) printf("row %d: got %g want %g\n", r, y[r], e);
    }
    for (int b = 0; b < NB; b++)
        for (int t = 0; t < NT; t++) {
            int g = b * NT + t, lane = t % W, base = b * NT + t / W * W, e;
            if (t / W == 1) e = -1;
            else {
                /* which lanes are still in the loop at iteration i */
                int acc = 0;
                for (int i = 0; i < 8; i++) {
                    if (in[g] % 8 == i) continue;
                    if (i > lane % 5 + 3) break;
                    int na = 0, nodd = 0;
                    for (int l = 0; l < W; l++) {
                        int gl = base + l;
                        if (in[gl] % 8 == i || i > l % 5 + 3) continue;
                        /* lane l is here unless it broke out earlier */
                        int gone = 0;
                        for (int k = 0; k < i; k++)
                            if (in[gl] % 8 != k && k > l % 5 + 3) gone = 1;
                        if (gone) continue;
                        na++;
                        nodd += in[gl] & 1;
                    }
                    acc += na * 100 + nodd;
                }
                int v[W];
                for (int l = 0; l < W; l++) v[l] = in[base + l];
                for (int k = 0; k < t / W + 2; k++)
                    for (int l = 0; l < W; l++) v[l] = l + 1 < W ? v[l + 1] : v[l];
                e = acc * 1000 + v[lane];
            }
            if (out[g] != e && bad++ < 10) printf("early: block %d thread %d: got %d want %d\n", b, t, out[g], e);
        }
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
