// A kernel template with an explicit specialization (HeCBench
// crossEntropy: loss_bwd<scalar_t, gscalar_t> and loss_bwd<__half, __half>):
// each has its own body; both are translated.
#include <cstdio>

template <typename T>
__global__ void bump(T *a) { a[blockIdx.x * blockDim.x + threadIdx.x] += 1; }

template <>
__global__ void bump<double>(double *a) { a[blockIdx.x * blockDim.x + threadIdx.x] += 2; }

template <typename T, int N>
__device__ T scaled(T v) { return v * N; }

template <>
__device__ int scaled<int, 3>(int v) { return v * 3 + (int)threadIdx.x % 2; }

__global__ void apply(int *a) { a[threadIdx.x] = scaled<int, 3>(a[threadIdx.x]) + scaled<int, 2>(1); }

int main()
{
    const int n = 64;
    float *f;
    double *d;
    int *k;
    cudaMallocManaged(&f, n * sizeof(float));
    cudaMallocManaged(&d, n * sizeof(double));
    cudaMallocManaged(&k, n * sizeof(int));
    for (int i = 0; i < n; i++) { f[i] = i; d[i] = i; k[i] = i; }
    bump<<<2, 32>>>(f);
    bump<<<2, 32>>>(d);
    apply<<<1, n>>>(k);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int i = 0; i < n; i++) {
        if (f[i] != i + 1) { printf("f[%d] = %g\n", i, f[i]); bad = 1; }
        if (d[i] != i + 2) { printf("d[%d] = %g\n", i, d[i]); bad = 1; }
        if (k[i] != 3 * i + i % 2 + 2) { printf("k[%d] = %d\n", i, k[i]); bad = 1; }
    }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
