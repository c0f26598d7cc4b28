// stencil2d_shared_halo.cu: a 5-point stencil; each 16x16 block loads its tile
// plus a one-cell halo into shared memory (edge threads load the halo), then
// waits at a barrier. Outside the grid counts as zero.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define B 16

__device__ float at(const float *in, int x, int y, int w, int h)
{
    return (x >= 0 && x < w && y >= 0 && y < h) ? in[y * w + x] : 0.0f;
}

__global__ void stencil(const float *in, float *out, int w, int h)
{
    __shared__ float tile[B + 2][B + 2];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * B + tx, y = blockIdx.y * B + ty;

    tile[ty + 1][tx + 1] = at(in, x, y, w, h);
    if (tx == 0)
        tile[ty + 1][0] = at(in, x - 1, y, w, h);
    if (tx == B - 1)
        tile[ty + 1][B + 1] = at(in, x + 1, y, w, h);
    if (ty == 0)
        tile[0][tx + 1] = at(in, x, y - 1, w, h);
    if (ty == B - 1)
        tile[B + 1][tx + 1] = at(in, x, y + 1, w, h);
    __syncthreads();

    if (x < w && y < h)
        out[y * w + x] = 4.0f * tile[ty + 1][tx + 1] - tile[ty][tx + 1] - tile[ty + 2][tx + 1]
                         - tile[ty + 1][tx] - tile[ty + 1][tx + 2];
}

int main()
{
    const int w = 53, h = 37;
    float *in = (float *)malloc(w * h * sizeof(float));
    float *out = (float *)malloc(w * h * sizeof(float));
    unsigned s = 11u;
    for (int i = 0; i < w * h; i++) {
        s = s * 1664525u + 1013904223u;
        in[i] = (float)((s >> 8) % 64);   // small integers: sums are exact
    }
    float *din, *dout;
    CK(cudaMalloc(&din, w * h * sizeof(float)));
    CK(cudaMalloc(&dout, w * h * sizeof(float)));
    CK(cudaMemcpy(din, in, w * h * sizeof(float), cudaMemcpyHostToDevice));
    dim3 block(B, B);
    dim3 grid((w + B - 1) / B, (h + B - 1) / B);
    stencil<<<grid, block>>>(din, dout, w, h);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, w * h * sizeof(float), cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            float c = in[y * w + x];
            float n = y > 0 ? in[(y - 1) * w + x] : 0.0f;
            float so = y < h - 1 ? in[(y + 1) * w + x] : 0.0f;
            float we = x > 0 ? in[y * w + x - 1] : 0.0f;
            float ea = x < w - 1 ? in[y * w + x + 1] : 0.0f;
            float want = 4.0f * c - n - so - we - ea;
            float got = out[y * w + x];
            if (fabsf(got - want) > 1e-4f) {
                if (failures < 10)
                    printf("out[%d][%d]: got %g, expected %g\n", y, x, got, want);
                failures++;
            }
        }
    cudaFree(din);
    cudaFree(dout);
    free(in);
    free(out);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
