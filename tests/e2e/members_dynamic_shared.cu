// members_dynamic_shared.cu: device code outside kernels that needs the
// thread's context: a member function that reads threadIdx, and the
// SharedMemory<T> idiom (a conversion operator that declares the
// `extern __shared__` array), plus a lambda defined inside a kernel.
#include <cstdio>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define B 32

struct Lane {
    int offset;
    __device__ unsigned id() const { return (threadIdx.x + offset) % B; }
};

template <class T>
struct SharedMemory {
    __device__ inline operator T *()
    {
        extern __shared__ int smem_raw[];
        return (T *)smem_raw;
    }
};

__global__ void reverse(int *out, int offset)
{
    int *s = SharedMemory<int>();
    Lane lane = { offset };
    s[lane.id()] = lane.id() * 3 + (int)blockIdx.x;
    __syncthreads();
    out[blockIdx.x * B + threadIdx.x] = s[B - 1 - lane.id()];
}

__global__ void with_lambda(float *out)
{
    __shared__ float s[B];
    auto twice = [](float v) { return 2 * v; };
    s[threadIdx.x] = twice(threadIdx.x + blockIdx.x);
    __syncthreads();
    out[blockIdx.x * B + threadIdx.x] = s[B - 1 - threadIdx.x];
}

int main()
{
    const int nb = 4, N = nb * B;
    int d[N];
    float f[N];
    int *dd;
    float *df;
    CK(cudaMalloc(&dd, sizeof d));
    CK(cudaMalloc(&df, sizeof f));
    reverse<<<nb, B, B * sizeof(int)>>>(dd, 5);
    with_lambda<<<nb, B>>>(df);
    CK(cudaGetLastError());
    CK(cudaMemcpy(d, dd, sizeof d, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(f, df, sizeof f, cudaMemcpyDeviceToHost));
    int failures = 0;
    for (int b = 0; b < nb; b++) for (int t = 0; t < B; t++) {
        int i = b * B + t;
        int want = (B - 1 - (t + 5) % B) * 3 + b;
        float wf = 2.0f * (B - 1 - t + b);
        if (d[i] != want && failures++ < 5) printf("reverse[%d] = %d, expected %d\n", i, d[i], want);
        if (f[i] != wf && failures++ < 5) printf("with_lambda[%d] = %g, expected %g\n", i, f[i], wf);
    }
    CK(cudaFree(dd));
    CK(cudaFree(df));
    if (failures) { printf("FAIL: %d mismatches\n", failures); return 1; }
    printf("PASS\n");
    return 0;
}
