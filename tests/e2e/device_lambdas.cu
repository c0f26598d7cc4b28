// cucpu-flags: --extended-lambda
// Extended lambdas (nvcc --extended-lambda): a __device__ lambda passed to
// a template kernel, a __host__ __device__ lambda with a capture and a
// trailing return type called in a kernel and on the host, and a lambda
// defined inside a kernel around a barrier: one that reads __shared__ memory
// after it (the barrier must stay) and one that copies a parameter.
#include <cstdio>

template <class F>
__global__ void apply(float *p, int n, F f)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = f(p[i]);
}

__global__ void rotate(float *p, int by)
{
    __shared__ float s[32];
    auto at = [&](int k) { return s[k % 32]; };
    auto next = [=](int t) { return t + by; };
    s[threadIdx.x] = p[blockIdx.x * 32 + threadIdx.x];
    __syncthreads();
    p[blockIdx.x * 32 + threadIdx.x] = at(next(threadIdx.x));
}

int main()
{
    const int n = 96;
    float h[n], *d;
    for (int i = 0; i < n; i++) h[i] = 0.5f * i;
    cudaMalloc((void **)&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    apply<<<3, 32>>>(d, n, [] __device__ (float x) { return x + 1; });
    float k = 3;
    auto scale = [=] __host__ __device__ (float x) -> float { return k * x; };
    apply<<<3, 32>>>(d, n, scale);
    rotate<<<3, 32>>>(d, 1);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++) {
        int j = (i / 32) * 32 + (i % 32 + 1) % 32;
        float want = scale(0.5f * j + 1);
        if (h[i] != want && bad++ < 5) printf("h[%d] = %g, want %g\n", i, h[i], want);
    }
    cudaFree(d);
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
