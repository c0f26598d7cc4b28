// vector_types.cu: float4 and int2 loads and stores, make_float4/make_int2/
// make_float3, member access .x .y .z .w, and a float4 view of a float array.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void vec(const float4 *a, const int2 *idx, float4 *out, float3 *c3, int2 *swapped, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float4 v = a[i];
    int2 p = idx[i];
    float4 r = make_float4(v.x + v.w, v.y * 2.0f, v.z - (float)p.x, (float)p.y);
    out[i] = r;
    c3[i] = make_float3(r.x, r.y, r.z);
    swapped[i] = make_int2(p.y, p.x);
}

__global__ void sum4(const float *flat, float *sums, int n4)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) {
        float4 q = reinterpret_cast<const float4 *>(flat)[i];
        sums[i] = q.x + q.y + q.z + q.w;
    }
}

int main()
{
    const int n = 333;
    float4 *a = (float4 *)malloc(n * sizeof(float4));
    int2 *idx = (int2 *)malloc(n * sizeof(int2));
    float4 *out = (float4 *)malloc(n * sizeof(float4));
    float3 *c3 = (float3 *)malloc(n * sizeof(float3));
    int2 *sw = (int2 *)malloc(n * sizeof(int2));
    float *sums = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) {
        a[i] = make_float4((float)i, (float)(i % 7), (float)(i % 11) * 0.5f, 1.0f - (float)i);
        idx[i] = make_int2(i % 5, -i);
    }
    float4 *da, *dout;
    int2 *didx, *dsw;
    float3 *dc3;
    float *dsums;
    CK(cudaMalloc(&da, n * sizeof(float4)));
    CK(cudaMalloc(&didx, n * sizeof(int2)));
    CK(cudaMalloc(&dout, n * sizeof(float4)));
    CK(cudaMalloc(&dc3, n * sizeof(float3)));
    CK(cudaMalloc(&dsw, n * sizeof(int2)));
    CK(cudaMalloc(&dsums, n * sizeof(float)));
    CK(cudaMemcpy(da, a, n * sizeof(float4), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(didx, idx, n * sizeof(int2), cudaMemcpyHostToDevice));
    vec<<<(n + 127) / 128, 128>>>(da, didx, dout, dc3, dsw, n);
    CK(cudaGetLastError());
    sum4<<<(n + 127) / 128, 128>>>((const float *)da, dsums, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, n * sizeof(float4), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(c3, dc3, n * sizeof(float3), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(sw, dsw, n * sizeof(int2), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(sums, dsums, n * sizeof(float), cudaMemcpyDeviceToHost));

    int failures = 0;
    if (sizeof(float4) != 16 || sizeof(int2) != 8 || sizeof(float3) != 12) {
        printf("sizes: float4 %d int2 %d float3 %d\n", (int)sizeof(float4), (int)sizeof(int2),
               (int)sizeof(float3));
        failures++;
    }
    for (int i = 0; i < n; i++) {
        float4 v = a[i];
        int2 p = idx[i];
        float wx = v.x + v.w, wy = v.y * 2.0f, wz = v.z - (float)p.x, ww = (float)p.y;
        float ws = v.x + v.y + v.z + v.w;
        if (out[i].x != wx || out[i].y != wy || out[i].z != wz || out[i].w != ww ||
            c3[i].x != wx || c3[i].y != wy || c3[i].z != wz || sw[i].x != p.y || sw[i].y != p.x ||
            fabsf(sums[i] - ws) > 1e-4f) {
            if (failures < 10)
                printf("[%d]: got (%g %g %g %g) (%g %g %g) (%d %d) %g, expected (%g %g %g %g) "
                       "(%d %d) %g\n", i, out[i].x, out[i].y, out[i].z, out[i].w, c3[i].x, c3[i].y,
                       c3[i].z, sw[i].x, sw[i].y, sums[i], wx, wy, wz, ww, p.y, p.x, ws);
            failures++;
        }
    }
    cudaFree(da);
    cudaFree(didx);
    cudaFree(dout);
    cudaFree(dc3);
    cudaFree(dsw);
    cudaFree(dsums);
    free(a);
    free(idx);
    free(out);
    free(c3);
    free(sw);
    free(sums);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
