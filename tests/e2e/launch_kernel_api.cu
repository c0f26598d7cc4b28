// launch_kernel_api.cu: cudaLaunchKernel, which names the kernel by
// address: `(void *)k`, the kernel itself (the C++ template overload), a
// template kernel's instance, a kernel kept in a void * variable, dynamic
// shared memory through sharedMem, struct and scalar arguments through
// args[]; a bad configuration and a function that is no kernel return
// their errors. Also cudaLaunchCooperativeKernel. Each result is checked
// against plain C.
#include <cstdio>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define N 256

struct Affine { float mul, add; };

__global__ void affine(float *x, Affine f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = x[i] * f.mul + f.add;
}

template <class T>
__global__ void scale(T *x, T a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}

// reverses each block's part of x through dynamic shared memory
__global__ void reverse_block(float *x)
{
    extern __shared__ float s[];
    int t = threadIdx.x, base = blockIdx.x * blockDim.x;
    s[t] = x[base + t];
    __syncthreads();
    x[base + t] = s[blockDim.x - 1 - t];
}

static void host_only(float *) {}

int main()
{
    float h[N], want[N], *d;
    for (int i = 0; i < N; i++) h[i] = want[i] = (float)i;
    CK(cudaMalloc(&d, sizeof h));
    CK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    int n = N;
    Affine f = { 2.0f, 1.0f };
    void *args[] = { &d, &f, &n };
    CK(cudaLaunchKernel((void *)affine, dim3(N / 64), dim3(64), args, 0, 0));
    for (int i = 0; i < N; i++) want[i] = want[i] * 2.0f + 1.0f;
    CK(cudaLaunchKernel(affine, dim3(N / 64), dim3(64), args));        // the C++ overload
    for (int i = 0; i < N; i++) want[i] = want[i] * 2.0f + 1.0f;
    float a = 0.5f;
    void *sargs[] = { &d, &a, &n };
    const void *k = (const void *)scale<float>;
    CK(cudaLaunchKernel(k, dim3(N / 32), dim3(32), sargs, 0, 0));
    for (int i = 0; i < N; i++) want[i] *= 0.5f;
    void *rargs[] = { &d };
    CK(cudaLaunchCooperativeKernel((void *)reverse_block, dim3(N / 128), dim3(128), rargs, 128 * sizeof(float), 0));
    for (int b = 0; b < N / 128; b++)
        for (int t = 0; t < 64; t++) {
            float x = want[b * 128 + t];
            want[b * 128 + t] = want[b * 128 + 127 - t];
            want[b * 128 + 127 - t] = x;
        }
    CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < N; i++)
        if (h[i] != want[i] && bad++ < 5) printf("x[%d] = %g, expected %g\n", i, h[i], want[i]);

    // errors: a block too large, and a host function
    cudaError_t e = cudaLaunchKernel((void *)affine, dim3(1), dim3(2048), args, 0, 0);
    if (e != cudaErrorInvalidConfiguration && bad++ >= 0) printf("2048 threads: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    e = cudaLaunchKernel((void *)host_only, dim3(1), dim3(1), rargs, 0, 0);
    if (e != cudaErrorInvalidDeviceFunction && bad++ >= 0) printf("host function: %s\n", cudaGetErrorName(e));
    cudaGetLastError();
    cudaFree(d);
    if (bad) { printf("FAIL\n"); return 1; }
    printf("PASS\n");
    return 0;
}
