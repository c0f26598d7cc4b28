// shared_forwarding.cu: the shapes the forward pass rewrites (a thread
// stores a __shared__ element, crosses a barrier and loads it back) and
// shapes it must leave alone, each checked against a host reference.
//  - weighted:  backprop's layer-forward shape; the store is dead after
//               forwarding (the thread overwrites its element next);
//  - neighbour: the stored value is pure (computed from the thread id) and
//               other threads read the element too, so the store stays;
//               the load sits in the second declarator of a declaration
//               whose initializer starts with `(`;
//  - clobber:   another thread writes the element between the barriers, so
//               nothing may be forwarded;
//  - decl_use:  the load is the initializer of a declaration, in a loop,
//               and the stored value is pure.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define H 8
#define W 16

__global__ void weighted(const float *in, const float *node, float *out)
{
    __shared__ float nv[H];
    __shared__ float m[H][W];
    int tx = threadIdx.x, ty = threadIdx.y;
    int base = blockIdx.x * H * W;
    if (tx == 0)
        nv[ty] = node[blockIdx.x * H + ty];
    m[ty][tx] = in[base + ty * W + tx];
    __syncthreads();
    m[ty][tx] = m[ty][tx] * nv[ty];
    __syncthreads();
    for (int s = H / 2; s > 0; s /= 2) {
        if (ty < s)
            m[ty][tx] += m[ty + s][tx];
        __syncthreads();
    }
    if (ty == 0)
        out[blockIdx.x * W + tx] = m[0][tx];
}

__global__ void neighbour(float *out, int n)
{
    __shared__ float v[64];
    int t = threadIdx.x;
    int g = blockIdx.x * blockDim.x + t;
    v[t] = 0.5f * g + 1.0f;
    __syncthreads();
    float left = t > 0 ? v[t - 1] : 0.0f, twice = (v[t]) * 2.0f;
    if (g < n)
        out[g] = twice + left;
}

__global__ void clobber(int *out)
{
    __shared__ int c[32];
    int t = threadIdx.x;
    c[t] = t;
    __syncthreads();
    if (t == 0)
        c[31] = 1000;
    __syncthreads();
    out[blockIdx.x * 32 + t] = c[t] + 1;
}

__global__ void decl_use(const int *in, int *out, int rounds)
{
    __shared__ int acc[32];
    int t = threadIdx.x;
    int total = 0;
    for (int r = 0; r < rounds; r++) {
        acc[t] = (t * 3 + (int)blockIdx.x) * (r + 1);
        __syncthreads();
        int mine = acc[t];
        int other = acc[(t + 1) % 32];
        total += mine - other;
        __syncthreads();
    }
    out[blockIdx.x * 32 + t] = total;
}

static int check(const char *what, int i, double got, double want, int *failures)
{
    double d = got - want;
    if (d < 0) d = -d;
    if (d > 1e-3 * (want < 0 ? -want : want) + 1e-4) {
        if (*failures < 10) printf("%s[%d]: got %g, expected %g\n", what, i, got, want);
        (*failures)++;
        return 1;
    }
    return 0;
}

int main()
{
    const int nb = 5, n = 300, nb2 = (n + 63) / 64, rounds = 3;
    float *in = (float *)malloc(nb * H * W * sizeof(float)), *node = (float *)malloc(nb * H * sizeof(float));
    float *out1 = (float *)malloc(nb * W * sizeof(float)), *out2 = (float *)malloc(n * sizeof(float));
    int *out3 = (int *)malloc(nb * 32 * sizeof(int)), *iin = (int *)malloc(nb * 32 * sizeof(int));
    int *out4 = (int *)malloc(nb * 32 * sizeof(int));
    for (int i = 0; i < nb * H * W; i++) in[i] = (float)((i * 7) % 13) - 6.0f;
    for (int i = 0; i < nb * H; i++) node[i] = 0.25f * (float)(i % 5) + 0.5f;
    for (int i = 0; i < nb * 32; i++) iin[i] = (i * 11) % 17 - 8;

    float *din, *dnode, *dout1, *dout2;
    int *dout3, *diin, *dout4;
    CK(cudaMalloc(&din, nb * H * W * sizeof(float)));
    CK(cudaMalloc(&dnode, nb * H * sizeof(float)));
    CK(cudaMalloc(&dout1, nb * W * sizeof(float)));
    CK(cudaMalloc(&dout2, n * sizeof(float)));
    CK(cudaMalloc(&dout3, nb * 32 * sizeof(int)));
    CK(cudaMalloc(&diin, nb * 32 * sizeof(int)));
    CK(cudaMalloc(&dout4, nb * 32 * sizeof(int)));
    CK(cudaMemcpy(din, in, nb * H * W * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dnode, node, nb * H * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(diin, iin, nb * 32 * sizeof(int), cudaMemcpyHostToDevice));
    weighted<<<nb, dim3(W, H)>>>(din, dnode, dout1);
    neighbour<<<nb2, 64>>>(dout2, n);
    clobber<<<nb, 32>>>(dout3);
    decl_use<<<nb, 32>>>(diin, dout4, rounds);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out1, dout1, nb * W * sizeof(float), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(out2, dout2, n * sizeof(float), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(out3, dout3, nb * 32 * sizeof(int), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(out4, dout4, nb * 32 * sizeof(int), cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int b = 0; b < nb; b++)
        for (int x = 0; x < W; x++) {
            double s = 0;
            for (int y = 0; y < H; y++) s += (double)in[b * H * W + y * W + x] * node[b * H + y];
            check("weighted", b * W + x, out1[b * W + x], s, &failures);
        }
    for (int g = 0; g < n; g++) {
        int t = g % 64;
        double left = t > 0 ? 0.5 * (g - 1) + 1.0 : 0.0;
        check("neighbour", g, out2[g], (0.5 * g + 1.0) * 2.0 + left, &failures);
    }
    for (int i = 0; i < nb * 32; i++) {
        int t = i % 32;
        check("clobber", i, out3[i], (t == 31 ? 1000 : t) + 1, &failures);
    }
    for (int b = 0; b < nb; b++)
        for (int t = 0; t < 32; t++) {
            int total = 0;
            for (int r = 0; r < rounds; r++)
                total += (t * 3 + b) * (r + 1) - ((t + 1) % 32 * 3 + b) * (r + 1);
            check("decl_use", b * 32 + t, out4[b * 32 + t], total, &failures);
        }
    cudaFree(din); cudaFree(dnode); cudaFree(dout1); cudaFree(dout2);
    cudaFree(dout3); cudaFree(diin); cudaFree(dout4);
    free(in); free(node); free(out1); free(out2); free(out3); free(iin); free(out4);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
