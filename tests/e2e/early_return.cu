// early_return.cu: two shapes of out-of-range threads.
//  - square: threads with i >= n return early; no barrier follows.
//  - shift: threads with i >= n skip the work through an if, but every
//    thread still reaches the barrier.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define B 64

__global__ void square(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int v = in[i];
    out[i] = v * v;
}

__global__ void shift(const int *in, int *out, int n)
{
    __shared__ int s[B];
    int tid = threadIdx.x;
    int i = blockIdx.x * B + tid;
    s[tid] = -1;
    if (i < n)
        s[tid] = in[i] + 1;
    __syncthreads();
    if (i < n)
        out[i] = s[(tid + 1) % B];
}

int main()
{
    const int n = 300, nb = (n + B - 1) / B;
    int in[n], out1[n + 8], out2[n + 8];
    for (int i = 0; i < n; i++)
        in[i] = (i * 37) % 101 - 50;
    int *din, *d1, *d2;
    CK(cudaMalloc(&din, sizeof in));
    CK(cudaMalloc(&d1, sizeof out1));
    CK(cudaMalloc(&d2, sizeof out2));
    CK(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice));
    CK(cudaMemset(d1, 0x55, sizeof out1));   // sentinel past n must survive
    CK(cudaMemset(d2, 0x55, sizeof out2));
    square<<<nb, B>>>(din, d1, n);
    CK(cudaGetLastError());
    shift<<<nb, B>>>(din, d2, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out1, d1, sizeof out1, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(out2, d2, sizeof out2, cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int i = 0; i < n + 8; i++) {
        int w1 = i < n ? in[i] * in[i] : 0x55555555;
        int w2;
        if (i >= n)
            w2 = 0x55555555;
        else {
            int t = i % B, j = i - t + (t + 1) % B;
            w2 = j < n ? in[j] + 1 : -1;
        }
        if (out1[i] != w1 || out2[i] != w2) {
            if (failures < 10)
                printf("[%d]: got %d/%d, expected %d/%d\n", i, out1[i], out2[i], w1, w2);
            failures++;
        }
    }
    cudaFree(din);
    cudaFree(d1);
    cudaFree(d2);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
