// user_atomic_overloads.cu: a program defines the atomic functions that
// CUDA lacks, as many do: atomicMax/atomicMin on float and double (no
// architecture has them) from atomicCAS, and atomicAdd on double for
// architectures before sm_60 behind the usual __CUDA_ARCH__ test. cucpu
// must declare only nvcc's overloads for the target architecture (sm_75 by
// default), or these definitions clash with its own.
#include <cstdio>
#include <cuda_runtime.h>

__device__ double atomicMax(double *addr, double v)
{
    unsigned long long *p = (unsigned long long *)addr;
    unsigned long long old = *p, seen;
    do {
        seen = old;
        if (__longlong_as_double(seen) >= v)
            break;
        old = atomicCAS(p, seen, __double_as_longlong(v));
    } while (old != seen);
    return __longlong_as_double(old);
}

__device__ double atomicMin(double *addr, double v)
{
    unsigned long long *p = (unsigned long long *)addr;
    unsigned long long old = *p, seen;
    do {
        seen = old;
        if (__longlong_as_double(seen) <= v)
            break;
        old = atomicCAS(p, seen, __double_as_longlong(v));
    } while (old != seen);
    return __longlong_as_double(old);
}

__device__ float atomicMax(float *addr, float v)
{
    int *p = (int *)addr;
    int old = *p, seen;
    do {
        seen = old;
        if (__int_as_float(seen) >= v)
            break;
        old = atomicCAS(p, seen, __float_as_int(v));
    } while (old != seen);
    return __int_as_float(old);
}

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600
__device__ double atomicAdd(double *addr, double v)
{
    unsigned long long *p = (unsigned long long *)addr;
    unsigned long long old = *p, seen;
    do {
        seen = old;
        old = atomicCAS(p, seen, __double_as_longlong(v + __longlong_as_double(seen)));
    } while (old != seen);
    return __longlong_as_double(old);
}
#endif

// out[0] = max, out[1] = min, out[2] = sum of x; fout[0] = max of (float)x.
__global__ void reduce(const double *x, int n, double *out, float *fout)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicMax(&out[0], x[i]);
        atomicMin(&out[1], x[i]);
        atomicAdd(&out[2], x[i]);
        atomicMax(&fout[0], (float)x[i]);
    }
}

int main(void)
{
    const int n = 5000;
    static double h[n];
    double ref_max = -1e300, ref_min = 1e300, ref_sum = 0.0;
    for (int i = 0; i < n; i++) {
        h[i] = (double)((i * 7919) % 10007) - 5000.5;   // exact in binary, distinct
        ref_max = h[i] > ref_max ? h[i] : ref_max;
        ref_min = h[i] < ref_min ? h[i] : ref_min;
        ref_sum += h[i];
    }
    double init[3] = {-1e300, 1e300, 0.0}, got[3];
    float finit = -1e30f, fgot;
    double *dx, *dout;
    float *dfout;
    cudaMalloc(&dx, sizeof h);
    cudaMalloc(&dout, sizeof init);
    cudaMalloc(&dfout, sizeof finit);
    cudaMemcpy(dx, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemcpy(dout, init, sizeof init, cudaMemcpyHostToDevice);
    cudaMemcpy(dfout, &finit, sizeof finit, cudaMemcpyHostToDevice);
    reduce<<<(n + 255) / 256, 256>>>(dx, n, dout, dfout);
    cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost);
    cudaMemcpy(&fgot, dfout, sizeof fgot, cudaMemcpyDeviceToHost);
    int fails = 0;
    if (got[0] != ref_max) { printf("max %g, expected %g\n", got[0], ref_max); fails++; }
    if (got[1] != ref_min) { printf("min %g, expected %g\n", got[1], ref_min); fails++; }
    // Every partial sum is a multiple of 0.5 below 2^53: exact in any order.
    if (got[2] != ref_sum) { printf("sum %.17g, expected %.17g\n", got[2], ref_sum); fails++; }
    if (fgot != (float)ref_max) { printf("float max %g, expected %g\n", fgot, (float)ref_max); fails++; }
    cudaFree(dx);
    cudaFree(dout);
    cudaFree(dfout);
    if (fails)
        return 1;
    printf("PASS\n");
    return 0;
}
