// Shuffles of __half and __half2: a warp sum with __shfl_down_sync on
// __half and a butterfly with __shfl_xor_sync on __half2. The values are
// small multiples of 0.5, so every partial sum is exact in half precision
// and the reference is the host's float sum.
#include <cstdio>
#include <cuda_fp16.h>

__global__ void sums(const float *in, float *out)
{
    __half h = __float2half(in[threadIdx.x]);
    __half2 h2 = __floats2half2_rn(in[threadIdx.x], -in[threadIdx.x]);
    for (int o = 16; o > 0; o >>= 1) {
        h = __hadd(h, __shfl_down_sync(0xffffffffu, h, o));
        h2 = __hadd2(h2, __shfl_xor_sync(0xffffffffu, h2, o));
    }
    out[3 * threadIdx.x] = __half2float(h);
    out[3 * threadIdx.x + 1] = __low2float(h2);
    out[3 * threadIdx.x + 2] = __high2float(h2);
}

int main()
{
    float *in, *out;
    cudaMallocManaged(&in, 64 * sizeof(float));
    cudaMallocManaged(&out, 3 * 64 * sizeof(float));
    for (int i = 0; i < 64; i++) in[i] = (float)(i % 7) * 0.5f;
    sums<<<1, 64>>>(in, out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int w = 0; w < 2; w++) {
        float s = 0;
        for (int l = 0; l < 32; l++) s += in[w * 32 + l];
        if (out[3 * w * 32] != s && bad++ < 4) printf("warp %d: __half sum %g want %g\n", w, out[3 * w * 32], s);
        for (int l = 0; l < 32; l++) {
            int t = w * 32 + l;
            if ((out[3 * t + 1] != s || out[3 * t + 2] != -s) && bad++ < 8)
                printf("thread %d: __half2 sums %g %g want %g %g\n", t, out[3 * t + 1], out[3 * t + 2], s, -s);
        }
    }
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
