// grid2d.cu: a 2D grid of 2D blocks over a matrix whose sizes are not
// multiples of the block; every element records its coordinates.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void combine(const int *in, int *out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        int i = y * w + x;
        out[i] = in[i] * 2 + x * 1000 - y + (int)(blockIdx.y * gridDim.x + blockIdx.x) * 1000000;
    }
}

int main()
{
    const int w = 100, h = 70;
    int *in = (int *)malloc(w * h * sizeof(int));
    int *out = (int *)malloc(w * h * sizeof(int));
    unsigned s = 3u;
    for (int i = 0; i < w * h; i++) {
        s = s * 1664525u + 1013904223u;
        in[i] = (int)((s >> 8) % 500) - 250;
    }
    int *din, *dout;
    CK(cudaMalloc(&din, w * h * sizeof(int)));
    CK(cudaMalloc(&dout, w * h * sizeof(int)));
    CK(cudaMemcpy(din, in, w * h * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemset(dout, 0, w * h * sizeof(int)));
    dim3 block(16, 16);
    dim3 grid((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
    combine<<<grid, block>>>(din, dout, w, h);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, w * h * sizeof(int), cudaMemcpyDeviceToHost));

    int failures = 0;
    int gx = (w + 15) / 16;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int i = y * w + x;
            int want = in[i] * 2 + x * 1000 - y + ((y / 16) * gx + x / 16) * 1000000;
            if (out[i] != want) {
                if (failures < 10)
                    printf("out[%d][%d]: got %d, expected %d\n", y, x, out[i], want);
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
