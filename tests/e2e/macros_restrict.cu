// macros_restrict.cu: object-like and function-like #define macros used in
// kernels and launch configurations, #if/#ifdef __CUDACC__, and kernel
// parameters declared __restrict__.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define BLOCK 128
#define IDX(r, c, w) ((r) * (w) + (c))
#define CLAMP(v, lo, hi) ((v) < (lo) ? (lo) : ((v) > (hi) ? (hi) : (v)))
#define GLOBAL_ID (blockIdx.x * blockDim.x + threadIdx.x)
#define DIV_UP(a, b) (((a) + (b) - 1) / (b))

#ifdef __CUDACC__
#define BIAS 3
#else
#define BIAS 1000
#endif

#if BLOCK > 64
#define FACTOR 2
#else
#define FACTOR 5
#endif

__global__ void rowops(const int *__restrict__ in, int *__restrict__ out, int rows, int cols)
{
    int i = GLOBAL_ID;
    if (i >= rows * cols)
        return;
    int r = i / cols, c = i % cols;
    int left = in[IDX(r, CLAMP(c - 1, 0, cols - 1), cols)];
    int right = in[IDX(r, CLAMP(c + 1, 0, cols - 1), cols)];
    out[IDX(r, c, cols)] = FACTOR * in[i] + left - right + BIAS;
}

int main()
{
    const int rows = 13, cols = 29, n = rows * cols;
    int *in = (int *)malloc(n * sizeof(int));
    int *out = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        in[i] = (i * 41) % 53 - 26;
    int *din, *dout;
    CK(cudaMalloc(&din, n * sizeof(int)));
    CK(cudaMalloc(&dout, n * sizeof(int)));
    CK(cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice));
    rowops<<<DIV_UP(n, BLOCK), BLOCK>>>(din, dout, rows, cols);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, n * sizeof(int), cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            int cl = c > 0 ? c - 1 : 0, cr = c < cols - 1 ? c + 1 : cols - 1;
            int want = 2 * in[r * cols + c] + in[r * cols + cl] - in[r * cols + cr] + 3;
            if (out[r * cols + c] != want) {
                if (failures < 10)
                    printf("out[%d][%d]: got %d, expected %d\n", r, c, out[r * cols + c], want);
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
