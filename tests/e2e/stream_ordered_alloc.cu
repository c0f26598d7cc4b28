// Stream-ordered allocation as NVIDIA's streamOrderedAllocation sample
// uses it: cudaDevAttrMemoryPoolsSupported, the device's default pool and
// its release threshold, cudaMallocAsync (C and template forms) and
// cudaFreeAsync around a kernel on a stream.
#include <cstdio>

__global__ void add(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

int main()
{
    const int n = 1000;
    int bad = 0, pools = 0;
    cudaDeviceGetAttribute(&pools, cudaDevAttrMemoryPoolsSupported, 0);
    if (!pools) { printf("no memory pools\n"); bad++; }
    cudaMemPool_t pool;
    if (cudaDeviceGetDefaultMemPool(&pool, 0) != cudaSuccess) { printf("no default pool\n"); bad++; }
    unsigned long long threshold = ~0ull, back = 0;
    cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);
    cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &back);
    if (back != threshold) { printf("threshold %llu\n", back); bad++; }
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    float ha[n], hb[n], hc[n];
    for (int i = 0; i < n; i++) { ha[i] = i; hb[i] = 0.5f * i; }
    float *a, *b, *c;
    if (cudaMallocAsync(&a, n * sizeof(float), s) != cudaSuccess ||
        cudaMallocAsync((void **)&b, n * sizeof(float), s) != cudaSuccess ||
        cudaMallocAsync(&c, n * sizeof(float), s) != cudaSuccess) { printf("cudaMallocAsync failed\n"); bad++; }
    cudaMemcpyAsync(a, ha, sizeof ha, cudaMemcpyHostToDevice, s);
    cudaMemcpyAsync(b, hb, sizeof hb, cudaMemcpyHostToDevice, s);
    add<<<(n + 127) / 128, 128, 0, s>>>(a, b, c, n);
    cudaMemcpyAsync(hc, c, sizeof hc, cudaMemcpyDeviceToHost, s);
    if (cudaFreeAsync(a, s) != cudaSuccess || cudaFreeAsync(b, s) != cudaSuccess || cudaFreeAsync(c, s) != cudaSuccess) {
        printf("cudaFreeAsync failed\n");
        bad++;
    }
    cudaStreamSynchronize(s);
    for (int i = 0; i < n; i++)
        if (hc[i] != 1.5f * i && bad++ < 10) printf("c[%d] = %g, expected %g\n", i, hc[i], 1.5f * i);
    cudaStreamDestroy(s);
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
