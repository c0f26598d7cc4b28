// dynamic_shared.cu: extern __shared__ float s[] sized by the launch's third
// argument; the buffer is split into two arrays; launched with two block
// sizes (so two different dynamic sizes).
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void pair_rotate(const float *in, float *out, int n)
{
    extern __shared__ float s[];
    float *a = s;
    float *b = s + blockDim.x;
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    a[t] = i < n ? in[i] : 0.0f;
    b[t] = (float)t;
    __syncthreads();
    if (i < n)
        out[i] = a[(t + 1) % blockDim.x] * 2.0f + b[blockDim.x - 1 - t];
}

static int run(int bs, const float *in, int n, float *dout, float *din)
{
    float *out = (float *)malloc(n * sizeof(float));
    int failures = 0;
    pair_rotate<<<(n + bs - 1) / bs, bs, 2 * bs * sizeof(float)>>>(din, dout, n);
    if (cudaGetLastError() != cudaSuccess) {
        printf("launch with block %d failed\n", bs);
        free(out);
        return 1;
    }
    cudaMemcpy(out, dout, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
        int t = i % bs, j = i - t + (t + 1) % bs;
        float want = (j < n ? in[j] : 0.0f) * 2.0f + (float)(bs - 1 - t);
        if (fabsf(out[i] - want) > 1e-5f) {
            if (failures < 10)
                printf("block %d: out[%d]: got %g, expected %g\n", bs, i, out[i], want);
            failures++;
        }
    }
    free(out);
    return failures;
}

int main()
{
    const int n = 1000;
    float *in = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++)
        in[i] = (float)((i * 7919) % 1001) * 0.5f;
    float *din, *dout;
    CK(cudaMalloc(&din, n * sizeof(float)));
    CK(cudaMalloc(&dout, n * sizeof(float)));
    CK(cudaMemcpy(din, in, n * sizeof(float), cudaMemcpyHostToDevice));
    int failures = run(128, in, n, dout, din) + run(48, in, n, dout, din);
    cudaFree(din);
    cudaFree(dout);
    free(in);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
