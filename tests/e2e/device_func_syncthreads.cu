// device_func_syncthreads.cu: __device__ functions that contain __syncthreads
// (a block reverse and a block sum), called from a kernel, one of them twice.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define B 64

__device__ void block_reverse(int *s)
{
    int t = threadIdx.x;
    int v = s[blockDim.x - 1 - t];
    __syncthreads();
    s[t] = v;
    __syncthreads();
}

__device__ int block_sum(int *scratch, int v)
{
    int t = threadIdx.x;
    scratch[t] = v;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (t < stride)
            scratch[t] += scratch[t + stride];
        __syncthreads();
    }
    int r = scratch[0];
    __syncthreads();
    return r;
}

__global__ void kernel(const int *in, int *out, int *sums)
{
    __shared__ int s[B];
    __shared__ int scratch[B];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * B + t];
    __syncthreads();
    block_reverse(s);
    int total = block_sum(scratch, s[t] * (t + 1));
    block_reverse(s);
    block_reverse(s);
    out[blockIdx.x * B + t] = s[t] + total;
    if (t == 0)
        sums[blockIdx.x] = total;
}

int main()
{
    const int nb = 4, n = nb * B;
    int in[n], out[n], sums[nb];
    for (int i = 0; i < n; i++)
        in[i] = (i * 13) % 29 - 14;
    int *din, *dout, *ds;
    CK(cudaMalloc(&din, sizeof in));
    CK(cudaMalloc(&dout, sizeof out));
    CK(cudaMalloc(&ds, sizeof sums));
    CK(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice));
    kernel<<<nb, B>>>(din, dout, ds);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(sums, ds, sizeof sums, cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int b = 0; b < nb; b++) {
        int total = 0;
        for (int t = 0; t < B; t++)
            total += in[b * B + B - 1 - t] * (t + 1);
        if (sums[b] != total) {
            printf("sums[%d]: got %d, expected %d\n", b, sums[b], total);
            failures++;
        }
        for (int t = 0; t < B; t++) {
            int want = in[b * B + B - 1 - t] + total;   // reversed three times
            if (out[b * B + t] != want) {
                if (failures < 10)
                    printf("out[%d]: got %d, expected %d\n", b * B + t, out[b * B + t], want);
                failures++;
            }
        }
    }
    cudaFree(din);
    cudaFree(dout);
    cudaFree(ds);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
