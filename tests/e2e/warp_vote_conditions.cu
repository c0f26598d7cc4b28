// Warp votes as loop and branch conditions: `while (__any_sync(...))`, a
// `for` whose condition is `__all_sync(...)`, and `if (__ballot_sync(...))`.
// Each thread of a warp loops until every lane of its warp is done, as on
// the GPU. The reference is computed per warp on the host.
#include <cstdio>

__global__ void votes(const int *in, int *out)
{
    int v = in[blockIdx.x * blockDim.x + threadIdx.x], n = 0, m = 0, b = 0;
    while (__any_sync(0xffffffffu, v > 0)) {
        v -= 3;
        n++;
    }
    for (int k = 0; __all_sync(0xffffffffu, k < 4 + (int)(threadIdx.x / 32)); k++) m += k;
    if (__ballot_sync(0xffffffffu, in[blockIdx.x * blockDim.x + threadIdx.x] == 7)) b = 1;
    out[blockIdx.x * blockDim.x + threadIdx.x] = n + 100 * m + 10000 * b;
}

int main()
{
    const int nb = 2, nt = 96, n = nb * nt;
    int *in, *out;
    cudaMallocManaged(&in, n * sizeof(int));
    cudaMallocManaged(&out, n * sizeof(int));
    for (int i = 0; i < n; i++) in[i] = (i * 37) % 61;
    votes<<<nb, nt>>>(in, out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int i = 0; i < n; i++) {
        int base = i / 32 * 32, mx = 0, seven = 0;
        for (int j = 0; j < 32; j++) {
            if (in[base + j] > mx) mx = in[base + j];
            seven |= in[base + j] == 7;
        }
        int steps = (mx + 2) / 3, limit = 4 + (i % nt) / 32, m = 0;
        for (int k = 0; k < limit; k++) m += k;
        int e = steps + 100 * m + 10000 * seven;
        if (out[i] != e && bad++ < 5) printf("thread %d: got %d want %d\n", i, out[i], e);
    }
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
