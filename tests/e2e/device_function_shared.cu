// device_function_shared.cu: __shared__ variables declared inside
// __device__ functions: a static one in a function without a barrier (a
// block-wide counter updated with atomics), and in a function template
// with __syncthreads() and an explicit non-type template argument that
// depends on the calling kernel's own (as in Rodinia's huffman).
#include <cstdio>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define B 32

__device__ int *block_counter()
{
    __shared__ int counter;
    return &counter;
}

__global__ void count_odd(const int *in, int *out)
{
    int *c = block_counter();
    if (threadIdx.x == 0) *c = 0;
    __syncthreads();
    if (in[blockIdx.x * B + threadIdx.x] % 2) atomicAdd(c, 1);
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = *c;
}

template <bool store_sum>
__device__ void block_sum(const int *data, int *sum)
{
    __shared__ int s[B];
    s[threadIdx.x] = data[blockIdx.x * B + threadIdx.x];
    __syncthreads();
    if (store_sum && threadIdx.x == 0) {
        int t = 0;
        for (int i = 0; i < B; i++) t += s[i];
        sum[blockIdx.x] = t;
    }
    __syncthreads();
}

template <bool store_sum>
__global__ void sums(const int *data, int *sum)
{
    block_sum<store_sum>(data, sum);
}

int main()
{
    const int nb = 6, N = nb * B;
    int in[N], odd[nb], sum[nb];
    for (int i = 0; i < N; i++) in[i] = (i * 7) % 13;
    int *din, *dodd, *dsum;
    CK(cudaMalloc(&din, sizeof in));
    CK(cudaMalloc(&dodd, sizeof odd));
    CK(cudaMalloc(&dsum, sizeof sum));
    CK(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice));
    count_odd<<<nb, B>>>(din, dodd);
    sums<true><<<nb, B>>>(din, dsum);
    CK(cudaGetLastError());
    CK(cudaMemcpy(odd, dodd, sizeof odd, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(sum, dsum, sizeof sum, cudaMemcpyDeviceToHost));
    int failures = 0;
    for (int b = 0; b < nb; b++) {
        int o = 0, t = 0;
        for (int i = 0; i < B; i++) { o += in[b * B + i] % 2; t += in[b * B + i]; }
        if (odd[b] != o && failures++ < 5) printf("count_odd[%d] = %d, expected %d\n", b, odd[b], o);
        if (sum[b] != t && failures++ < 5) printf("sums[%d] = %d, expected %d\n", b, sum[b], t);
    }
    CK(cudaFree(din));
    CK(cudaFree(dodd));
    CK(cudaFree(dsum));
    if (failures) { printf("FAIL: %d mismatches\n", failures); return 1; }
    printf("PASS\n");
    return 0;
}
