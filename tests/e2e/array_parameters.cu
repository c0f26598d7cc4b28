// Parameters declared as arrays are pointers: `float3 c[16]` in a
// __device__ function with a barrier (inlined into the kernel, as NVIDIA's
// dxtc sample does with loadColorBlock(image, colors, sums, xrefs, ...)),
// bound to __shared__ arrays and to a kernel parameter declared `int k[]`.
#include <cstdio>

enum { NT = 16, NB = 3 };

__device__ void load(const int *in, float3 c[16], int x[NT], int k[])
{
    int t = threadIdx.x;
    c[t] = make_float3(in[t], 2.0f * in[t], k[t]);
    __syncthreads();
    x[t] = (int)(c[(t + 1) % NT].x + c[(t + 2) % NT].y + c[t].z);
    __syncthreads();
}

__global__ void gather(const int *in, int k[], int *out)
{
    __shared__ float3 cs[NT];
    __shared__ int xs[NT];
    load(in + blockIdx.x * NT, cs, xs, k);
    out[blockIdx.x * NT + threadIdx.x] = xs[NT - 1 - threadIdx.x];
}

int main()
{
    int *in, *k, *out;
    cudaMallocManaged(&in, NB * NT * sizeof(int));
    cudaMallocManaged(&k, NT * sizeof(int));
    cudaMallocManaged(&out, NB * NT * sizeof(int));
    for (int i = 0; i < NB * NT; i++) in[i] = (i * 5) % 17;
    for (int i = 0; i < NT; i++) k[i] = 100 * i;
    gather<<<NB, NT>>>(in, k, out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < NB; b++)
        for (int t = 0; t < NT; t++) {
            const int *x = in + b * NT;
            int u = NT - 1 - t;
            int want = x[(u + 1) % NT] + 2 * x[(u + 2) % NT] + k[u];
            if (out[b * NT + t] != want && bad++ < 10) printf("block %d thread %d: %d, expected %d\n", b, t, out[b * NT + t], want);
        }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
