// A program for the CUCPU_PROFILE test: known numbers of launches of three
// kernels (one a template, one launched from a host loop that cucpu may
// fuse into one OpenMP team), copies in every direction, a memset, and
// launches between cudaProfilerStop and cudaProfilerStart that must not be
// counted. It checks its own results and prints "prof_app ok".
#include <cstdio>
#include <cuda_profiler_api.h>

__global__ void add_one(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] += 1.0f;
}

template <typename T>
__global__ void scale(T *x, T s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= s;
}

__global__ void block_sum(const float *x, float *out)
{
    __shared__ float s[128];
    s[threadIdx.x] = x[blockIdx.x * 128 + threadIdx.x];
    __syncthreads();
    for (int stride = 64; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride)
            s[threadIdx.x] += s[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = s[0];
}

int main()
{
    const int n = 1 << 16, blocks = n / 128;
    static float h[1 << 16], sums[(1 << 16) / 128];
    float *d, *d2, *dsum;
    cudaMalloc(&d, n * sizeof(float));
    cudaMalloc(&d2, n * sizeof(float));
    cudaMalloc(&dsum, blocks * sizeof(float));
    for (int i = 0; i < n; i++)
        h[i] = 1.0f;
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);   // HtoD 256 KiB
    cudaMemset(dsum, 0, blocks * sizeof(float));                     // memset 2 KiB
    for (int r = 0; r < 5; r++)                                      // 5 launches
        add_one<<<blocks, 128>>>(d, n);
    cudaDeviceSynchronize();
    scale<float><<<blocks, 128>>>(d, 2.0f, n);                       // 2 launches
    scale<float><<<blocks, 128>>>(d, 0.5f, n);
    cudaMemcpy(d2, d, n * sizeof(float), cudaMemcpyDeviceToDevice);  // DtoD 256 KiB
    cudaProfilerStop();
    for (int r = 0; r < 3; r++)                                      // not counted
        scale<float><<<blocks, 128>>>(d2, 1.0f, n);
    cudaMemcpy(h, d2, sizeof(float), cudaMemcpyDeviceToHost);        // not counted
    cudaProfilerStart();
    block_sum<<<blocks, 128>>>(d2, dsum);                            // 1 launch
    cudaMemcpy(sums, dsum, blocks * sizeof(float), cudaMemcpyDefault);  // DtoH 2 KiB
    cudaMemcpy(h, d2, n * sizeof(float), cudaMemcpyDeviceToHost);    // DtoH 256 KiB
    int bad = 0;
    for (int b = 0; b < blocks; b++)
        bad += sums[b] != 128 * 6.0f;
    for (int i = 0; i < n; i++)
        bad += h[i] != 6.0f;
    cudaFree(d);
    cudaFree(d2);
    cudaFree(dsum);
    printf("prof_app %s\n", bad ? "FAILED" : "ok");
    return bad != 0;
}
