// cucpu-flags: -O3
// Type punning through reinterpret_cast in device code, as CUDA code does
// (8 bfloat16 values carried in a uint4): nvcc gives the punned values;
// the host compiler's strict-aliasing rule must not drop the stores.
#include <cstdio>
#include <cstdint>
#include <cuda_bf16.h>

__global__ void fma8(const __nv_bfloat16 *a, const __nv_bfloat16 *b, __nv_bfloat16 *c, int n8)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n8) return;
    uint4 a_vec = *reinterpret_cast<const uint4 *>(a + 8 * i);
    uint4 b_vec = *reinterpret_cast<const uint4 *>(b + 8 * i);
    uint4 c_vec = *reinterpret_cast<const uint4 *>(c + 8 * i);
    __nv_bfloat16 *av = reinterpret_cast<__nv_bfloat16 *>(&a_vec);
    __nv_bfloat16 *bv = reinterpret_cast<__nv_bfloat16 *>(&b_vec);
    __nv_bfloat16 *cv = reinterpret_cast<__nv_bfloat16 *>(&c_vec);
    for (int k = 0; k < 8; ++k) cv[k] = cv[k] + av[k] * bv[k];
    *reinterpret_cast<uint4 *>(c + 8 * i) = c_vec;
}

__global__ void bump(float *f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = f[i];
    unsigned *u = reinterpret_cast<unsigned *>(&x);
    *u += 1;                       // the next float up
    f[i] = x;
}

int main()
{
    const int n8 = 64, n = 8 * n8;
    __nv_bfloat16 *a, *b, *c;
    float *f;
    cudaMallocManaged(&a, n * sizeof *a);
    cudaMallocManaged(&b, n * sizeof *b);
    cudaMallocManaged(&c, n * sizeof *c);
    cudaMallocManaged(&f, n * sizeof *f);
    for (int i = 0; i < n; i++) {
        a[i] = __float2bfloat16((float)(i % 7));
        b[i] = __float2bfloat16((float)(i % 5) * 0.5f);
        c[i] = __float2bfloat16((float)(i % 3));
        f[i] = 1.0f + i;
    }
    fma8<<<(n8 + 31) / 32, 32>>>(a, b, c, n8);
    bump<<<(n + 127) / 128, 128>>>(f, n);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int i = 0; i < n; i++) {
        float want = (float)(i % 3) + (float)(i % 7) * ((float)(i % 5) * 0.5f);   /* exact in bfloat16 */
        float got = __bfloat162float(c[i]);
        if (got != want && bad++ < 5) printf("c[%d] = %g, expected %g\n", i, got, want);
        float fw = 1.0f + i;
        unsigned uw;
        memcpy(&uw, &fw, 4);
        uw += 1;
        memcpy(&fw, &uw, 4);
        if (f[i] != fw && bad++ < 10) printf("f[%d] = %.9g, expected %.9g\n", i, f[i], fw);
    }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
