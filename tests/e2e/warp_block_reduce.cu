// A block reduction in two levels of warp shuffles: each warp folds its
// values with a __device__ function, lane 0 of each warp stores the warp's
// sum, and the first warp folds those with the same function, inlined a
// second time under `if (threadIdx.x < 32)`. Each copy of the inlined
// function must read its own shuffles' results. Blocks of 256 and of 96
// threads; the reference is the host's sum.
#include <cstdio>

__device__ float warp_sum(float v)
{
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    return v;
}

__global__ void block_sum(const float *in, float *out)
{
    __shared__ float w[32];
    int t = threadIdx.x, nw = (blockDim.x + 31) / 32;
    float v = in[blockIdx.x * blockDim.x + t];
    v = warp_sum(v);
    if (t % 32 == 0) w[t / 32] = v;
    __syncthreads();
    if (t < 32) {
        v = t < nw ? w[t] : 0;
        v = warp_sum(v);
        if (t == 0) out[blockIdx.x] = v;
    }
}

static int run(int nb, int bs)
{
    float *in, *out;
    cudaMallocManaged(&in, nb * bs * sizeof(float));
    cudaMallocManaged(&out, nb * sizeof(float));
    for (int i = 0; i < nb * bs; i++) in[i] = (float)(i % 13) - 6.0f;
    block_sum<<<nb, bs>>>(in, out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < nb; b++) {
        float e = 0;
        for (int t = 0; t < bs; t++) e += in[b * bs + t];
        if (out[b] != e && bad++ < 5) printf("%d threads, block %d: got %g want %g\n", bs, b, out[b], e);
    }
    cudaFree(in);
    cudaFree(out);
    return bad;
}

int main()
{
    int bad = run(5, 256) + run(3, 96);
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
