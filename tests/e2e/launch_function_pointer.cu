// launch_function_pointer.cu: kernels launched through function pointers:
// a table of kernels, a pointer passed to a host function that launches
// it, `(*fp)<<<...>>>`, a struct member, a conditional callee, a pointer
// to a template kernel's instance, dynamic shared memory through the
// pointer launch, and a launch whose argument launches another kernel.
// Pointers compare equal to the kernel they were taken from. Each result
// is checked against plain C.
#include <cstdio>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define N 64

__global__ void add(int *p, int v) { p[blockIdx.x * blockDim.x + threadIdx.x] += v; }
__global__ void mul(int *p, int v) { p[blockIdx.x * blockDim.x + threadIdx.x] *= v; }
template <class T> __global__ void sub(T *p, T v) { p[blockIdx.x * blockDim.x + threadIdx.x] -= v; }

// each thread adds the block's sum through dynamic shared memory
__global__ void add_block_sum(int *p, int unused)
{
    extern __shared__ int s[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = p[i];
    __syncthreads();
    int sum = 0;
    for (int j = 0; j < (int)blockDim.x; j++) sum += s[j];
    __syncthreads();
    p[i] += sum + unused * 0;
}

typedef void (*IntKernel)(int *, int);
struct Ops { IntKernel step; int arg; };

static void run(IntKernel k, int *d, int v) { k<<<N / 32, 32>>>(d, v); }

static int counter;
static int next_value(int *d)   // launches a kernel while the outer launch's arguments are evaluated
{
    add<<<N / 32, 32>>>(d, 100);
    return ++counter;
}

static void ref_apply(int *h, char op, int v)
{
    for (int i = 0; i < N; i++) h[i] = op == '+' ? h[i] + v : op == '*' ? h[i] * v : h[i] - v;
}

int main()
{
    int h[N], want[N], *d;
    for (int i = 0; i < N; i++) h[i] = want[i] = i;
    CK(cudaMalloc(&d, sizeof h));
    CK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    int bad = 0;

    IntKernel table[3] = { add, mul, &add };
    const char ops[3] = { '+', '*', '+' };
    for (int i = 0; i < 3; i++) {
        table[i]<<<N / 32, 32>>>(d, i + 2);
        ref_apply(want, ops[i], i + 2);
    }
    run(mul, d, 3);
    ref_apply(want, '*', 3);
    IntKernel fp = add;
    (*fp)<<<dim3(N / 16), dim3(16), 0, 0>>>(d, 7);
    ref_apply(want, '+', 7);
    Ops o = { mul, 2 };
    o.step<<<N / 32, 32>>>(d, o.arg);
    ref_apply(want, '*', 2);
    for (int flip = 0; flip < 2; flip++) {
        (flip ? add : mul)<<<N / 32, 32>>>(d, 5);
        ref_apply(want, flip ? '+' : '*', 5);
    }
    void (*tp)(int *, int) = sub<int>;
    tp<<<N / 32, 32>>>(d, 11);
    ref_apply(want, '-', 11);
    IntKernel sums = add_block_sum;
    sums<<<N / 16, 16, 16 * sizeof(int)>>>(d, 0);
    for (int b = 0; b < N / 16; b++) {
        int s = 0;
        for (int t = 0; t < 16; t++) s += want[b * 16 + t];
        for (int t = 0; t < 16; t++) want[b * 16 + t] += s;
    }
    fp<<<N / 32, 32>>>(d, next_value(d));
    ref_apply(want, '+', 100);
    ref_apply(want, '+', 1);
    CK(cudaGetLastError());
    if (fp != add || table[1] != mul || (void *)fp != (void *)add) {
        printf("a kernel pointer does not compare equal to its kernel\n");
        bad++;
    }
    CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++)
        if (h[i] != want[i] && bad++ < 5) printf("p[%d] = %d, expected %d\n", i, h[i], want[i]);
    cudaFree(d);
    if (bad) { printf("FAIL\n"); return 1; }
    printf("PASS\n");
    return 0;
}
