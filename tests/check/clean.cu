// check-exit: 0
// check-clean
// Correct kernels report nothing: a tree reduction with a barrier per
// step, a flag that many threads set to the same value (a write after write
// that changes nothing), an atomic on shared memory, dynamic shared memory,
// a 2D tile read transposed after a barrier, and a volatile shared array.
#include <stdio.h>
#include <cuda_runtime.h>

#define B 128
__global__ void reduce(const float *in, float *out, int *any_negative)
{
    __shared__ float s[B];
    __shared__ int flag;
    __shared__ int count;
    int t = threadIdx.x;
    if (t == 0) { flag = 0; count = 0; }
    __syncthreads();
    float v = in[blockIdx.x * B + t];
    s[t] = v;
    if (v < 0) flag = 1;
    atomicAdd(&count, v > 0);
    __syncthreads();
    for (int step = B / 2; step > 0; step /= 2) {
        if (t < step) s[t] += s[t + step];
        __syncthreads();
    }
    if (t == 0) {
        out[blockIdx.x] = s[0] + count;
        any_negative[blockIdx.x] = flag;
    }
}

__global__ void transpose(const float *in, float *out, int n)
{
    __shared__ float tile[16][17];
    int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[y * n + x];
    __syncthreads();
    x = blockIdx.y * 16 + threadIdx.x;
    y = blockIdx.x * 16 + threadIdx.y;
    out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void scale(const float *in, float *out)
{
    extern __shared__ float buf[];
    buf[threadIdx.x] = 2.0f * in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = buf[blockDim.x - 1 - threadIdx.x];
}

__global__ void flip(unsigned *out)
{
    volatile __shared__ unsigned h[64];
    h[threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = h[63 - threadIdx.x];
}

int main(void)
{
    const int nb = 4, n = 32;
    float h[nb * B], r[nb], *din, *dout, *m, *mt;
    int neg[nb], *dneg;
    for (int i = 0; i < nb * B; i++) h[i] = (float)(i % 7) - 1.0f;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof r);
    cudaMalloc(&dneg, sizeof neg);
    cudaMalloc(&m, n * n * sizeof(float));
    cudaMalloc(&mt, n * n * sizeof(float));
    cudaMemset(m, 0, n * n * sizeof(float));
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    reduce<<<nb, B>>>(din, dout, dneg);
    transpose<<<dim3(2, 2), dim3(16, 16)>>>(m, mt, n);
    scale<<<1, B, B * sizeof(float)>>>(din, din + B);
    unsigned *u;
    cudaMalloc(&u, 64 * sizeof(unsigned));
    flip<<<1, 64>>>(u);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    cudaMemcpy(neg, dneg, sizeof neg, cudaMemcpyDeviceToHost);
    printf("%s\n", cudaGetErrorString(e));
    cudaFree(m);
    return 0;
}
