// A warp primitive under a condition that differs between threads is
// predicated; a condition that reads only thread ids, parameters and
// locals is tested again in each thread loop instead of kept in a flag.
// One that reads a __device__ variable is not: here thread 0 zeroes the
// variable between two shuffles, and each thread must keep the branch it
// took. Blocks of 64, lim = 32: the first warp takes the branch. The
// reference is host loops.
#include <cstdio>

__device__ int lim;

__global__ void shifts(int *out)
{
    int t = threadIdx.x, v = t * 3 + 1;
    if (t < lim) {
        v += __shfl_down_sync(0xffffffffu, v, 1);
        if (t == 0) lim = 0;
        v += __shfl_down_sync(0xffffffffu, v, 2);
    }
    out[blockIdx.x * blockDim.x + t] = v;
}

int main()
{
    int *out, h = 32, bad = 0;
    cudaMallocManaged(&out, 64 * sizeof(int));
    cudaMemcpyToSymbol(lim, &h, sizeof h);
    shifts<<<1, 64>>>(out);
    cudaDeviceSynchronize();
    int a[32], b[32];
    for (int l = 0; l < 32; l++) a[l] = l * 3 + 1;
    for (int l = 0; l < 32; l++) b[l] = a[l] + (l + 1 < 32 ? a[l + 1] : a[l]);
    for (int l = 0; l < 32; l++) a[l] = b[l] + (l + 2 < 32 ? b[l + 2] : b[l]);
    for (int t = 0; t < 64; t++) {
        int want = t < 32 ? a[t] : t * 3 + 1;
        if (out[t] != want && bad++ < 5) printf("thread %d: got %d want %d\n", t, out[t], want);
    }
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
