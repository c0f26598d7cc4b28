// launch_in_macro.cu: launches whose `<<<...>>>` is written in a macro's
// body: the kernel as a macro argument (`RUN(k, g, b, ...)`), with shared
// memory and stream arguments, a template kernel with its arguments
// written, a kernel pointer as the argument, a kernel named in the body
// itself, and a macro used many times, also in a host loop with another
// launch. Each result is checked against plain C.
#include <cstdio>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define RUN(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)
#define RUN4(k, g, b, s, st, ...) k<<<(g), (b), (s), (st)>>>(__VA_ARGS__)
#define ADD_ALL(p, v) add<<<N / 32, 32>>>(p, v)
#define N 64

__global__ void add(int *p, int v) { p[blockIdx.x * blockDim.x + threadIdx.x] += v; }
template <class T> __global__ void twice(T *p) { p[blockIdx.x * blockDim.x + threadIdx.x] *= 2; }

// rotates each block's part of p by one through dynamic shared memory
__global__ void rotate(int *p)
{
    extern __shared__ int s[];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    s[t] = p[i];
    __syncthreads();
    p[i] = s[(t + 1) % blockDim.x];
}

int main()
{
    int h[N], want[N], *d;
    for (int i = 0; i < N; i++) h[i] = want[i] = i;
    CK(cudaMalloc(&d, sizeof h));
    CK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    cudaStream_t st;
    CK(cudaStreamCreate(&st));

    RUN(add, N / 32, 32, d, 3);
    for (int i = 0; i < N; i++) want[i] += 3;
    RUN(twice<int>, dim3(N / 16), dim3(16), d);
    for (int i = 0; i < N; i++) want[i] *= 2;
    RUN4(rotate, N / 16, 16, 16 * sizeof(int), st, d);
    int tmp[N];
    for (int i = 0; i < N; i++) tmp[i] = want[(i / 16) * 16 + (i % 16 + 1) % 16];
    for (int i = 0; i < N; i++) want[i] = tmp[i];
    void (*fp)(int *, int) = add;
    for (int r = 0; r < 3; r++) {
        RUN(fp, N / 32, 32, d, r);
        ADD_ALL(d, 10);
        for (int i = 0; i < N; i++) want[i] += r + 10;
    }
    for (int r = 0; r < 3; r++) {      // a host loop of launches, as the team pass looks for
        ADD_ALL(d, r);
        add<<<N / 32, 32>>>(d, 1);
        for (int i = 0; i < N; i++) want[i] += r + 1;
    }
    CK(cudaStreamSynchronize(st));
    CK(cudaGetLastError());
    CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < N; i++)
        if (h[i] != want[i] && bad++ < 5) printf("p[%d] = %d, expected %d\n", i, h[i], want[i]);
    cudaStreamDestroy(st);
    cudaFree(d);
    if (bad) { printf("FAIL\n"); return 1; }
    printf("PASS\n");
    return 0;
}
