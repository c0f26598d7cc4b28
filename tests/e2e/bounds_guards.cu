// bounds_guards.cu: kernels whose leading guard the bounds pass turns into
// thread loop bounds: `if (i >= n) return;`, `if (i < n) { ... }`, `<=`,
// a two-dimensional guard on a shrinking triangle (Rodinia gaussian's Fan2,
// whose row test is the same for a whole thread loop and whose column test
// bounds it), a guard that leaves no thread of a block (or of the launch)
// running, and an unsigned index, whose guard stays. Sizes are not
// multiples of the block size. Everything is checked against the host.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void exit_guard(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    y[i] = a * x[i] + y[i];
}

__global__ void enter_guard(int n, const float *x, float *y)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        y[i] = v * v;
    }
}

__global__ void le_guard(int last, int *out)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    if (i <= last) out[i] = 3 * i;
}

__global__ void fan2(const float *m, float *a, int n, int t)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= n - 1 - t || y >= n - t) return;
    long row = (long)(x + 1 + t) * n;
    a[row + y + t] -= m[row + t] * a[(long)t * n + y + t];
}

__global__ void offset_guard(int lo, int hi, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x + lo;
    if (i >= hi || 0 > lo) return;
    out[i] += 1;
}

__global__ void unsigned_guard(unsigned n, int *out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 7;
}

static int check_f(const char *what, const float *got, const float *want, int n)
{
    for (int i = 0; i < n; i++) {
        float d = got[i] - want[i];
        if (d > 1e-3f || d < -1e-3f) {
            printf("%s: [%d] = %g, expected %g\n", what, i, got[i], want[i]);
            return 1;
        }
    }
    return 0;
}

static int check_i(const char *what, const int *got, const int *want, int n)
{
    for (int i = 0; i < n; i++)
        if (got[i] != want[i]) {
            printf("%s: [%d] = %d, expected %d\n", what, i, got[i], want[i]);
            return 1;
        }
    return 0;
}

int main()
{
    const int n = 1000, cap = 1200, g = 37;
    int bad = 0;
    float *x, *y, *ref = (float *)malloc(cap * sizeof(float));
    int *o, *iref = (int *)malloc(cap * sizeof(int));
    cudaMallocManaged(&x, cap * sizeof(float));
    cudaMallocManaged(&y, cap * sizeof(float));
    cudaMallocManaged(&o, cap * sizeof(int));

    for (int i = 0; i < cap; i++) { x[i] = (float)(i % 13); y[i] = ref[i] = (float)(i % 7); }
    exit_guard<<<(n + 127) / 128, 128>>>(n, 2.0f, x, y);
    exit_guard<<<4, 128>>>(0, 2.0f, x, y);              /* no thread runs */
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i++) ref[i] = 2.0f * x[i] + ref[i];
    bad |= check_f("exit_guard", y, ref, cap);

    for (int i = 0; i < cap; i++) y[i] = ref[i] = -1.0f;
    enter_guard<<<(n + 255) / 256, 256>>>(n, x, y);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i++) ref[i] = x[i] * x[i];
    bad |= check_f("enter_guard", y, ref, cap);

    for (int i = 0; i < cap; i++) o[i] = iref[i] = -1;
    le_guard<<<(n + 63) / 64, 64>>>(n - 1, o);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i++) iref[i] = 3 * i;
    bad |= check_i("le_guard", o, iref, cap);

    for (int i = 0; i < cap; i++) o[i] = iref[i] = 0;
    offset_guard<<<(n + 99) / 100, 100>>>(150, 777, o);
    offset_guard<<<3, 100>>>(-5, 777, o);                /* a uniform test that stops every thread */
    cudaDeviceSynchronize();
    for (int i = 150; i < 777; i++) iref[i] = 1;
    bad |= check_i("offset_guard", o, iref, cap);

    for (int i = 0; i < cap; i++) o[i] = iref[i] = 0;
    unsigned_guard<<<(n + 127) / 128, 128>>>((unsigned)n, o);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i++) iref[i] = 7;
    bad |= check_i("unsigned_guard", o, iref, cap);

    /* forward elimination on a g x g matrix, blocks of 16 x 16 */
    float *a, *m, *ra = (float *)malloc(g * g * sizeof(float)), *rm = (float *)malloc(g * g * sizeof(float));
    cudaMallocManaged(&a, g * g * sizeof(float));
    cudaMallocManaged(&m, g * g * sizeof(float));
    for (int i = 0; i < g * g; i++) {
        a[i] = ra[i] = (float)((i * 7) % 11) + (i % (g + 1) == 0 ? 20.0f : 0.0f);
        m[i] = rm[i] = 0.0f;
    }
    dim3 block(16, 16), grid((g + 15) / 16, (g + 15) / 16);
    for (int t = 0; t < g - 1; t++) {
        for (int r = t + 1; r < g; r++) m[r * g + t] = rm[r * g + t] = a[r * g + t] / a[t * g + t];
        fan2<<<grid, block>>>(m, a, g, t);
        cudaDeviceSynchronize();
        for (int r = t + 1; r < g; r++)
            for (int c = t; c < g; c++) ra[r * g + c] -= rm[r * g + t] * ra[t * g + c];
    }
    bad |= check_f("fan2", a, ra, g * g);

    if (cudaGetLastError() != cudaSuccess) { printf("launch error\n"); bad = 1; }
    cudaFree(x); cudaFree(y); cudaFree(o); cudaFree(a); cudaFree(m);
    free(ref); free(iref); free(ra); free(rm);
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
