// transpose_padded.cu: matrix transpose through a padded shared tile
// [32][33]; blocks of 32x8 threads, each thread moves 4 elements; the matrix
// sizes are not multiples of 32.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define TILE 32
#define ROWS 8

__global__ void transpose(const float *in, float *out, int w, int h)
{
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        if (x < w && y + j < h)
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        if (x < h && y + j < w)
            out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main()
{
    const int w = 70, h = 45;
    float *in = (float *)malloc(w * h * sizeof(float));
    float *out = (float *)malloc(w * h * sizeof(float));
    for (int i = 0; i < w * h; i++)
        in[i] = (float)i * 0.5f - 100.0f;
    float *din, *dout;
    CK(cudaMalloc(&din, w * h * sizeof(float)));
    CK(cudaMalloc(&dout, w * h * sizeof(float)));
    CK(cudaMemcpy(din, in, w * h * sizeof(float), cudaMemcpyHostToDevice));
    dim3 block(TILE, ROWS);
    dim3 grid((w + TILE - 1) / TILE, (h + TILE - 1) / TILE);
    transpose<<<grid, block>>>(din, dout, w, h);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, w * h * sizeof(float), cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int r = 0; r < w; r++)
        for (int c = 0; c < h; c++) {
            float want = in[c * w + r];
            if (out[r * h + c] != want) {
                if (failures < 10)
                    printf("out[%d][%d]: got %g, expected %g\n", r, c, out[r * h + c], want);
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
