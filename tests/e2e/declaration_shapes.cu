// declaration_shapes.cu: locals that live across a barrier, declared in
// shapes a per-thread copy must reproduce: ten declarators in one
// statement, an `auto` local, and arrays sized by their initializers.
#include <cstdio>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define B 32

__global__ void shapes(float *out)
{
    __shared__ float s[B];
    int t = threadIdx.x;
    float a1 = t, a2 = 2, a3 = 3, a4 = 4, a5 = 5, a6 = 6, a7 = 7, a8 = 8, a9 = 9 * t, a10 = 10;
    auto x = threadIdx.x * 2.0f;
    int perm[] = {3, 1, 2, 0};
    float w[][2] = {{1, 2}, {3, 4}, {5, 6}};
    s[t] = a1;
    __syncthreads();
    out[blockIdx.x * B + t] = s[B - 1 - t] + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + x +
                              perm[t % 4] + w[t % 3][t % 2] + sizeof perm / sizeof perm[0];
}

int main()
{
    const int nb = 3, N = nb * B;
    float out[N];
    float *dout;
    CK(cudaMalloc(&dout, sizeof out));
    shapes<<<nb, B>>>(dout);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
    int perm[] = {3, 1, 2, 0};
    float w[][2] = {{1, 2}, {3, 4}, {5, 6}};
    int failures = 0;
    for (int b = 0; b < nb; b++) for (int t = 0; t < B; t++) {
        float want = (float)(B - 1 - t) + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9.0f * t + 10 + t * 2.0f + perm[t % 4] + w[t % 3][t % 2] + 4;
        if (out[b * B + t] != want && failures++ < 5) printf("out[%d] = %g, expected %g\n", b * B + t, out[b * B + t], want);
    }
    CK(cudaFree(dout));
    if (failures) { printf("FAIL: %d mismatches\n", failures); return 1; }
    printf("PASS\n");
    return 0;
}
