// grid_stride_2d_blocks.cu: a grid-stride loop whose stride comes from
// gridDim and blockDim of a 2D grid of 2D blocks; every element is visited
// exactly once (counted with atomicAdd).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void visit(const int *in, int *out, int *visits, int n)
{
    int tid = threadIdx.y * blockDim.x + threadIdx.x;
    int bid = blockIdx.y * gridDim.x + blockIdx.x;
    int threads = blockDim.x * blockDim.y;
    int stride = threads * gridDim.x * gridDim.y;
    for (int i = bid * threads + tid; i < n; i += stride) {
        out[i] = in[i] * in[i] - 3 * in[i];
        atomicAdd(&visits[i], 1);
    }
}

int main()
{
    const int n = 5003;
    int *in = (int *)malloc(n * sizeof(int));
    int *out = (int *)malloc(n * sizeof(int));
    int *visits = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        in[i] = i % 211 - 105;
    int *din, *dout, *dv;
    CK(cudaMalloc(&din, n * sizeof(int)));
    CK(cudaMalloc(&dout, n * sizeof(int)));
    CK(cudaMalloc(&dv, n * sizeof(int)));
    CK(cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemset(dv, 0, n * sizeof(int)));
    dim3 block(16, 8);
    dim3 grid(3, 2);
    visit<<<grid, block>>>(din, dout, dv, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, n * sizeof(int), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(visits, dv, n * sizeof(int), cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int i = 0; i < n; i++) {
        int want = in[i] * in[i] - 3 * in[i];
        if (out[i] != want || visits[i] != 1) {
            if (failures < 10)
                printf("[%d]: got %d (visited %d times), expected %d (once)\n", i, out[i],
                       visits[i], want);
            failures++;
        }
    }
    cudaFree(din);
    cudaFree(dout);
    cudaFree(dv);
    free(in);
    free(out);
    free(visits);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
