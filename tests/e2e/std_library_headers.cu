// Standard C++ headers in a .cu: <memory> (libstdc++ 12 writes
// __attribute__((__noinline__)), which a __noinline__ macro breaks) and
// <xmmintrin.h> (its mm_malloc.h redeclares posix_memalign), plus a
// __noinline__ __device__ function called from a kernel with a barrier.
#include <cstdio>
#include <memory>
#include <vector>
#include <xmmintrin.h>

__noinline__ __device__ int twice(int x) { return 2 * x; }

__global__ void neighbours(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = twice(in[blockIdx.x * 64 + t]);
    __syncthreads();
    out[blockIdx.x * 64 + t] = s[(t + 1) % 64];
}

int main()
{
    const int n = 256;
    std::shared_ptr<std::vector<int>> in = std::make_shared<std::vector<int>>(n);
    std::vector<int> out(n);
    for (int i = 0; i < n; i++) (*in)[i] = i * 3 - 7;
    int *din, *dout;
    cudaMalloc((void **)&din, n * sizeof(int));
    cudaMalloc((void **)&dout, n * sizeof(int));
    cudaMemcpy(din, in->data(), n * sizeof(int), cudaMemcpyHostToDevice);
    neighbours<<<n / 64, 64>>>(din, dout);
    cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++) {
        int b = i / 64, t = i % 64;
        int want = 2 * (*in)[b * 64 + (t + 1) % 64];
        if (out[i] != want && bad++ < 5) printf("out[%d] = %d, want %d\n", i, out[i], want);
    }
    __m128 v = _mm_set1_ps(1.5f);
    float f[4];
    _mm_storeu_ps(f, _mm_add_ps(v, v));
    if (f[3] != 3.0f) { printf("sse %g\n", f[3]); bad++; }
    cudaFree(din);
    cudaFree(dout);
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
