// A float or double converted to int or unsigned int in device code
// saturates as the GPU's cvt.rzi does: out-of-range values clamp to the
// type's range; NaN gives 0 from a float, 0x80000000 from a double (as an
// H100 gives). On x86 a plain cast gives 0x80000000 or wraps
// (C++ leaves it undefined). Explicit casts, implicit conversions
// (initializer, argument, return), in a kernel and in a __device__
// function; a constant conversion (an array bound) stays a constant.
#include <cstdio>
#include <climits>
#include <cmath>

enum { N = 12, R = 8 };

__device__ unsigned bin_of(float x, int n) { return (unsigned)(x * n); }
__device__ int trunc_of(double d) { return d; }          // implicit, in a return
__device__ int take(int v) { return v; }

__global__ void convert(const float *f, const double *d, long long *out)
{
    __shared__ int scratch[(int)(N * 1.0f)];             // constant: stays one
    int i = threadIdx.x;
    float x = f[i];
    int a = x;                                            // implicit, in an initializer
    scratch[i] = a;
    long long *r = out + i * R;
    r[0] = scratch[i];
    r[1] = (unsigned)x;
    r[2] = static_cast<int>(d[i]);
    r[3] = unsigned(d[i]);
    r[4] = bin_of(x, 3);
    r[5] = trunc_of(d[i]);
    r[6] = take(x * 2);                                   // implicit, in an argument
    r[7] = (int)x + 1LL;
}

static long long sat(double v, double lo, double hi, long long nan_value = 0)
{
    if (std::isnan(v)) return nan_value;
    v = std::trunc(v);
    return v <= lo ? (long long)lo : v >= hi ? (long long)hi : (long long)v;
}

int main()
{
    float *f;
    double *d;
    long long *out;
    cudaMallocManaged(&f, N * sizeof(float));
    cudaMallocManaged(&d, N * sizeof(double));
    cudaMallocManaged(&out, N * R * sizeof(long long));
    const float v[N] = { 3e9f, -3e9f, 1e20f, -1.5f, NAN, 4294967040.f, -0.7f, 2.5f, INFINITY, -INFINITY, 123456.75f, -2147483648.f };
    for (int i = 0; i < N; i++) { f[i] = v[i]; d[i] = (double)v[i] * 1.0000001; }
    convert<<<1, N>>>(f, d, out);
    cudaDeviceSynchronize();
    const double IMIN = INT_MIN, IMAX = INT_MAX, UMAX = UINT_MAX;
    int bad = 0;
    for (int i = 0; i < N; i++) {
        double x = f[i], y = d[i];
        long long e[R] = { sat(x, IMIN, IMAX), sat(x, 0, UMAX), sat(y, IMIN, IMAX, INT_MIN), sat(y, 0, UMAX, 0x80000000u),
                           sat((double)(f[i] * 3), 0, UMAX), sat(y, IMIN, IMAX, INT_MIN), sat((double)(f[i] * 2), IMIN, IMAX),
                           sat(x, IMIN, IMAX) + 1 };
        for (int j = 0; j < R; j++)
            if (out[i * R + j] != e[j] && bad++ < 10)
                printf("value %d (%g), result %d: %lld, expected %lld\n", i, x, j, out[i * R + j], e[j]);
    }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
