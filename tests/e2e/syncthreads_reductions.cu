// syncthreads_reductions.cu: __syncthreads_count, __syncthreads_and and
// __syncthreads_or (barriers that also reduce a predicate over the block),
// a __shared__ variable declared inside a __device__ function, and
// __threadfence_block.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define B 64

__device__ int block_max(int v)
{
    __shared__ int best;
    if (threadIdx.x == 0)
        best = v;
    __syncthreads();
    atomicMax(&best, v);
    __threadfence_block();
    __syncthreads();
    int r = best;
    __syncthreads();
    return r;
}

__global__ void preds(const int *in, int *out)
{
    int t = threadIdx.x;
    int v = in[blockIdx.x * B + t];
    int cnt = __syncthreads_count(v > 0);
    int all = __syncthreads_and(v > -50);
    int any = __syncthreads_or(v > 45);
    int mx = block_max(v);
    if (t == 0) {
        out[blockIdx.x * 4 + 0] = cnt;
        out[blockIdx.x * 4 + 1] = all != 0;
        out[blockIdx.x * 4 + 2] = any != 0;
        out[blockIdx.x * 4 + 3] = mx;
    }
}

int main()
{
    const int nb = 5, n = nb * B;
    int in[n], out[nb * 4];
    unsigned s = 21u;
    for (int i = 0; i < n; i++) {
        s = s * 1664525u + 1013904223u;
        in[i] = (int)((s >> 8) % 100) - 50 + (i / B) * 2;   // later blocks shift up
    }
    int *din, *dout;
    CK(cudaMalloc(&din, sizeof in));
    CK(cudaMalloc(&dout, sizeof out));
    CK(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice));
    preds<<<nb, B>>>(din, dout);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int b = 0; b < nb; b++) {
        int cnt = 0, all = 1, any = 0, mx = in[b * B];
        for (int t = 0; t < B; t++) {
            int v = in[b * B + t];
            cnt += v > 0;
            all = all && v > -50;
            any = any || v > 45;
            mx = v > mx ? v : mx;
        }
        int want[4] = {cnt, all, any, mx};
        static const char *names[4] = {"__syncthreads_count", "__syncthreads_and",
                                       "__syncthreads_or", "block_max"};
        for (int k = 0; k < 4; k++)
            if (out[b * 4 + k] != want[k]) {
                printf("block %d %s: got %d, expected %d\n", b, names[k], out[b * 4 + k], want[k]);
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
