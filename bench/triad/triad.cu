/* triad.cu: the same triad as triad.c as a CUDA kernel (one element per
   thread, 256 threads per block), built with cucpu. Memory comes from
   cudaMalloc and is first written by a kernel, as a CUDA program does.
   Each run is a launch plus cudaDeviceSynchronize timed on the host; the
   best of NTIMES is printed as GB/s, 24 bytes per element.
   Usage: triad_cu [elements] [times]. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

__global__ void init(double *a, double *b, double *c, long n)
{
    long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        a[i] = 0.0;
        b[i] = 1.0 + (double)(i & 1023);
        c[i] = 2.0;
    }
}

__global__ void triad(double *a, const double *b, const double *c, double s, long n)
{
    long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = b[i] + s * c[i];
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1L << 26;
    int times = argc > 2 ? atoi(argv[2]) : 10;
    double *a, *b, *c;
    if (cudaMalloc(&a, n * sizeof(double)) != cudaSuccess || cudaMalloc(&b, n * sizeof(double)) != cudaSuccess ||
        cudaMalloc(&c, n * sizeof(double)) != cudaSuccess) {
        fprintf(stderr, "triad_cu: cudaMalloc failed for %ld elements\n", n);
        return 1;
    }
    unsigned blocks = (unsigned)((n + 255) / 256);
    init<<<blocks, 256>>>(a, b, c, n);
    cudaDeviceSynchronize();
    double best = 1e30;
    for (int t = 0; t < times; t++) {
        double t0 = now();
        triad<<<blocks, 256>>>(a, b, c, 3.0, n);
        cudaDeviceSynchronize();
        double dt = now() - t0;
        if (dt < best)
            best = dt;
    }
    double *h = (double *)malloc(n * sizeof(double));
    cudaMemcpy(h, a, n * sizeof(double), cudaMemcpyDeviceToHost);
    for (long i = 0; i < n; i += n / 7 + 1)
        if (h[i] != 1.0 + (double)(i & 1023) + 6.0) {
            fprintf(stderr, "triad_cu: wrong a[%ld] = %g\n", i, h[i]);
            return 1;
        }
    printf("triad_cu elements=%ld best_s=%.6f GB/s=%.2f\n", n, best, 24.0 * n / best / 1e9);
    free(h);
    cudaFree(a); cudaFree(b); cudaFree(c);
    return 0;
}
