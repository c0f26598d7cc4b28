// multi_kernel_constant.cu: three kernels in one file share __constant__
// data (weights and integer parameters), including a kernel that reads
// constants inside a loop over a shared tile.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define NW 5

__constant__ float c_w[NW];
__constant__ int c_params[3];   // offset, multiplier, modulus

__global__ void weight(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * c_w[i % NW];
}

__global__ void affine_mod(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = (in[i] * c_params[1] + c_params[0]) % c_params[2];
}

__global__ void smooth(const float *in, float *out, int n)
{
    __shared__ float tile[64 + NW - 1];
    int t = threadIdx.x;
    int base = blockIdx.x * 64;
    for (int k = t; k < 64 + NW - 1; k += blockDim.x)
        tile[k] = base + k < n ? in[base + k] : 0.0f;
    __syncthreads();
    for (int j = t; j < 64 && base + j < n; j += blockDim.x) {
        float acc = 0.0f;
        for (int k = 0; k < NW; k++)
            acc += c_w[k] * tile[j + k];
        out[base + j] = acc + (float)c_params[0];
    }
}

int main()
{
    const int n = 400;
    float hw[NW] = {0.5f, -1.0f, 2.0f, 0.25f, 1.5f};
    int hp[3] = {7, 3, 101};
    CK(cudaMemcpyToSymbol(c_w, hw, sizeof hw));
    CK(cudaMemcpyToSymbol(c_params, hp, sizeof hp));
    float *fin = (float *)malloc(n * sizeof(float));
    float *f1 = (float *)malloc(n * sizeof(float));
    float *f2 = (float *)malloc(n * sizeof(float));
    int *iin = (int *)malloc(n * sizeof(int));
    int *i1 = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++) {
        fin[i] = (float)(i % 23) - 11.0f;
        iin[i] = i * 5 + 1;
    }
    float *dfin, *df1, *df2;
    int *diin, *di1;
    CK(cudaMalloc(&dfin, n * sizeof(float)));
    CK(cudaMalloc(&df1, n * sizeof(float)));
    CK(cudaMalloc(&df2, n * sizeof(float)));
    CK(cudaMalloc(&diin, n * sizeof(int)));
    CK(cudaMalloc(&di1, n * sizeof(int)));
    CK(cudaMemcpy(dfin, fin, n * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(diin, iin, n * sizeof(int), cudaMemcpyHostToDevice));
    weight<<<(n + 127) / 128, 128>>>(dfin, df1, n);
    affine_mod<<<(n + 127) / 128, 128>>>(diin, di1, n);
    smooth<<<(n + 63) / 64, 32>>>(dfin, df2, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(f1, df1, n * sizeof(float), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(f2, df2, n * sizeof(float), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(i1, di1, n * sizeof(int), cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int i = 0; i < n; i++) {
        float w1 = fin[i] * hw[i % NW];
        int wi = (iin[i] * hp[1] + hp[0]) % hp[2];
        float w2 = 0.0f;
        for (int k = 0; k < NW; k++)
            w2 += hw[k] * (i + k < n ? fin[i + k] : 0.0f);
        w2 += (float)hp[0];
        if (f1[i] != w1 || i1[i] != wi || fabsf(f2[i] - w2) > 1e-4f) {
            if (failures < 10)
                printf("[%d]: got %g/%d/%g, expected %g/%d/%g\n", i, f1[i], i1[i], f2[i], w1, wi, w2);
            failures++;
        }
    }
    cudaFree(dfin);
    cudaFree(df1);
    cudaFree(df2);
    cudaFree(diin);
    cudaFree(di1);
    free(fin);
    free(f1);
    free(f2);
    free(iin);
    free(i1);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
