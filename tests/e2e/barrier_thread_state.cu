// barrier_thread_state.cu: per-thread state that must survive barriers: a
// local array, a struct, and a loop variable declared before the barrier and
// used after it; plus a switch on threadIdx between barriers and two
// barriers in a row.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define B 32

struct Acc {
    int sum;
    int last;
};

__global__ void state(const int *in, int *out)
{
    __shared__ int s[B];
    int t = threadIdx.x;
    int local[4];
    Acc acc = {0, -1};
    for (int k = 0; k < 4; k++)
        local[k] = in[blockIdx.x * B + (t + k) % B] * (k + 1);
    for (int round = 0; round < 4; round++) {
        s[t] = local[round] + acc.sum;
        __syncthreads();
        __syncthreads();
        int nb = s[(t + round + 1) % B];
        switch (t % 3) {
        case 0:
            acc.sum += nb;
            break;
        case 1:
            acc.sum -= nb;
            break;
        default:
            acc.sum ^= nb;
        }
        acc.last = round * 100 + local[3 - round] % 100;
        __syncthreads();
    }
    out[blockIdx.x * B + t] = acc.sum * 1000 + acc.last;
}

int main()
{
    const int nb = 3, n = nb * B;
    int in[n], out[n];
    for (int i = 0; i < n; i++)
        in[i] = (i * 53) % 71 - 35;
    int *din, *dout;
    CK(cudaMalloc(&din, sizeof in));
    CK(cudaMalloc(&dout, sizeof out));
    CK(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice));
    state<<<nb, B>>>(din, dout);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int b = 0; b < nb; b++) {
        int local[B][4], sum[B], last[B], s[B];
        for (int t = 0; t < B; t++) {
            for (int k = 0; k < 4; k++)
                local[t][k] = in[b * B + (t + k) % B] * (k + 1);
            sum[t] = 0;
            last[t] = -1;
        }
        for (int round = 0; round < 4; round++) {
            for (int t = 0; t < B; t++)
                s[t] = local[t][round] + sum[t];
            for (int t = 0; t < B; t++) {
                int nbv = s[(t + round + 1) % B];
                if (t % 3 == 0)
                    sum[t] += nbv;
                else if (t % 3 == 1)
                    sum[t] -= nbv;
                else
                    sum[t] ^= nbv;
                last[t] = round * 100 + local[t][3 - round] % 100;
            }
        }
        for (int t = 0; t < B; t++) {
            int want = sum[t] * 1000 + last[t];
            if (out[b * B + t] != want) {
                if (failures < 10)
                    printf("out[%d]: got %d, expected %d\n", b * B + t, out[b * B + t], want);
                failures++;
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
