// cub_block_scan.cu: cub::BlockScan inside kernels, one item per thread,
// ranked by linear thread id as CUB does: ExclusiveSum in place,
// InclusiveSum into a local, both with the block aggregate,
// ExclusiveScan(x, out, init, op) and InclusiveScan(x, out, op[, agg])
// with CUB's operators and a user functor, a 2D block, and a scan in a
// uniform loop reusing its TempStorage after a barrier.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cub/cub.cuh>
#if CUB_VERSION >= 300000
#include <cuda/functional>
#define MAX_OP cuda::maximum<>()
#else
#define MAX_OP cub::Max()
#endif

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define NB 4
#define B 96
#define NOUT 8

struct MinOp {
    __host__ __device__ int operator()(int a, int b) const { return b < a ? b : a; }
};

__global__ void scans(int *data, int *out, int *agg)
{
    typedef cub::BlockScan<int, B> BS;
    using Storage = typename BS::TempStorage;
    __shared__ Storage t1, t2, t3, t4, t5;
    int i = blockIdx.x * B + threadIdx.x;
    int x = data[i];
    BS(t1).ExclusiveSum(data[i], data[i]);
    int inc, total;
    BS(t2).InclusiveSum(x, inc, total);
    int ex, total2;
    BS(t3).ExclusiveSum(x * 2, ex, total2);
    int mx;
    BS(t4).ExclusiveScan(x, mx, -1000, MAX_OP);
    int mn, least;
    BS(t5).InclusiveScan(x + 1, mn, MinOp(), least);
    out[i * NOUT + 0] = inc;
    out[i * NOUT + 1] = ex;
    out[i * NOUT + 2] = mx;
    out[i * NOUT + 3] = mn;
    if (threadIdx.x == 0) {
        agg[blockIdx.x * 3 + 0] = total;
        agg[blockIdx.x * 3 + 1] = total2;
        agg[blockIdx.x * 3 + 2] = least;
    }
}

/* an 8 x 12 block (linear id x + 8 y), scanned `rounds` times */
__global__ void scan2d(const int *in, int *out, int rounds)
{
    typedef cub::BlockScan<int, 8, cub::BLOCK_SCAN_RAKING, 12> BS;
    __shared__ typename BS::TempStorage tmp;
    int tid = threadIdx.y * 8 + threadIdx.x;
    int v = in[blockIdx.x * B + tid], acc = 0;
    for (int r = 0; r < rounds; r++) {
        int p;
        BS(tmp).InclusiveSum(v + r, p);
        acc += p;
        __syncthreads();
    }
    out[blockIdx.x * B + tid] = acc;
}

int main()
{
    int n = NB * B;
    int *data, *orig, *out, *agg, *out2;
    CK(cudaMallocManaged(&data, n * sizeof(int)));
    CK(cudaMallocManaged(&out, n * NOUT * sizeof(int)));
    CK(cudaMallocManaged(&agg, NB * 3 * sizeof(int)));
    CK(cudaMallocManaged(&out2, n * sizeof(int)));
    orig = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++) orig[i] = data[i] = (i * 53 + 7) % 41 - 20;
    scan2d<<<NB, dim3(8, 12)>>>(data, out2, 3);
    scans<<<NB, B>>>(data, out, agg);
    CK(cudaDeviceSynchronize());
    int bad = 0;
    for (int b = 0; b < NB; b++) {
        const int *x = orig + b * B;
        int run = 0, run2 = 0, mx = -1000, mn = x[0] + 1;
        for (int t = 0; t < B; t++) {
            int i = b * B + t;
            mn = MinOp()(mn, x[t] + 1);
            int want[5] = { run, run + x[t], run2, mx, mn };
            int got[5] = { data[i], out[i * NOUT], out[i * NOUT + 1], out[i * NOUT + 2], out[i * NOUT + 3] };
            for (int k = 0; k < 5; k++)
                if (got[k] != want[k] && bad++ < 10)
                    printf("block %d thread %d scan %d: got %d, want %d\n", b, t, k, got[k], want[k]);
            run += x[t];
            run2 += 2 * x[t];
            mx = x[t] > mx ? x[t] : mx;
            int acc = 0;
            for (int r = 0; r < 3; r++) {
                int p = 0;
                for (int u = 0; u <= t; u++) p += x[u] + r;
                acc += p;
            }
            if (out2[i] != acc && bad++ < 10) printf("block %d thread %d 2d: got %d, want %d\n", b, t, out2[i], acc);
        }
        int wagg[3] = { run, run2, mn };
        for (int k = 0; k < 3; k++)
            if (agg[b * 3 + k] != wagg[k] && bad++ < 10)
                printf("block %d aggregate %d: got %d, want %d\n", b, k, agg[b * 3 + k], wagg[k]);
    }
    free(orig);
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
