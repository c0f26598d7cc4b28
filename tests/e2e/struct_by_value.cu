// struct_by_value.cu: structs passed by value to kernels: one with scalars and
// an array member, one holding device pointers, one nested.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

struct Params {
    int n;
    float a, b;
    int offs[4];
};

struct Buffers {
    const float *in;
    float *out;
};

struct Range {
    int lo, hi;
};

struct Job {
    Range r;
    char tag;
    double w;
};

__global__ void affine(Params p, Buffers buf, Job job)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= p.n)
        return;
    float v = p.a * buf.in[i] + p.b + (float)p.offs[i % 4];
    if (i >= job.r.lo && i < job.r.hi)
        v += (float)(job.w * (double)job.tag);
    buf.out[i] = v;
    p.a = 0.0f;   // a by-value copy: must not leak into other threads
}

int main()
{
    Params p;
    p.n = 600;
    p.a = 1.5f;
    p.b = -2.0f;
    for (int k = 0; k < 4; k++)
        p.offs[k] = 10 * k;
    Job job = {{100, 250}, 'A', 0.5};
    float *in = (float *)malloc(p.n * sizeof(float));
    float *out = (float *)malloc(p.n * sizeof(float));
    for (int i = 0; i < p.n; i++)
        in[i] = (float)(i % 50) * 0.25f;
    Buffers buf;
    float *din, *dout;
    CK(cudaMalloc(&din, p.n * sizeof(float)));
    CK(cudaMalloc(&dout, p.n * sizeof(float)));
    CK(cudaMemcpy(din, in, p.n * sizeof(float), cudaMemcpyHostToDevice));
    buf.in = din;
    buf.out = dout;
    affine<<<(p.n + 127) / 128, 128>>>(p, buf, job);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, p.n * sizeof(float), cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int i = 0; i < p.n; i++) {
        float want = p.a * in[i] + p.b + (float)p.offs[i % 4];
        if (i >= job.r.lo && i < job.r.hi)
            want += (float)(job.w * (double)job.tag);
        if (fabsf(out[i] - want) > 1e-4f) {
            if (failures < 10)
                printf("out[%d]: got %g, expected %g\n", i, out[i], want);
            failures++;
        }
    }
    cudaFree(din);
    cudaFree(dout);
    free(in);
    free(out);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
