// Runtime API pieces that NVIDIA's samples use: a __grid_constant__ kernel
// parameter (LargeKernelParameter), cudaStreamAttachMemAsync on managed
// memory (UnifiedMemoryStreams, C and template forms), a callback declared
// CUDART_CB (simpleCallback), and cudaMemcpyPeerAsync on device 0
// (p2pBandwidthLatencyTest).
#include <cstdio>

struct Table { int v[64]; };

__global__ void lookup(const __grid_constant__ Table t, const int *idx, int *out)
{
    out[threadIdx.x] = t.v[idx[threadIdx.x]];
}

static int called;
static void CUDART_CB done(cudaStream_t, cudaError_t status, void *data)
{
    if (status == cudaSuccess) called = *(int *)data;
}

int main()
{
    Table t;
    for (int i = 0; i < 64; i++) t.v[i] = i * i - 3;
    int *idx, *out, *copy;
    cudaStream_t s;
    int bad = 0;
    cudaStreamCreate(&s);
    cudaMallocManaged(&idx, 64 * sizeof(int));
    cudaMallocManaged(&out, 64 * sizeof(int));
    cudaMalloc(&copy, 64 * sizeof(int));
    if (cudaStreamAttachMemAsync(s, idx, 0, cudaMemAttachHost) != cudaSuccess) { printf("attach (host) failed\n"); bad++; }
    for (int i = 0; i < 64; i++) idx[i] = (i * 7) % 64;
    if (cudaStreamAttachMemAsync(s, idx) != cudaSuccess) { printf("attach (single) failed\n"); bad++; }
    if (cudaStreamAttachMemAsync(s, (void *)out, 0, cudaMemAttachGlobal) != cudaSuccess) { printf("attach (global) failed\n"); bad++; }
    lookup<<<1, 64, 0, s>>>(t, idx, out);
    if (cudaMemcpyPeerAsync(copy, 0, out, 0, 64 * sizeof(int), s) != cudaSuccess) { printf("peer copy failed\n"); bad++; }
    int tag = 42;
    cudaStreamAddCallback(s, done, &tag, 0);
    cudaStreamSynchronize(s);
    int back[64];
    cudaMemcpy(back, copy, sizeof back, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 64; i++)
        if (back[i] != t.v[(i * 7) % 64] && bad++ < 10) printf("out[%d] = %d, expected %d\n", i, back[i], t.v[(i * 7) % 64]);
    if (called != 42) { printf("callback not run\n"); bad++; }
    cudaStreamDestroy(s);
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
