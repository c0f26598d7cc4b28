// host_headers.cu: system headers that CUDA programs include next to the
// CUDA ones. <omp.h> works in a .cu (the program links with OpenMP
// anyway), <malloc.h> and <unistd.h> do not clash with the C library as
// device code sees it. _OPENMP is not defined, although the translated
// program is compiled with -fopenmp: the user did not ask for OpenMP, so
// this file's CPU-only double3 stays out (it would clash with CUDA's).
#include <cstdio>
#include <cstdlib>
#include <omp.h>
#include <malloc.h>
#include <unistd.h>
#include <cuda_runtime.h>

#ifdef _OPENMP
typedef struct { double x, y, z; } double3;
#define SAW_OPENMP 1
#else
#define SAW_OPENMP 0
#endif

__global__ void scale(double3 *v, int n, double s)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        v[i].x *= s;
        v[i].y *= s;
        v[i].z *= s;
    }
}

int main(void)
{
    int fails = 0;
    if (SAW_OPENMP) {
        printf("_OPENMP is visible to a program that did not ask for OpenMP\n");
        fails++;
    }
    if (omp_get_max_threads() < 1) {
        printf("omp_get_max_threads() = %d\n", omp_get_max_threads());
        fails++;
    }
    long page = sysconf(_SC_PAGESIZE);
    const int n = 1000;
    double3 *h = (double3 *)memalign((size_t)page, n * sizeof(double3));
    if (!h || malloc_usable_size(h) < n * sizeof(double3)) {
        printf("memalign/malloc_usable_size failed\n");
        return 1;
    }
    for (int i = 0; i < n; i++)
        h[i] = make_double3(i, 2.0 * i, -i);
    double3 *d;
    cudaMalloc(&d, n * sizeof(double3));
    cudaMemcpy(d, h, n * sizeof(double3), cudaMemcpyHostToDevice);
    scale<<<(n + 127) / 128, 128>>>(d, n, 0.5);
    cudaMemcpy(h, d, n * sizeof(double3), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        if (h[i].x != 0.5 * i || h[i].y != 1.0 * i || h[i].z != -0.5 * i) {
            printf("v[%d] = (%g, %g, %g)\n", i, h[i].x, h[i].y, h[i].z);
            fails++;
            break;
        }
    cudaFree(d);
    free(h);
    if (fails)
        return 1;
    printf("PASS\n");
    return 0;
}
