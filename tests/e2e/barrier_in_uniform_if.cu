// barrier_in_uniform_if.cu: barriers inside if statements whose conditions are
// the same for the whole block: one depends on blockIdx, one on a kernel
// parameter. Even blocks reverse their slice through shared memory.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define B 32

__global__ void mixed(const int *in, int *out, int rotate)
{
    __shared__ int s[B];
    int tid = threadIdx.x;
    int i = blockIdx.x * B + tid;
    int v = in[i];
    if (blockIdx.x % 2 == 0) {
        s[tid] = v;
        __syncthreads();
        v = s[B - 1 - tid];
        __syncthreads();
    } else {
        v = v * 3;
    }
    if (rotate) {
        s[tid] = v;
        __syncthreads();
        v = s[(tid + rotate) % B];
    }
    out[i] = v;
}

int main()
{
    const int nb = 5, n = nb * B;
    int in[n], out[n];
    for (int i = 0; i < n; i++)
        in[i] = i * 7 - 300;
    int *din, *dout;
    CK(cudaMalloc(&din, sizeof in));
    CK(cudaMalloc(&dout, sizeof out));
    CK(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice));
    int failures = 0;
    for (int rotate = 0; rotate < 3; rotate += 2) {
        mixed<<<nb, B>>>(din, dout, rotate);
        CK(cudaGetLastError());
        CK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
        for (int b = 0; b < nb; b++) {
            int v[B];
            for (int t = 0; t < B; t++)
                v[t] = b % 2 == 0 ? in[b * B + B - 1 - t] : in[b * B + t] * 3;
            for (int t = 0; t < B; t++) {
                int want = rotate ? v[(t + rotate) % B] : v[t];
                if (out[b * B + t] != want) {
                    if (failures < 10)
                        printf("rotate %d: out[%d]: got %d, expected %d\n", rotate, b * B + t,
                               out[b * B + t], want);
                    failures++;
                }
            }
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
