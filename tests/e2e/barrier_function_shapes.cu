// barrier_function_shapes.cu: __device__ functions that call
// __syncthreads(), called in the shapes real code uses: returning a struct
// assigned to an existing variable, a function template called from a
// template kernel (its argument deduced from the caller's T, under another
// name) and from a plain kernel (explicit and deduced), and calls inside
// larger expressions, which normalization runs first into temporaries,
// also void calls joined by a comma.
#include <cstdio>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define B 32

__device__ uint2 swap_pair(uint2 v, unsigned *s)
{
    s[threadIdx.x] = v.x;
    __syncthreads();
    uint2 r;
    r.x = s[(threadIdx.x + 1) % B];
    r.y = v.y;
    __syncthreads();
    return r;
}

__global__ void struct_return(unsigned *out)
{
    __shared__ unsigned s[B];
    uint2 v = make_uint2(threadIdx.x + blockIdx.x, 7);
    uint2 r;
    r = swap_pair(v, s);
    out[blockIdx.x * B + threadIdx.x] = r.x * 100 + r.y;
}

template <typename T>
__device__ T rotate(T v, T *s)
{
    s[threadIdx.x] = v;
    __syncthreads();
    T r = s[(threadIdx.x + 1) % B];
    __syncthreads();
    return r;
}

template <typename U, int K>
__global__ void template_caller(U *io)
{
    __shared__ U s[B];
    int i = blockIdx.x * B + threadIdx.x;
    U r = rotate(io[i], s) + K;
    io[i] = r;
}

__global__ void plain_caller(float *io)
{
    __shared__ float s[B];
    int i = blockIdx.x * B + threadIdx.x;
    float a = rotate<float>(io[i], s);
    io[i] = 2 * rotate(a, s) + (threadIdx.x > 3 ? 1.0f : 0.0f);
}

__device__ void shift(int *s)
{
    int v = s[threadIdx.x];
    __syncthreads();
    s[(threadIdx.x + 1) % B] = v;
    __syncthreads();
}

__global__ void comma_calls(int *out)
{
    __shared__ int s[B];
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    shift(s), shift(s);
    out[blockIdx.x * B + threadIdx.x] = s[threadIdx.x];
}

int main()
{
    const int nb = 3, N = nb * B;
    unsigned u[N];
    int d[N];
    float f[N];
    unsigned *du;
    int *dd;
    float *df;
    CK(cudaMalloc(&du, sizeof u));
    CK(cudaMalloc(&dd, sizeof d));
    CK(cudaMalloc(&df, sizeof f));
    for (int i = 0; i < N; i++) { d[i] = i * 3; f[i] = i * 0.5f; }
    CK(cudaMemcpy(dd, d, sizeof d, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(df, f, sizeof f, cudaMemcpyHostToDevice));
    struct_return<<<nb, B>>>(du);
    template_caller<int, 5><<<nb, B>>>(dd);
    plain_caller<<<nb, B>>>(df);
    int c[N], *dc;
    CK(cudaMalloc(&dc, sizeof c));
    comma_calls<<<nb, B>>>(dc);
    CK(cudaGetLastError());
    CK(cudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost));
    CK(cudaFree(dc));
    CK(cudaMemcpy(u, du, sizeof u, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(d, dd, sizeof d, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(f, df, sizeof f, cudaMemcpyDeviceToHost));
    int failures = 0;
    for (int b = 0; b < nb; b++) for (int t = 0; t < B; t++) {
        int i = b * B + t, n1 = b * B + (t + 1) % B, n2 = b * B + (t + 2) % B;
        unsigned wu = ((t + 1) % B + b) * 100 + 7;
        int wd = n1 * 3 + 5;
        float wf = 2 * (n2 * 0.5f) + (t > 3 ? 1.0f : 0.0f);
        if (u[i] != wu && failures++ < 5) printf("struct_return[%d] = %u, expected %u\n", i, u[i], wu);
        if (d[i] != wd && failures++ < 5) printf("template_caller[%d] = %d, expected %d\n", i, d[i], wd);
        if (f[i] != wf && failures++ < 5) printf("plain_caller[%d] = %g, expected %g\n", i, f[i], wf);
        if (c[i] != (t + B - 2) % B && failures++ < 5) printf("comma_calls[%d] = %d, expected %d\n", i, c[i], (t + B - 2) % B);
    }
    CK(cudaFree(du));
    CK(cudaFree(dd));
    CK(cudaFree(df));
    if (failures) { printf("FAIL: %d mismatches\n", failures); return 1; }
    printf("PASS\n");
    return 0;
}
