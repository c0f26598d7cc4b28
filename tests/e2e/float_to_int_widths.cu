// Float and double to the other integer widths in device code, as an H100
// gives them (probed): `char`/`short` go through a saturating 32-bit signed
// conversion and then wrap (`(short)3e9f` is (short)INT_MAX, -1), the
// unsigned narrow types through the 32-bit unsigned one (`(unsigned char)
// -1.5f` is 0), `long`/`long long` saturate at 64 bits. NaN gives 0 from a
// float to 32 bits or narrower, 0x80000000 from a double to 32 bits (so 0
// after narrowing), 0x8000000000000000 to 64 bits; the intrinsics of every
// rounding mode give the same NaN values.
#include <cstdio>
#include <cmath>
#include <cstdint>

enum { N = 10, R = 20 };

__device__ short narrow(float x) { return x; }               // implicit, in a return

__global__ void convert(const float *f, const double *d, long long *out)
{
    int i = threadIdx.x;
    float x = f[i];
    double y = d[i];
    long long *r = out + i * R;
    r[0] = (signed char)x;
    r[1] = (unsigned char)x;
    r[2] = (short)x;
    r[3] = static_cast<unsigned short>(x);
    r[4] = (long)x;
    r[5] = (unsigned long long)x;
    r[6] = (short)y;
    r[7] = (unsigned char)y;
    r[8] = (long long)y;
    r[9] = (unsigned long)y;
    r[10] = narrow(x);
    unsigned short u = y;                                     // implicit, in an initializer
    r[11] = u;
    r[12] = __float2ll_rn(x);
    r[13] = __float2ull_rd(x);
    r[14] = __double2int_rn(y);
    r[15] = __double2uint_ru(y);
    r[16] = __double2ll_rz(y);
    r[17] = (int)y;
    r[18] = (unsigned)y;
    r[19] = (unsigned long long)y;
}

// The GPU's rule, written independently: round toward zero (or as given),
// clamp to [lo, hi], NaN to nan_value; all in 64 bits.
static long long sat(double v, double lo, double hi, long long nan_value, double (*rnd)(double) = std::trunc)
{
    if (std::isnan(v)) return nan_value;
    v = rnd(v);
    if (v <= lo) return (long long)lo;
    if (v >= hi) return hi >= 9.2e18 ? (hi > 1.8e19 ? (long long)UINT64_MAX : INT64_MAX) : (long long)hi;
    return v >= 9.2e18 ? (long long)(unsigned long long)v : (long long)v;
}

int main()
{
    float *f;
    double *d;
    long long *out;
    cudaMallocManaged(&f, N * sizeof(float));
    cudaMallocManaged(&d, N * sizeof(double));
    cudaMallocManaged(&out, N * R * sizeof(long long));
    const float v[N] = { NAN, INFINITY, -INFINITY, 1e30f, -1e30f, -1.5f, 3e9f, 70000.7f, -40000.2f, 1.5e19f };
    for (int i = 0; i < N; i++) { f[i] = v[i]; d[i] = v[i]; }
    convert<<<1, N>>>(f, d, out);
    cudaDeviceSynchronize();
    const double I32 = 2147483647.0, U32 = 4294967295.0, I64 = 9223372036854775807.0, U64 = 18446744073709551615.0;
    const long long NAN64 = INT64_MIN, NAN_D32 = INT32_MIN;
    int bad = 0;
    for (int i = 0; i < N; i++) {
        double x = f[i], y = d[i];
        long long e[R] = {
            (signed char)sat(x, -I32 - 1, I32, 0), (unsigned char)sat(x, 0, U32, 0),
            (short)sat(x, -I32 - 1, I32, 0), (unsigned short)sat(x, 0, U32, 0),
            sat(x, -I64 - 1, I64, NAN64), sat(x, 0, U64, NAN64),
            (short)sat(y, -I32 - 1, I32, NAN_D32), (unsigned char)sat(y, 0, U32, 0x80000000u),
            sat(y, -I64 - 1, I64, NAN64), sat(y, 0, U64, NAN64),
            (short)sat(x, -I32 - 1, I32, 0), (unsigned short)sat(y, 0, U32, 0x80000000u),
            sat(x, -I64 - 1, I64, NAN64, std::nearbyint), sat(x, 0, U64, NAN64, std::floor),
            (int)sat(y, -I32 - 1, I32, NAN_D32, std::nearbyint), (unsigned)sat(y, 0, U32, 0x80000000u, std::ceil),
            sat(y, -I64 - 1, I64, NAN64), (int)sat(y, -I32 - 1, I32, NAN_D32), (unsigned)sat(y, 0, U32, 0x80000000u),
            sat(y, 0, U64, NAN64),
        };
        for (int j = 0; j < R; j++)
            if (out[i * R + j] != e[j] && bad++ < 20)
                printf("value %d (%g), result %d: %llx, expected %llx\n", i, x, j,
                       (unsigned long long)out[i * R + j], (unsigned long long)e[j]);
    }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
