// reduce.cu: the bundled example. Sums 16 million floats: each block
// reduces 512 elements in shared memory (a barrier inside the tree loop),
// the host adds the block sums. Build it for a GPU with `nvcc reduce.cu` or
// for the CPU with `cucpu reduce.cu`.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define THREADS 256

__global__ void block_sums(const float *in, float *sums, int n)
{
    __shared__ float s[THREADS];
    int tid = threadIdx.x;
    int i = blockIdx.x * (2 * THREADS) + tid;
    float v = 0.0f;
    if (i < n) v = in[i];
    if (i + THREADS < n) v += in[i + THREADS];
    s[tid] = v;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride >>= 1) {
        if (tid < stride)
            s[tid] += s[tid + stride];
        __syncthreads();
    }
    if (tid == 0)
        sums[blockIdx.x] = s[0];
}

int main()
{
    const int n = 1 << 24;
    const int blocks = (n + 2 * THREADS - 1) / (2 * THREADS);
    float *h = (float *)malloc(n * sizeof(float));
    float *hs = (float *)malloc(blocks * sizeof(float));
    double want = 0.0;
    for (int i = 0; i < n; i++) {
        h[i] = (float)((i * 7919L) % 1000) / 1000.0f;
        want += h[i];
    }
    float *din, *dsums;
    cudaMalloc(&din, n * sizeof(float));
    cudaMalloc(&dsums, blocks * sizeof(float));
    cudaMemcpy(din, h, n * sizeof(float), cudaMemcpyHostToDevice);

    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start);
    block_sums<<<blocks, THREADS>>>(din, dsums, n);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float ms = 0.0f;
    cudaEventElapsedTime(&ms, start, stop);

    cudaMemcpy(hs, dsums, blocks * sizeof(float), cudaMemcpyDeviceToHost);
    double got = 0.0;
    for (int b = 0; b < blocks; b++)
        got += hs[b];
    printf("sum of %d floats: %.3f (expected %.3f), kernel %.2f ms\n", n, got, want, ms);
    int ok = fabs(got - want) <= 1e-6 * want + 1.0;
    printf("%s\n", ok ? "PASS" : "FAIL");
    cudaFree(din);
    cudaFree(dsums);
    free(h);
    free(hs);
    return ok ? 0 : 1;
}
