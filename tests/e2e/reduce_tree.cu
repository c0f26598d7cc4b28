// reduce_tree.cu: per-block tree reduction in shared memory with
// __syncthreads inside the for loop; the host checks every block's sum and
// the total.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define BS 128

__global__ void reduce(const int *in, int *partial, int n)
{
    __shared__ int sdata[BS];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
    int v = 0;
    if (i < n)
        v = in[i];
    if (i + blockDim.x < n)
        v += in[i + blockDim.x];
    sdata[tid] = v;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        partial[blockIdx.x] = sdata[0];
}

int main()
{
    const int n = 5000;
    const int nblocks = (n + 2 * BS - 1) / (2 * BS);
    int *in = (int *)malloc(n * sizeof(int));
    int *partial = (int *)malloc(nblocks * sizeof(int));
    unsigned s = 5u;
    for (int i = 0; i < n; i++) {
        s = s * 1664525u + 1013904223u;
        in[i] = (int)((s >> 8) % 2001) - 1000;
    }
    int *din, *dp;
    CK(cudaMalloc(&din, n * sizeof(int)));
    CK(cudaMalloc(&dp, nblocks * sizeof(int)));
    CK(cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice));
    reduce<<<nblocks, BS>>>(din, dp, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(partial, dp, nblocks * sizeof(int), cudaMemcpyDeviceToHost));

    int failures = 0;
    long total = 0, want_total = 0;
    for (int b = 0; b < nblocks; b++) {
        int want = 0;
        for (int i = b * 2 * BS; i < (b + 1) * 2 * BS && i < n; i++)
            want += in[i];
        if (partial[b] != want) {
            printf("partial[%d]: got %d, expected %d\n", b, partial[b], want);
            failures++;
        }
        total += partial[b];
    }
    for (int i = 0; i < n; i++)
        want_total += in[i];
    if (total != want_total) {
        printf("total: got %ld, expected %ld\n", total, want_total);
        failures++;
    }
    cudaFree(din);
    cudaFree(dp);
    free(in);
    free(partial);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
