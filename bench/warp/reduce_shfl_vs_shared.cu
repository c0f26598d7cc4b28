// A block sum reduction written two ways, timed side by side in one run:
//   shared: the classic tree in shared memory with __syncthreads();
//   shfl:   each warp folds with __shfl_down_sync, warp sums meet in
//           shared memory, the first warp folds them with shuffles.
// Prints one line per variant: `variant <name> <best of REPS ms>` and
// checks both against the host sum. Usage: reduce_shfl_vs_shared [N] [REPS]
#include <cstdio>
#include <cstdlib>
#include <chrono>

enum { BS = 256 };

__global__ void reduce_shared(const float *in, float *out, int n)
{
    __shared__ float s[BS];
    int t = threadIdx.x, i = blockIdx.x * BS * 2 + t;
    float v = 0;
    if (i < n) v += in[i];
    if (i + BS < n) v += in[i + BS];
    s[t] = v;
    __syncthreads();
    for (int k = BS / 2; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

__device__ float warp_sum(float v)
{
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    return v;
}

__global__ void reduce_shfl(const float *in, float *out, int n)
{
    __shared__ float w[BS / 32];
    int t = threadIdx.x, i = blockIdx.x * BS * 2 + t;
    float v = 0;
    if (i < n) v += in[i];
    if (i + BS < n) v += in[i + BS];
    v = warp_sum(v);
    if (t % 32 == 0) w[t / 32] = v;
    __syncthreads();
    if (t < 32) {
        v = t < BS / 32 ? w[t] : 0;
        v = warp_sum(v);
        if (t == 0) out[blockIdx.x] = v;
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 24, reps = argc > 2 ? atoi(argv[2]) : 5;
    int nb = (n + 2 * BS - 1) / (2 * BS);
    float *in, *out;
    cudaMallocManaged(&in, n * sizeof(float));
    cudaMallocManaged(&out, nb * sizeof(float));
    double ref = 0;
    for (int i = 0; i < n; i++) { in[i] = (float)(i % 7) - 3.0f; ref += in[i]; }
    int bad = 0;
    for (int variant = 0; variant < 2; variant++) {
        double best = 1e30;
        for (int r = 0; r < reps; r++) {
            auto t0 = std::chrono::steady_clock::now();
            if (variant == 0) reduce_shared<<<nb, BS>>>(in, out, n);
            else reduce_shfl<<<nb, BS>>>(in, out, n);
            cudaDeviceSynchronize();
            double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
            if (ms < best) best = ms;
        }
        double sum = 0;
        for (int b = 0; b < nb; b++) sum += out[b];
        if (sum != ref) { printf("%s: sum %g, want %g\n", variant ? "shfl" : "shared", sum, ref); bad = 1; }
        printf("variant %s %.3f\n", variant ? "shfl" : "shared", best);
    }
    return bad;
}
