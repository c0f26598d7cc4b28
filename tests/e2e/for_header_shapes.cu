// for_header_shapes.cu: for loops around barriers whose headers are not
// the plain `int i = 0; i < n; i++`: a string literal holding ";" in the
// init, two declarators in the init with a comma increment, and an
// increment that advances a block-uniform local (every thread's copy must
// advance, not only thread 0's).
#include <cstdio>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define B 32

__global__ void string_init(int *out)
{
    __shared__ int s[B];
    int t = threadIdx.x, c = 0;
    for (const char *p = "a;b"; *p != 0; p++) {
        s[t] = t + c + *p;
        __syncthreads();
        c += s[B - 1 - t] % 7;
        __syncthreads();
    }
    out[blockIdx.x * B + t] = c;
}

__global__ void two_declarators(int *out, int n)
{
    __shared__ int s[B];
    int t = threadIdx.x, acc = 0;
    for (int a = 0, b = 1; a < n; a += B, b++) {
        s[t] = a + b * t;
        __syncthreads();
        acc += s[(t + 1) % B];
        __syncthreads();
    }
    out[blockIdx.x * B + t] = acc;
}

__global__ void uniform_increment(int *out, int base)
{
    __shared__ int cnt;
    if (threadIdx.x == 0) cnt = 0;
    __syncthreads();
    int nxt = base * 2 + (int)blockIdx.x;
    for (; cnt < 3; nxt = nxt + 1) {
        out[(blockIdx.x * 3 + cnt) * B + threadIdx.x] = nxt;
        __syncthreads();
        if (threadIdx.x == 0) cnt++;
        __syncthreads();
    }
}

int main()
{
    const int nb = 4, N = nb * 3 * B;
    int out[N], ref[N];
    int *dout;
    CK(cudaMalloc(&dout, sizeof out));
    int failures = 0;
#define CHECK(name, count) do { CK(cudaGetLastError()); CK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost)); \
    for (int i = 0; i < (count); i++) if (out[i] != ref[i]) { if (failures++ < 5) printf(name ": out[%d] = %d, expected %d\n", i, out[i], ref[i]); } } while (0)

    string_init<<<nb, B>>>(dout);
    for (int b = 0; b < nb; b++) for (int t = 0; t < B; t++) {
        int c[B];
        for (int u = 0; u < B; u++) c[u] = 0;
        for (const char *p = "a;b"; *p; p++) {
            int s[B];
            for (int u = 0; u < B; u++) s[u] = u + c[u] + *p;
            for (int u = 0; u < B; u++) c[u] += s[B - 1 - u] % 7;
        }
        ref[b * B + t] = c[t];
    }
    CHECK("string_init", nb * B);

    two_declarators<<<nb, B>>>(dout, 100);
    for (int b = 0; b < nb; b++) for (int t = 0; t < B; t++) {
        int acc = 0;
        for (int a = 0, c = 1; a < 100; a += B, c++) acc += a + c * ((t + 1) % B);
        ref[b * B + t] = acc;
    }
    CHECK("two_declarators", nb * B);

    uniform_increment<<<nb, B>>>(dout, 5);
    for (int b = 0; b < nb; b++) for (int c = 0; c < 3; c++) for (int t = 0; t < B; t++)
        ref[(b * 3 + c) * B + t] = 10 + b + c;
    CHECK("uniform_increment", N);

    CK(cudaFree(dout));
    if (failures) { printf("FAIL: %d mismatches\n", failures); return 1; }
    printf("PASS\n");
    return 0;
}
