// half_arith.cu: cuda_fp16.h's __half, bit for bit against an independent
// host reference (lowp_ref.h: rounding by exact search over the format).
// Kernels compute, over every binary16 pattern or over special and random
// pairs: arithmetic (__hadd & co, _rn, _sat, __hfma, _sat, _relu, the
// operators), comparisons (ordered, unordered, operators), __hmax/__hmin
// (_nan), classification, rounding to integral values, hsqrt/hrcp/hrsqrt
// (correctly rounded) and hexp/hlog/hsin/... (within one ulp), and the
// conversions from and to float, double and the integer types in every
// rounding mode, including subnormals, halfway cases, overflow to infinity
// and the canonical NaN 0x7FFF. Host code runs the __host__ __device__
// functions too, and `half one = 1; float f = one;`.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <climits>
#include <cmath>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include "lowp_ref.h"

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

static int failures;
static void fail_msg(const char *what, const char *in, unsigned long long got,
                     unsigned long long want)
{
    if (failures++ < 25)
        printf("%s(%s): got 0x%llx, expected 0x%llx\n", what, in, got, want);
}

// --- binary operations --------------------------------------------------
#define NB 24
__global__ void binary_ops(const unsigned short *pa, const unsigned short *pb,
                           const unsigned short *pc, unsigned short *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    __half a = __ushort_as_half(pa[i]), b = __ushort_as_half(pb[i]);
    __half c = __ushort_as_half(pc[i]);
    unsigned short *o = out + (size_t)i * NB;
    o[0] = __half_as_ushort(__hadd(a, b));
    o[1] = __half_as_ushort(__hsub(a, b));
    o[2] = __half_as_ushort(__hmul(a, b));
    o[3] = __half_as_ushort(__hdiv(a, b));
    o[4] = __half_as_ushort(__hadd_rn(a, b));
    o[5] = __half_as_ushort(__hsub_rn(a, b));
    o[6] = __half_as_ushort(__hmul_rn(a, b));
    o[7] = __half_as_ushort(__hadd_sat(a, b));
    o[8] = __half_as_ushort(__hsub_sat(a, b));
    o[9] = __half_as_ushort(__hmul_sat(a, b));
    o[10] = __half_as_ushort(__hmax(a, b));
    o[11] = __half_as_ushort(__hmin(a, b));
    o[12] = __half_as_ushort(__hmax_nan(a, b));
    o[13] = __half_as_ushort(__hmin_nan(a, b));
    o[14] = __half_as_ushort(a + b);
    o[15] = __half_as_ushort(a - b);
    o[16] = __half_as_ushort(a * b);
    o[17] = __half_as_ushort(a / b);
    o[18] = __heq(a, b) | __hne(a, b) << 1 | __hle(a, b) << 2 | __hge(a, b) << 3 |
            __hlt(a, b) << 4 | __hgt(a, b) << 5 | __hequ(a, b) << 6 | __hneu(a, b) << 7 |
            __hleu(a, b) << 8 | __hgeu(a, b) << 9 | __hltu(a, b) << 10 | __hgtu(a, b) << 11;
    o[19] = (a == b) | (a != b) << 1 | (a <= b) << 2 | (a >= b) << 3 | (a < b) << 4 |
            (a > b) << 5;
    o[20] = __half_as_ushort(__hfma(a, b, c));
    o[21] = __half_as_ushort(__hfma_sat(a, b, c));
    o[22] = __half_as_ushort(__hfma_relu(a, b, c));
    __half acc = c;
    acc *= a;
    acc += b;                            // two roundings, unlike __hfma
    o[23] = __half_as_ushort(acc);
}

static const char *const binary_names[NB] = {
    "__hadd", "__hsub", "__hmul", "__hdiv", "__hadd_rn", "__hsub_rn", "__hmul_rn",
    "__hadd_sat", "__hsub_sat", "__hmul_sat", "__hmax", "__hmin", "__hmax_nan", "__hmin_nan",
    "operator+", "operator-", "operator*", "operator/", "comparisons", "operator comparisons",
    "__hfma", "__hfma_sat", "__hfma_relu", "*= +="};

static const RefFormat &H = REF_HALF;

static unsigned ref_sat(unsigned r)
{
    double v = H.value(r);
    if (!(v > 0))
        return 0;                        // NaN and -0.0 too
    return v > 1 ? 0x3c00 : r;
}

// __hmax/__hmin: the other operand for one NaN, canonical for two, +0 > -0.
static unsigned ref_minmax(unsigned a, unsigned b, bool is_max, bool nan_wins)
{
    bool na = H.is_nan(a), nb = H.is_nan(b);
    if (na && nb)
        return 0x7fff;
    if (na || nb)
        return nan_wins ? 0x7fff : (na ? b : a);
    double x = H.value(a), y = H.value(b);
    if (x == y) {                        // equal: only the zeros differ
        bool a_neg = (a & 0x8000) != 0;
        return is_max ? (a_neg ? b : a) : (a_neg ? a : b);
    }
    return (x > y) == is_max ? a : b;
}

static unsigned ref_compare_bits(unsigned ab, unsigned bb)
{
    double x = H.value(ab), y = H.value(bb);
    bool un = x != x || y != y;
    bool eq = x == y, lt = x < y, gt = x > y;
    unsigned r = eq | (lt || gt) << 1 | (eq || lt) << 2 | (eq || gt) << 3 | lt << 4 | gt << 5;
    r |= (eq || un) << 6 | !eq << 7 | (!gt) << 8 | (!lt) << 9 | (lt || un) << 10 |
         (gt || un) << 11;
    return r;
}

static unsigned ref_binary_op(int k, unsigned a, unsigned b, unsigned c)
{
    switch (k) {
    case 0: case 4: case 14: return ref_binary(H, '+', a, b);
    case 1: case 5: case 15: return ref_binary(H, '-', a, b);
    case 2: case 6: case 16: return ref_binary(H, '*', a, b);
    case 3: case 17: return ref_binary(H, '/', a, b);
    case 7: return ref_sat(ref_binary(H, '+', a, b));
    case 8: return ref_sat(ref_binary(H, '-', a, b));
    case 9: return ref_sat(ref_binary(H, '*', a, b));
    case 10: return ref_minmax(a, b, true, false);
    case 11: return ref_minmax(a, b, false, false);
    case 12: return ref_minmax(a, b, true, true);
    case 13: return ref_minmax(a, b, false, true);
    case 18: return ref_compare_bits(a, b);
    case 19: {                           // != is the unordered __hneu
        unsigned r = ref_compare_bits(a, b);
        return (r & 0x3d) | (r >> 7 & 1) << 1;
    }
    case 20: return ref_fma_half(a, b, c);
    case 21: return ref_sat(ref_fma_half(a, b, c));
    case 22: {
        unsigned r = ref_fma_half(a, b, c);
        if (H.is_nan(r))
            return 0x7fff;
        return (r & 0x8000) ? 0 : r;     // negative and -0.0 become +0.0
    }
    default: return ref_binary(H, '+', ref_binary(H, '*', c, a), b);
    }
}

// Special values: zeros, subnormals, the extremes of the normal range,
// numbers around 1, large and halfway-prone values, infinities, NaNs.
static const unsigned short specials[] = {
    0x0000, 0x8000, 0x0001, 0x8001, 0x0002, 0x0003, 0x01ff, 0x0200, 0x03ff, 0x83ff, 0x0400,
    0x0401, 0x8400, 0x07ff, 0x1400, 0x2001, 0x3555, 0x37ff, 0x3800, 0x3bff, 0x3c00, 0xbc00,
    0x3c01, 0xbc01, 0x3c02, 0x3e00, 0x3fff, 0x4000, 0xc000, 0x4001, 0x4248, 0x5bff, 0x6000,
    0x77ff, 0x7800, 0x7bfe, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7c01, 0x7fff};
#define NSPEC (int)(sizeof specials / sizeof specials[0])

static unsigned rng_state = 12345u;
static unsigned rnd()
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

static void test_binary()
{
    const int nrand = 60000, n = NSPEC * NSPEC + nrand;
    unsigned short *a = (unsigned short *)malloc(n * 2), *b = (unsigned short *)malloc(n * 2);
    unsigned short *c = (unsigned short *)malloc(n * 2);
    unsigned short *o = (unsigned short *)malloc((size_t)n * NB * 2);
    int m = 0;
    for (int i = 0; i < NSPEC; i++)
        for (int j = 0; j < NSPEC; j++, m++) {
            a[m] = specials[i];
            b[m] = specials[j];
            c[m] = specials[(i * 7 + j * 3) % NSPEC];
        }
    for (; m < n; m++) {
        unsigned r = rnd();
        a[m] = (unsigned short)r;
        b[m] = (unsigned short)(r >> 16);
        // Exponents near each other make halfway cases and cancellation.
        if (m & 1)
            b[m] = (unsigned short)((b[m] & 0x83ff) | (a[m] & 0x7c00));
        c[m] = (m % 3) ? (unsigned short)rnd() : specials[rnd() % NSPEC];
    }
    unsigned short *da, *db, *dc, *dout;
    CK(cudaMalloc(&da, n * 2));
    CK(cudaMalloc(&db, n * 2));
    CK(cudaMalloc(&dc, n * 2));
    CK(cudaMalloc(&dout, (size_t)n * NB * 2));
    CK(cudaMemcpy(da, a, n * 2, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, b, n * 2, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dc, c, n * 2, cudaMemcpyHostToDevice));
    binary_ops<<<(n + 255) / 256, 256>>>(da, db, dc, dout, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(o, dout, (size_t)n * NB * 2, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        for (int k = 0; k < NB; k++) {
            unsigned want = ref_binary_op(k, a[i], b[i], c[i]);
            unsigned got = o[(size_t)i * NB + k];
            if (got != want) {
                char in[64];
                snprintf(in, sizeof in, "%s, %s, %s", ref_hex(a[i]), ref_hex(b[i]), ref_hex(c[i]));
                fail_msg(binary_names[k], in, got, want);
            }
        }
    // The same functions on the host (they are __host__ __device__).
    for (int i = 0; i < n; i += 5) {
        __half x = __ushort_as_half(a[i]), y = __ushort_as_half(b[i]);
        unsigned got[6] = {__half_as_ushort(__hadd(x, y)), __half_as_ushort(__hsub(x, y)),
                           __half_as_ushort(__hmul(x, y)), __half_as_ushort(__hdiv(x, y)),
                           __half_as_ushort(x + y), (unsigned)(__hlt(x, y) | (x >= y) << 1)};
        unsigned want[6] = {ref_binary(H, '+', a[i], b[i]), ref_binary(H, '-', a[i], b[i]),
                            ref_binary(H, '*', a[i], b[i]), ref_binary(H, '/', a[i], b[i]),
                            ref_binary(H, '+', a[i], b[i]),
                            (ref_compare_bits(a[i], b[i]) >> 4 & 1) |
                                (ref_compare_bits(a[i], b[i]) >> 3 & 1) << 1};
        for (int k = 0; k < 6; k++)
            if (got[k] != want[k])
                fail_msg("host arithmetic", ref_hex(a[i]), got[k], want[k]);
    }
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    cudaFree(dout);
    free(a);
    free(b);
    free(c);
    free(o);
}

// --- one operand: every binary16 pattern --------------------------------
#define NU 16
#define NM 9
#define NI 28
__global__ void unary_ops(unsigned short *out, unsigned short *approx, float *f,
                          long long *ints)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= 65536)
        return;
    __half h = __ushort_as_half((unsigned short)i);
    unsigned short *o = out + i * NU;
    o[0] = __half_as_ushort(__hneg(h));
    o[1] = __half_as_ushort(__habs(h));
    o[2] = __half_as_ushort(hrint(h));
    o[3] = __half_as_ushort(htrunc(h));
    o[4] = __half_as_ushort(hceil(h));
    o[5] = __half_as_ushort(hfloor(h));
    o[6] = __half_as_ushort(hsqrt(h));
    o[7] = __half_as_ushort(hrcp(h));
    o[8] = (unsigned short)(__hisnan(h) | (__hisinf(h) + 1) << 1 | (h ? 1 : 0) << 3);
    o[9] = __half_as_ushort(__float2half(__half2float(h)));
    o[10] = __half_as_ushort(-h);
    __half p = h, q = h;
    o[11] = __half_as_ushort(++p);
    o[12] = __half_as_ushort(q--);
    o[13] = __half_as_ushort(q);
    o[14] = __half_as_ushort(__short_as_half(__half_as_short(h)));
    o[15] = __half_as_ushort(hrsqrt(h));
    unsigned short *m = approx + i * NM;
    m[0] = __half_as_ushort(hexp(h));
    m[1] = __half_as_ushort(hexp2(h));
    m[2] = __half_as_ushort(hexp10(h));
    m[3] = __half_as_ushort(hlog(h));
    m[4] = __half_as_ushort(hlog2(h));
    m[5] = __half_as_ushort(hlog10(h));
    m[6] = __half_as_ushort(hsin(h));
    m[7] = __half_as_ushort(hcos(h));
    m[8] = __half_as_ushort(htanh(h));
    f[i] = __half2float(h);
    long long *n = ints + i * NI;
    n[0] = __half2int_rn(h);
    n[1] = __half2int_rz(h);
    n[2] = __half2int_rd(h);
    n[3] = __half2int_ru(h);
    n[4] = __half2uint_rn(h);
    n[5] = __half2uint_rz(h);
    n[6] = __half2uint_rd(h);
    n[7] = __half2uint_ru(h);
    n[8] = __half2short_rn(h);
    n[9] = __half2short_rz(h);
    n[10] = __half2short_rd(h);
    n[11] = __half2short_ru(h);
    n[12] = __half2ushort_rn(h);
    n[13] = __half2ushort_rz(h);
    n[14] = __half2ushort_rd(h);
    n[15] = __half2ushort_ru(h);
    n[16] = __half2ll_rn(h);
    n[17] = __half2ll_rz(h);
    n[18] = __half2ll_rd(h);
    n[19] = __half2ll_ru(h);
    n[20] = (long long)__half2ull_rn(h);
    n[21] = (long long)__half2ull_rz(h);
    n[22] = (long long)__half2ull_rd(h);
    n[23] = (long long)__half2ull_ru(h);
    n[24] = __half2char_rz(h);
    n[25] = __half2uchar_rz(h);
    int conv = h;                        // the conversion operators: toward zero
    n[26] = conv;
    n[27] = (long long)h;
}

static const char *const unary_names[NU] = {
    "__hneg", "__habs", "hrint", "htrunc", "hceil", "hfloor", "hsqrt", "hrcp",
    "__hisnan/__hisinf/bool", "__float2half(__half2float)", "unary -", "++h", "h--", "h-- after",
    "__short_as_half", "hrsqrt"};
static const char *const approx_names[NM] = {"hexp", "hexp2", "hexp10", "hlog", "hlog2",
                                             "hlog10", "hsin", "hcos", "htanh"};

static unsigned ref_integral(unsigned k, RefMode mode)
{
    double v = H.value(k);
    if (v != v)
        return 0x7fff;
    if (std::isinf(v))
        return k;
    double r = ref_to_integral(v, mode);
    if (r == 0)
        return k & 0x8000;               // the sign of a zero result is v's
    return ref_from_double(H, r);
}

// One rounding of x to binary16 from a double reference, within one ulp.
static bool near(unsigned got, double want)
{
    unsigned w = ref_from_double(H, want);
    if (got == w)
        return true;
    if (H.is_nan(got) || H.is_nan(w) || ((got ^ w) & 0x8000))
        return (got & 0x7fff) == 0 && (w & 0x7fff) == 0;
    unsigned d = got > w ? got - w : w - got;
    return d <= 1;
}

static long long ref_int(double v, RefMode mode, long long lo, long long hi, long long nan)
{
    if (v != v)
        return nan;
    double r = ref_to_integral(v, mode);
    if (r <= (double)lo)
        return lo;
    if (r >= (double)hi)
        return hi;
    return (long long)r;
}

static void test_unary()
{
    unsigned short *o = (unsigned short *)malloc(65536 * NU * 2);
    unsigned short *m = (unsigned short *)malloc(65536 * NM * 2);
    float *f = (float *)malloc(65536 * sizeof(float));
    long long *n = (long long *)malloc(65536 * NI * sizeof(long long));
    unsigned short *dout, *dm;
    float *df;
    long long *dn;
    CK(cudaMalloc(&dout, 65536 * NU * 2));
    CK(cudaMalloc(&dm, 65536 * NM * 2));
    CK(cudaMalloc(&df, 65536 * sizeof(float)));
    CK(cudaMalloc(&dn, 65536 * NI * sizeof(long long)));
    unary_ops<<<256, 256>>>(dout, dm, df, dn);
    CK(cudaGetLastError());
    CK(cudaMemcpy(o, dout, 65536 * NU * 2, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(m, dm, 65536 * NM * 2, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(f, df, 65536 * sizeof(float), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(n, dn, 65536 * NI * sizeof(long long), cudaMemcpyDeviceToHost));
    for (unsigned k = 0; k < 65536; k++) {
        bool nan = H.is_nan(k);
        double v = H.value(k);
        unsigned want[NU];
        want[0] = nan ? 0x7fff : k ^ 0x8000;
        want[1] = nan ? 0x7fff : k & 0x7fff;
        want[2] = ref_integral(k, REF_RN);
        want[3] = ref_integral(k, REF_RZ);
        want[4] = ref_integral(k, REF_RU);
        want[5] = ref_integral(k, REF_RD);
        want[6] = ref_sqrt(H, k);
        want[7] = ref_binary(H, '/', 0x3c00, k);
        want[8] = nan | (std::isinf(v) ? (v < 0 ? 0 : 2) : 1) << 1 | ((k & 0x7fff) != 0) << 3;
        want[9] = nan ? 0x7fff : k;
        want[10] = want[0];
        want[11] = ref_binary(H, '+', k, 0x3c00);
        want[12] = k;
        want[13] = ref_binary(H, '-', k, 0x3c00);
        want[14] = k;
        want[15] = 0;                    // checked below, within one ulp
        for (int j = 0; j < NU; j++)
            if (j != 15 && o[k * NU + j] != want[j])
                fail_msg(unary_names[j], ref_hex(k), o[k * NU + j], want[j]);
        double rs = 1.0 / std::sqrt(v);
        if (!near(o[k * NU + 15], rs))
            fail_msg("hrsqrt", ref_hex(k), o[k * NU + 15], ref_from_double(H, rs));
        float x = (float)v;
        double approx[NM] = {expf(x), exp2f(x), powf(10.0f, x), logf(x), log2f(x), log10f(x),
                             sinf(x), cosf(x), tanhf(x)};
        for (int j = 0; j < NM; j++)
            if (!near(m[k * NM + j], approx[j]))
                fail_msg(approx_names[j], ref_hex(k), m[k * NM + j],
                         ref_from_double(H, approx[j]));
        unsigned fb, fw;
        float fv = nan ? NAN : (float)v;
        memcpy(&fb, &f[k], 4);
        memcpy(&fw, &fv, 4);
        if (nan ? !(f[k] != f[k]) : fb != fw)
            fail_msg("__half2float", ref_hex(k), fb, fw);
        static const RefMode modes[4] = {REF_RN, REF_RZ, REF_RD, REF_RU};
        long long wi[NI];
        for (int r = 0; r < 4; r++) {
            wi[r] = ref_int(v, modes[r], INT_MIN, INT_MAX, 0);
            wi[4 + r] = (long long)(unsigned)ref_int(v, modes[r], 0, UINT_MAX, 0);
            wi[8 + r] = ref_int(v, modes[r], SHRT_MIN, SHRT_MAX, 0);
            wi[12 + r] = ref_int(v, modes[r], 0, USHRT_MAX, 0);
            wi[16 + r] = ref_int(v, modes[r], LLONG_MIN, LLONG_MAX, LLONG_MIN);
            // unsigned long long: 0x8000000000000000 for NaN, saturating.
            wi[20 + r] = v != v ? LLONG_MIN : v >= 18446744073709551616.0 ? -1LL :
                         (long long)(unsigned long long)ref_int(v, modes[r], 0, LLONG_MAX, 0);
        }
        wi[24] = ref_int(v, REF_RZ, SCHAR_MIN, SCHAR_MAX, 0);
        wi[25] = ref_int(v, REF_RZ, 0, UCHAR_MAX, 0);
        wi[26] = ref_int(v, REF_RZ, INT_MIN, INT_MAX, 0);
        wi[27] = ref_int(v, REF_RZ, LLONG_MIN, LLONG_MAX, LLONG_MIN);
        for (int j = 0; j < NI; j++)
            if (n[k * NI + j] != wi[j]) {
                char what[32];
                snprintf(what, sizeof what, "to integer #%d", j);
                fail_msg(what, ref_hex(k), (unsigned long long)n[k * NI + j],
                         (unsigned long long)wi[j]);
            }
    }
    cudaFree(dout);
    cudaFree(dm);
    cudaFree(df);
    cudaFree(dn);
    free(o);
    free(m);
    free(f);
    free(n);
}

// --- conversions to half ------------------------------------------------
#define NF 7
__global__ void from_float(const float *fin, const double *din, unsigned short *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = fin[i];
    double d = din[i];
    unsigned short *o = out + i * NF;
    o[0] = __half_as_ushort(__float2half(x));
    o[1] = __half_as_ushort(__float2half_rn(x));
    o[2] = __half_as_ushort(__float2half_rz(x));
    o[3] = __half_as_ushort(__float2half_rd(x));
    o[4] = __half_as_ushort(__float2half_ru(x));
    o[5] = __half_as_ushort(__double2half(d));
    __half h = d;                        // the double constructor
    o[6] = __half_as_ushort(h);
}

static void test_from_float()
{
    // Per finite positive half k, both signs: k itself, the midpoint to
    // k + 1 exactly and a float ulp either side, and in double the
    // midpoint plus or minus 2^-40 of it (a float would round those onto
    // the midpoint: one rounding must see them). Then the extremes.
    const int per = 4;
    int n = 2 * 0x7c00 * per + 16;
    float *fx = (float *)malloc(n * sizeof(float));
    double *dx = (double *)malloc(n * sizeof(double));
    int m = 0;
    for (unsigned k = 0; k < 0x7c00; k++) {
        double lo = H.mag(k), hi = H.mag(k + 1), mid = (lo + hi) / 2;
        for (int s = 0; s < 2; s++) {
            double sg = s ? -1.0 : 1.0;
            float fm = (float)(sg * mid);
            double fv[per] = {sg * lo, fm, nextafterf(fm, 0.0f), nextafterf(fm, 2.0f * fm)};
            double dv[per] = {sg * lo, sg * mid, sg * mid * (1 + std::ldexp(1.0, -40)),
                              sg * mid * (1 - std::ldexp(1.0, -40))};
            for (int j = 0; j < per; j++, m++) {
                fx[m] = (float)fv[j];
                dx[m] = dv[j];
            }
        }
    }
    const double extremes[16] = {65504.0, 65519.99, 65520.0, 65536.0, 1e10, -1e10, INFINITY,
                                 -INFINITY, NAN, -NAN, std::ldexp(1.0, -25),
                                 std::ldexp(1.0, -25) * (1 + std::ldexp(1.0, -30)),
                                 std::ldexp(1.0, -26), -std::ldexp(1.0, -26), 1e-300, -0.0};
    for (int j = 0; j < 16; j++, m++) {
        fx[m] = (float)extremes[j];
        dx[m] = extremes[j];
    }
    n = m;
    float *dfx;
    double *ddx;
    unsigned short *dout, *o = (unsigned short *)malloc(n * NF * 2);
    CK(cudaMalloc(&dfx, n * sizeof(float)));
    CK(cudaMalloc(&ddx, n * sizeof(double)));
    CK(cudaMalloc(&dout, n * NF * 2));
    CK(cudaMemcpy(dfx, fx, n * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(ddx, dx, n * sizeof(double), cudaMemcpyHostToDevice));
    from_float<<<(n + 255) / 256, 256>>>(dfx, ddx, dout, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(o, dout, n * NF * 2, cudaMemcpyDeviceToHost));
    static const char *const names[NF] = {"__float2half", "__float2half_rn", "__float2half_rz",
                                          "__float2half_rd", "__float2half_ru", "__double2half",
                                          "__half(double)"};
    static const RefMode modes[5] = {REF_RN, REF_RN, REF_RZ, REF_RD, REF_RU};
    for (int i = 0; i < n; i++) {
        unsigned want[NF];
        for (int j = 0; j < 5; j++)
            want[j] = ref_from_double(H, fx[i], modes[j]);
        want[5] = want[6] = ref_from_double(H, dx[i]);
        for (int j = 0; j < NF; j++)
            if (o[i * NF + j] != want[j]) {
                char in[40];
                snprintf(in, sizeof in, "%.17g", j < 5 ? (double)fx[i] : dx[i]);
                fail_msg(names[j], in, o[i * NF + j], want[j]);
            }
        if (i % 3 == 0) {                // host code: the same conversions
            unsigned hb = __half_as_ushort(__float2half_rz(fx[i]));
            __half hd = dx[i];
            if (hb != want[2] || __half_as_ushort(hd) != want[6])
                fail_msg("host conversion", ref_hex(i), hb, want[2]);
        }
    }
    cudaFree(dfx);
    cudaFree(ddx);
    cudaFree(dout);
    free(fx);
    free(dx);
    free(o);
}

#define NN 26
__global__ void from_int(const long long *in, unsigned short *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    long long v = in[i];
    unsigned short *o = out + i * NN;
    o[0] = __half_as_ushort(__int2half_rn((int)v));
    o[1] = __half_as_ushort(__int2half_rz((int)v));
    o[2] = __half_as_ushort(__int2half_rd((int)v));
    o[3] = __half_as_ushort(__int2half_ru((int)v));
    o[4] = __half_as_ushort(__uint2half_rn((unsigned)v));
    o[5] = __half_as_ushort(__uint2half_rz((unsigned)v));
    o[6] = __half_as_ushort(__uint2half_rd((unsigned)v));
    o[7] = __half_as_ushort(__uint2half_ru((unsigned)v));
    o[8] = __half_as_ushort(__short2half_rn((short)v));
    o[9] = __half_as_ushort(__short2half_rz((short)v));
    o[10] = __half_as_ushort(__short2half_rd((short)v));
    o[11] = __half_as_ushort(__short2half_ru((short)v));
    o[12] = __half_as_ushort(__ushort2half_rn((unsigned short)v));
    o[13] = __half_as_ushort(__ushort2half_rz((unsigned short)v));
    o[14] = __half_as_ushort(__ushort2half_rd((unsigned short)v));
    o[15] = __half_as_ushort(__ushort2half_ru((unsigned short)v));
    o[16] = __half_as_ushort(__ll2half_rn(v));
    o[17] = __half_as_ushort(__ll2half_rz(v));
    o[18] = __half_as_ushort(__ll2half_rd(v));
    o[19] = __half_as_ushort(__ll2half_ru(v));
    o[20] = __half_as_ushort(__ull2half_rn((unsigned long long)v));
    o[21] = __half_as_ushort(__ull2half_rz((unsigned long long)v));
    o[22] = __half_as_ushort(__ull2half_rd((unsigned long long)v));
    o[23] = __half_as_ushort(__ull2half_ru((unsigned long long)v));
    __half a = (int)v, b = v;            // the int and long long constructors
    o[24] = __half_as_ushort(a);
    o[25] = __half_as_ushort(b);
}

static void test_from_int()
{
    const long long fixed[] = {0, 1, -1, 2047, 2048, 2049, 2050, 2051, -2049, -2051, 4097, 4098,
                               4099, 32767, -32768, 65504, 65519, 65520, 65535, 65536, -65520,
                               INT_MAX, INT_MIN, LLONG_MAX, LLONG_MIN, (1LL << 53) + 1};
    const int nfixed = (int)(sizeof fixed / sizeof fixed[0]), n = nfixed + 4000;
    long long *v = (long long *)malloc(n * sizeof(long long));
    for (int i = 0; i < n; i++) {
        if (i < nfixed) {
            v[i] = fixed[i];
            continue;
        }
        unsigned long long r = (unsigned long long)rnd() << 32 | rnd();
        v[i] = (long long)(i % 2 ? r >> (r % 64) : (r % 140000) - 70000);
    }
    long long *dv;
    unsigned short *dout, *o = (unsigned short *)malloc(n * NN * 2);
    CK(cudaMalloc(&dv, n * sizeof(long long)));
    CK(cudaMalloc(&dout, n * NN * 2));
    CK(cudaMemcpy(dv, v, n * sizeof(long long), cudaMemcpyHostToDevice));
    from_int<<<(n + 127) / 128, 128>>>(dv, dout, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(o, dout, n * NN * 2, cudaMemcpyDeviceToHost));
    static const RefMode modes[4] = {REF_RN, REF_RZ, REF_RD, REF_RU};
    for (int i = 0; i < n; i++) {
        long long x = v[i];
        unsigned want[NN];
        for (int r = 0; r < 4; r++) {
            want[r] = ref_from_ll(H, (int)x, false, 0, modes[r]);
            want[4 + r] = ref_from_ll(H, 0, true, (unsigned)x, modes[r]);
            want[8 + r] = ref_from_ll(H, (short)x, false, 0, modes[r]);
            want[12 + r] = ref_from_ll(H, 0, true, (unsigned short)x, modes[r]);
            want[16 + r] = ref_from_ll(H, x, false, 0, modes[r]);
            want[20 + r] = ref_from_ll(H, 0, true, (unsigned long long)x, modes[r]);
        }
        want[24] = want[0];
        want[25] = want[16];
        for (int j = 0; j < NN; j++)
            if (o[i * NN + j] != want[j]) {
                char what[32], in[32];
                snprintf(what, sizeof what, "integer conversion #%d", j);
                snprintf(in, sizeof in, "%lld", x);
                fail_msg(what, in, o[i * NN + j], want[j]);
            }
        if (__half_as_ushort(__ll2half_rd(x)) != want[18])   // host code
            fail_msg("host __ll2half_rd", "", __half_as_ushort(__ll2half_rd(x)), want[18]);
    }
    cudaFree(dv);
    cudaFree(dout);
    free(v);
    free(o);
}

// The class's conversions and operators in host code.
static void test_host_class()
{
    half one = 1;
    __half h = 2.5, g = 3.75f, z = 0;
    float f = one;
    double d = h;
    unsigned short us = h;
    bool truth = one, falsity = z;
    __half_raw raw = g;
    __half from_raw = raw;
    h = 7;
    h += one;
    h++;
    int i = h;
    const __half k = CUDART_ONE_FP16;
    if (f != 1.0f || d != 2.5 || us != 2 || !truth || falsity || raw.x != 0x4380 ||
        __half_as_ushort(from_raw) != 0x4380 || i != 9 || __half_as_ushort(k) != 0x3c00 ||
        __half_as_ushort(CUDART_NAN_FP16) != 0x7fff || sizeof(__half) != 2 ||
        sizeof(__half2) != 4 || alignof(__half2) != 4) {
        printf("host __half class: f=%g d=%g us=%u raw=0x%x i=%d\n", f, d, us, raw.x, i);
        failures++;
    }
}

int main()
{
    test_binary();
    test_unary();
    test_from_float();
    test_from_int();
    test_host_class();
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
