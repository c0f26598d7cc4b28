// A named lambda that captures by copy (`[base]`, `[base, &n]`) a local
// that lives across __syncthreads(): the local is kept per thread, and the
// capture copies this thread's value (it was a host compile error, "array
// of runtime bound cannot be captured by copy"). The copy is taken when
// the lambda is made: a later change of the local does not reach it. The
// reference is computed on the host.
#include <cstdio>

__global__ void lambdas(const int *in, int *out, int n)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    int base = t * 3 + n;
    if (t % 3 == 0) base += in[blockIdx.x * 64 + t];
    s[t] = in[blockIdx.x * 64 + t] * 2;
    __syncthreads();
    auto f = [base](int v) { return v + base; };
    auto g = [base, &n](int v) { return v * n - base; };
    base += 1000;                       /* after the copies: f and g keep the old value */
    int *o = out + (blockIdx.x * 64 + t) * 3;
    o[0] = f(s[63 - t]);
    o[1] = g(s[(t + 1) % 64]);
    o[2] = base;
}

int main()
{
    const int nb = 3, n = nb * 64, k = 5;
    int *in, *out;
    cudaMallocManaged(&in, n * sizeof(int));
    cudaMallocManaged(&out, n * 3 * sizeof(int));
    for (int i = 0; i < n; i++) in[i] = (i * 7 + 3) % 23;
    lambdas<<<nb, 64>>>(in, out, k);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < nb; b++)
        for (int t = 0; t < 64; t++) {
            const int *blk = in + b * 64;
            int base = t * 3 + k + (t % 3 == 0 ? blk[t] : 0);
            int want[3] = { blk[63 - t] * 2 + base, blk[(t + 1) % 64] * 2 * k - base, base + 1000 };
            for (int j = 0; j < 3; j++)
                if (out[(b * 64 + t) * 3 + j] != want[j] && bad++ < 5)
                    printf("block %d thread %d [%d]: %d, want %d\n", b, t, j, out[(b * 64 + t) * 3 + j], want[j]);
        }
    if (bad) { printf("FAIL: %d wrong\n", bad); return 1; }
    printf("PASS\n");
    return 0;
}
