// normalize.cu: the paper's parallel-LICM example. Every thread calls
// sum(in, n); after translation the call must run once per launch, so the
// work grows linearly with n (tests/passes/licm_linear.sh counts
// instructions at two sizes).
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

__device__ float sum(const float *data, int n)
{
    float s = 0.0f;
    for (int i = 0; i < n; i++)
        s += data[i];
    return s;
}

__global__ void normalize(float *out, const float *in, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    float val = sum(in, n);
    if (tid < n)
        out[tid] = in[tid] / val;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    float *in, *out;
    cudaMallocManaged(&in, n * sizeof(float));
    cudaMallocManaged(&out, n * sizeof(float));
    double total = 0.0;
    for (int i = 0; i < n; i++) {
        in[i] = 1.0f + (float)(i % 7);
        total += in[i];
    }
    normalize<<<(n + 127) / 128, 128>>>(out, in, n);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int i = 0; i < n; i++)
        if (fabs(out[i] - in[i] / total) > 1e-6) bad++;
    printf(bad ? "FAIL: %d mismatches\n" : "PASS\n", bad);
    return bad != 0;
}
