// A __device__ function template with a barrier, inlined where the call
// depends on the caller's template parameters and leaves a trailing
// template parameter to its default (HeCBench attention-paged:
// paged_attention_kernel<..., int PARTITION_SIZE = 0>).
#include <cstdio>

template <typename T, int N, bool SCALE, int STEP = 0>
__device__ void block_sum(const T *in, T *out)
{
    __shared__ T s[N];
    s[threadIdx.x] = in[blockIdx.x * N + threadIdx.x] * (SCALE ? 3 : 1) + STEP;
    __syncthreads();
    for (int w = N / 2; w > 0; w >>= 1) {
        if (threadIdx.x < w) s[threadIdx.x] += s[threadIdx.x + w];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}

template <typename T, int N, bool SCALE>
__global__ void sums(const T *in, T *out)
{
    block_sum<T, N, SCALE>(in, out);
}

template <typename T, int N, bool SCALE, int STEP>
__global__ void sums_step(const T *in, T *out)
{
    block_sum<T, N, SCALE, STEP>(in, out);
}

int main()
{
    const int nb = 4, n = nb * 32;
    int h[n], r[nb], q[nb], *din, *dout, *dq;
    for (int i = 0; i < n; i++) h[i] = (i * 5) % 11 - 3;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof r);
    cudaMalloc(&dq, sizeof q);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    sums<int, 32, true><<<nb, 32>>>(din, dout);
    sums_step<int, 32, false, 2><<<nb, 32>>>(din, dq);
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    cudaMemcpy(q, dq, sizeof q, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < nb; b++) {
        int ref = 0, refq = 0;
        for (int i = 0; i < 32; i++) { ref += 3 * h[b * 32 + i]; refq += h[b * 32 + i] + 2; }
        if (r[b] != ref) { printf("block %d: %d, expected %d\n", b, r[b], ref); bad = 1; }
        if (q[b] != refq) { printf("block %d step: %d, expected %d\n", b, q[b], refq); bad = 1; }
    }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
