// nested_loop_barriers.cu: barriers in an inner loop inside an outer loop,
// both with block-uniform trip counts (the inner count depends on the outer
// counter and on blockIdx). Each inner step rotates the block's values by one
// place through shared memory and adds the outer counter.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define B 32
#define OUTER 5

__global__ void nested(const int *in, int *out)
{
    __shared__ int s[B];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * B + t];
    __syncthreads();
    for (int o = 0; o < OUTER; o++) {
        int inner = o + 1 + (int)blockIdx.x % 3;
        for (int k = 0; k < inner; k++) {
            int v = s[(t + 1) % B];
            __syncthreads();
            s[t] = v + o;
            __syncthreads();
        }
        s[t] *= 2;   // only its own element: no barrier needed before the next read...
        __syncthreads();   // ...but the next inner loop reads a neighbour
    }
    out[blockIdx.x * B + t] = s[t];
}

int main()
{
    const int nb = 7, n = nb * B;
    int in[n], out[n];
    for (int i = 0; i < n; i++)
        in[i] = (i * 29) % 61 - 30;
    int *din, *dout;
    CK(cudaMalloc(&din, sizeof in));
    CK(cudaMalloc(&dout, sizeof out));
    CK(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice));
    nested<<<nb, B>>>(din, dout);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int b = 0; b < nb; b++) {
        int s[B], ns[B];
        for (int t = 0; t < B; t++)
            s[t] = in[b * B + t];
        for (int o = 0; o < OUTER; o++) {
            int inner = o + 1 + b % 3;
            for (int k = 0; k < inner; k++) {
                for (int t = 0; t < B; t++)
                    ns[t] = s[(t + 1) % B] + o;
                for (int t = 0; t < B; t++)
                    s[t] = ns[t];
            }
            for (int t = 0; t < B; t++)
                s[t] *= 2;
        }
        for (int t = 0; t < B; t++)
            if (out[b * B + t] != s[t]) {
                if (failures < 10)
                    printf("out[%d]: got %d, expected %d\n", b * B + t, out[b * B + t], s[t]);
                failures++;
            }
    }
    cudaFree(din);
    cudaFree(dout);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
