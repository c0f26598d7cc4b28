// bfloat16_arith.cu: cuda_bf16.h's __nv_bfloat16 and __nv_bfloat162, bit
// for bit against the independent host reference of lowp_ref.h: the
// arithmetic (__hadd & co, _rn, _sat, the operators), comparisons,
// __hmax/__hmin (_nan), classification, rounding and math over every
// bfloat16 pattern and over special and random pairs; the conversions from
// float (four rounding modes), double (one rounding), the integer types
// (four modes) and __half, and back to float, the integer types and
// __half; the pair functions. nvcc declares the fma family (__hfma,
// __hfma_sat, __hfma_relu, __hfma2) from sm_80 only: built for sm_80 or
// later (-arch=sm_80, as headers.bf16_fma does), the test checks it too,
// with products that are exactly a midpoint plus a tiny addend (where
// rounding twice errs), and says so.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <climits>
#include <cmath>
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include "lowp_ref.h"

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
#define HAVE_BF16_FMA 1
#else
#define HAVE_BF16_FMA 0
#endif

static int failures;
static int has_fma;                      // whether binary_ops had the fma family
static void fail_msg(const char *what, const char *in, unsigned long long got,
                     unsigned long long want)
{
    if (failures++ < 25)
        printf("%s(%s): got 0x%llx, expected 0x%llx\n", what, in, got, want);
}

static const RefFormat &B = REF_BF16;

// --- binary operations --------------------------------------------------
#define NB 24
__global__ void binary_ops(const unsigned short *pa, const unsigned short *pb,
                           const unsigned short *pc, unsigned short *out, int *fma_flag, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    __nv_bfloat16 a = __ushort_as_bfloat16(pa[i]), b = __ushort_as_bfloat16(pb[i]);
    __nv_bfloat16 c = __ushort_as_bfloat16(pc[i]);
    unsigned short *o = out + (size_t)i * NB;
    o[0] = __bfloat16_as_ushort(__hadd(a, b));
    o[1] = __bfloat16_as_ushort(__hsub(a, b));
    o[2] = __bfloat16_as_ushort(__hmul(a, b));
    o[3] = __bfloat16_as_ushort(__hdiv(a, b));
    o[4] = __bfloat16_as_ushort(__hadd_rn(a, b));
    o[5] = __bfloat16_as_ushort(__hsub_rn(a, b));
    o[6] = __bfloat16_as_ushort(__hmul_rn(a, b));
    o[7] = __bfloat16_as_ushort(__hadd_sat(a, b));
    o[8] = __bfloat16_as_ushort(__hsub_sat(a, b));
    o[9] = __bfloat16_as_ushort(__hmul_sat(a, b));
    o[10] = __bfloat16_as_ushort(__hmax(a, b));
    o[11] = __bfloat16_as_ushort(__hmin(a, b));
    o[12] = __bfloat16_as_ushort(__hmax_nan(a, b));
    o[13] = __bfloat16_as_ushort(__hmin_nan(a, b));
    o[14] = __bfloat16_as_ushort(a + b);
    o[15] = __bfloat16_as_ushort(a - b);
    o[16] = __bfloat16_as_ushort(a * b);
    o[17] = __bfloat16_as_ushort(a / b);
    o[18] = __heq(a, b) | __hne(a, b) << 1 | __hle(a, b) << 2 | __hge(a, b) << 3 |
            __hlt(a, b) << 4 | __hgt(a, b) << 5 | __hequ(a, b) << 6 | __hneu(a, b) << 7 |
            __hleu(a, b) << 8 | __hgeu(a, b) << 9 | __hltu(a, b) << 10 | __hgtu(a, b) << 11;
    o[19] = (a == b) | (a != b) << 1 | (a <= b) << 2 | (a >= b) << 3 | (a < b) << 4 |
            (a > b) << 5;
#if HAVE_BF16_FMA
    o[20] = __bfloat16_as_ushort(__hfma(a, b, c));
    o[21] = __bfloat16_as_ushort(__hfma_sat(a, b, c));
    o[22] = __bfloat16_as_ushort(__hfma_relu(a, b, c));
    if (i == 0)
        *fma_flag = 1;
#endif
    __nv_bfloat16 acc = c;
    acc *= a;
    acc += b;
    o[23] = __bfloat16_as_ushort(acc);
}

static const char *const binary_names[NB] = {
    "__hadd", "__hsub", "__hmul", "__hdiv", "__hadd_rn", "__hsub_rn", "__hmul_rn",
    "__hadd_sat", "__hsub_sat", "__hmul_sat", "__hmax", "__hmin", "__hmax_nan", "__hmin_nan",
    "operator+", "operator-", "operator*", "operator/", "comparisons", "operator comparisons",
    "__hfma", "__hfma_sat", "__hfma_relu", "*= +="};

static unsigned ref_sat(unsigned r)
{
    double v = B.value(r);
    if (!(v > 0))
        return 0;
    return v > 1 ? 0x3f80 : r;
}

static unsigned ref_minmax(unsigned a, unsigned b, bool is_max, bool nan_wins)
{
    bool na = B.is_nan(a), nb = B.is_nan(b);
    if (na && nb)
        return 0x7fff;
    if (na || nb)
        return nan_wins ? 0x7fff : (na ? b : a);
    double x = B.value(a), y = B.value(b);
    if (x == y) {
        bool a_neg = (a & 0x8000) != 0;
        return is_max ? (a_neg ? b : a) : (a_neg ? a : b);
    }
    return (x > y) == is_max ? a : b;
}

static unsigned ref_compare_bits(unsigned ab, unsigned bb)
{
    double x = B.value(ab), y = B.value(bb);
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
    case 0: case 4: case 14: return ref_binary(B, '+', a, b);
    case 1: case 5: case 15: return ref_binary(B, '-', a, b);
    case 2: case 6: case 16: return ref_binary(B, '*', a, b);
    case 3: case 17: return ref_binary(B, '/', a, b);
    case 7: return ref_sat(ref_binary(B, '+', a, b));
    case 8: return ref_sat(ref_binary(B, '-', a, b));
    case 9: return ref_sat(ref_binary(B, '*', a, b));
    case 10: return ref_minmax(a, b, true, false);
    case 11: return ref_minmax(a, b, false, false);
    case 12: return ref_minmax(a, b, true, true);
    case 13: return ref_minmax(a, b, false, true);
    case 18: return ref_compare_bits(a, b);
    case 19: {
        unsigned r = ref_compare_bits(a, b);
        return (r & 0x3d) | (r >> 7 & 1) << 1;
    }
    case 20: return ref_fma(B, a, b, c);
    case 21: return ref_sat(ref_fma(B, a, b, c));
    case 22: {
        unsigned r = ref_fma(B, a, b, c);
        return B.is_nan(r) ? 0x7fff : (r & 0x8000) ? 0 : r;
    }
    default: return ref_binary(B, '+', ref_binary(B, '*', c, a), b);
    }
}

static const unsigned short specials[] = {
    0x0000, 0x8000, 0x0001, 0x8001, 0x0002, 0x003f, 0x0040, 0x007f, 0x807f, 0x0080, 0x0081,
    0x8080, 0x00ff, 0x0d80, 0x2001, 0x3eab, 0x3eff, 0x3f00, 0x3f7f, 0x3f80, 0xbf80, 0x3f81,
    0xbf81, 0x3fc0, 0x4000, 0xc000, 0x4001, 0x4040, 0x4049, 0x437f, 0x4380, 0x5f00, 0x7eff,
    0x7f00, 0x7f7e, 0x7f7f, 0xff7f, 0x7f80, 0xff80, 0x7fc0, 0xffc0, 0x7f81, 0x7fff};
#define NSPEC (int)(sizeof specials / sizeof specials[0])

static unsigned rng_state = 4242u;
static unsigned rnd()
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

// Triples whose product is exactly a midpoint of bfloat16, with a tiny
// addend of either sign: rounding the sum to float or double first would
// leave the tie, which rounds to even, and be wrong for one of the signs.
static int fma_traps(unsigned short *a, unsigned short *b, unsigned short *c, int max)
{
    int n = 0;
    for (int tries = 0; tries < 200000 && n + 2 <= max; tries++) {
        unsigned short x = (unsigned short)(0x3f80 + rnd() % 0x80), y;
        y = (unsigned short)(((rnd() % 120) + 4) << 7 | (rnd() & 0x7f));
        double p = B.value(x) * B.value(y);
        unsigned k = ref_from_double(B, p, REF_RZ) & 0x7fff;
        if (k >= 0x7f7f || (B.mag(k) + B.mag(k + 1)) / 2 != std::fabs(p))
            continue;
        int e;
        std::frexp(p, &e);
        unsigned tiny = ref_from_double(B, std::ldexp(1.0, e - 70));
        for (int s = 0; s < 2; s++, n++) {
            a[n] = (unsigned short)(x | (rnd() & 0x8000));
            b[n] = y;
            c[n] = (unsigned short)(tiny | (s ? 0x8000 : 0));
        }
    }
    return n;
}

static void test_binary()
{
    const int nrand = 60000, ntrap = 400, n = NSPEC * NSPEC + ntrap + nrand;
    unsigned short *a = (unsigned short *)malloc(n * 2), *b = (unsigned short *)malloc(n * 2);
    unsigned short *c = (unsigned short *)malloc(n * 2);
    unsigned short *o = (unsigned short *)malloc((size_t)n * NB * 2);
    int m = 0;
    for (int i = 0; i < NSPEC; i++)
        for (int j = 0; j < NSPEC; j++, m++) {
            a[m] = specials[i];
            b[m] = specials[j];
            c[m] = specials[(i * 5 + j * 3) % NSPEC];
        }
    int traps = fma_traps(a + m, b + m, c + m, ntrap);
    m += traps;
    for (; m < n; m++) {
        unsigned r = rnd();
        a[m] = (unsigned short)r;
        b[m] = (unsigned short)(r >> 16);
        if (m & 1)                       // nearby exponents
            b[m] = (unsigned short)((b[m] & 0x807f) | (a[m] & 0x7f80));
        c[m] = (m % 3) ? (unsigned short)rnd() : specials[rnd() % NSPEC];
        if (m % 5 == 0)                  // an addend near the product
            c[m] = (unsigned short)((c[m] & 0x807f) |
                                    ((((a[m] >> 7 & 0xff) + (b[m] >> 7 & 0xff) + 256 - 127 +
                                       rnd() % 9 - 4) & 0xff) << 7));
    }
    unsigned short *da, *db, *dc, *dout;
    int *dfma;
    CK(cudaMalloc(&da, n * 2));
    CK(cudaMalloc(&db, n * 2));
    CK(cudaMalloc(&dc, n * 2));
    CK(cudaMalloc(&dout, (size_t)n * NB * 2));
    CK(cudaMalloc(&dfma, sizeof(int)));
    CK(cudaMemcpy(da, a, n * 2, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, b, n * 2, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dc, c, n * 2, cudaMemcpyHostToDevice));
    CK(cudaMemset(dfma, 0, sizeof(int)));
    binary_ops<<<(n + 255) / 256, 256>>>(da, db, dc, dout, dfma, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(o, dout, (size_t)n * NB * 2, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&has_fma, dfma, sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        for (int k = 0; k < NB; k++) {
            if (!has_fma && k >= 20 && k <= 22)
                continue;
            unsigned want = ref_binary_op(k, a[i], b[i], c[i]);
            unsigned got = o[(size_t)i * NB + k];
            if (got != want) {
                char in[64];
                snprintf(in, sizeof in, "%s, %s, %s", ref_hex(a[i]), ref_hex(b[i]), ref_hex(c[i]));
                fail_msg(binary_names[k], in, got, want);
            }
        }
    if (has_fma)
        printf("bf16 fma: checked, %d of the cases with a midpoint product\n", traps);
    else
        printf("bf16 fma: not declared below sm_80, not checked\n");
    for (int i = 0; i < n; i += 5) {     // host code
        __nv_bfloat16 x = __ushort_as_bfloat16(a[i]), y = __ushort_as_bfloat16(b[i]);
        unsigned got[4] = {__bfloat16_as_ushort(__hadd(x, y)), __bfloat16_as_ushort(x * y),
                           __bfloat16_as_ushort(__hdiv(x, y)), (unsigned)(x < y)};
        unsigned want[4] = {ref_binary(B, '+', a[i], b[i]), ref_binary(B, '*', a[i], b[i]),
                            ref_binary(B, '/', a[i], b[i]), ref_compare_bits(a[i], b[i]) >> 4 & 1};
        for (int k = 0; k < 4; k++)
            if (got[k] != want[k])
                fail_msg("host arithmetic", ref_hex(a[i]), got[k], want[k]);
    }
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    cudaFree(dout);
    cudaFree(dfma);
    free(a);
    free(b);
    free(c);
    free(o);
}

// --- one operand: every bfloat16 pattern --------------------------------
#define NU 18
#define NM 9
#define NI 28
__global__ void unary_ops(unsigned short *out, unsigned short *approx, float *f,
                          long long *ints)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= 65536)
        return;
    __nv_bfloat16 h = __ushort_as_bfloat16((unsigned short)i);
    unsigned short *o = out + i * NU;
    o[0] = __bfloat16_as_ushort(__hneg(h));
    o[1] = __bfloat16_as_ushort(__habs(h));
    o[2] = __bfloat16_as_ushort(hrint(h));
    o[3] = __bfloat16_as_ushort(htrunc(h));
    o[4] = __bfloat16_as_ushort(hceil(h));
    o[5] = __bfloat16_as_ushort(hfloor(h));
    o[6] = __bfloat16_as_ushort(hsqrt(h));
    o[7] = __bfloat16_as_ushort(hrcp(h));
    o[8] = (unsigned short)(__hisnan(h) | (__hisinf(h) + 1) << 1 | (h ? 1 : 0) << 3);
    o[9] = __bfloat16_as_ushort(__float2bfloat16(__bfloat162float(h)));
    o[10] = __bfloat16_as_ushort(-h);
    __nv_bfloat16 p = h, q = h;
    o[11] = __bfloat16_as_ushort(++p);
    o[12] = __bfloat16_as_ushort(q--);
    o[13] = __bfloat16_as_ushort(q);
    o[14] = __bfloat16_as_ushort(__short_as_bfloat16(__bfloat16_as_short(h)));
    o[15] = __bfloat16_as_ushort(hrsqrt(h));
    // The pattern as binary16 to bfloat16, and this bfloat16 to binary16.
    o[16] = __bfloat16_as_ushort(__nv_bfloat16(__ushort_as_half((unsigned short)i)));
    o[17] = __half_as_ushort(__half(h));
    unsigned short *m = approx + i * NM;
    m[0] = __bfloat16_as_ushort(hexp(h));
    m[1] = __bfloat16_as_ushort(hexp2(h));
    m[2] = __bfloat16_as_ushort(hexp10(h));
    m[3] = __bfloat16_as_ushort(hlog(h));
    m[4] = __bfloat16_as_ushort(hlog2(h));
    m[5] = __bfloat16_as_ushort(hlog10(h));
    m[6] = __bfloat16_as_ushort(hsin(h));
    m[7] = __bfloat16_as_ushort(hcos(h));
    m[8] = __bfloat16_as_ushort(htanh(h));
    f[i] = __bfloat162float(h);
    long long *n = ints + i * NI;
    n[0] = __bfloat162int_rn(h);
    n[1] = __bfloat162int_rz(h);
    n[2] = __bfloat162int_rd(h);
    n[3] = __bfloat162int_ru(h);
    n[4] = __bfloat162uint_rn(h);
    n[5] = __bfloat162uint_rz(h);
    n[6] = __bfloat162uint_rd(h);
    n[7] = __bfloat162uint_ru(h);
    n[8] = __bfloat162short_rn(h);
    n[9] = __bfloat162short_rz(h);
    n[10] = __bfloat162short_rd(h);
    n[11] = __bfloat162short_ru(h);
    n[12] = __bfloat162ushort_rn(h);
    n[13] = __bfloat162ushort_rz(h);
    n[14] = __bfloat162ushort_rd(h);
    n[15] = __bfloat162ushort_ru(h);
    n[16] = __bfloat162ll_rn(h);
    n[17] = __bfloat162ll_rz(h);
    n[18] = __bfloat162ll_rd(h);
    n[19] = __bfloat162ll_ru(h);
    n[20] = (long long)__bfloat162ull_rn(h);
    n[21] = (long long)__bfloat162ull_rz(h);
    n[22] = (long long)__bfloat162ull_rd(h);
    n[23] = (long long)__bfloat162ull_ru(h);
    n[24] = __bfloat162char_rz(h);
    n[25] = __bfloat162uchar_rz(h);
    int conv = h;
    n[26] = conv;
    n[27] = (long long)h;
}

static const char *const unary_names[NU] = {
    "__hneg", "__habs", "hrint", "htrunc", "hceil", "hfloor", "hsqrt", "hrcp",
    "__hisnan/__hisinf/bool", "__float2bfloat16(__bfloat162float)", "unary -", "++h", "h--",
    "h-- after", "__short_as_bfloat16", "hrsqrt", "__nv_bfloat16(__half)", "__half(bfloat16)"};
static const char *const approx_names[NM] = {"hexp", "hexp2", "hexp10", "hlog", "hlog2",
                                             "hlog10", "hsin", "hcos", "htanh"};

static unsigned ref_integral(unsigned k, RefMode mode)
{
    double v = B.value(k);
    if (v != v)
        return 0x7fff;
    if (std::isinf(v))
        return k;
    double r = ref_to_integral(v, mode);
    if (r == 0)
        return k & 0x8000;
    return ref_from_double(B, r);
}

static bool near(unsigned got, double want)
{
    unsigned w = ref_from_double(B, want);
    if (got == w)
        return true;
    if (B.is_nan(got) || B.is_nan(w) || ((got ^ w) & 0x8000))
        return (got & 0x7fff) == 0 && (w & 0x7fff) == 0;
    return (got > w ? got - w : w - got) <= 1;
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
        bool nan = B.is_nan(k);
        double v = B.value(k);
        unsigned want[NU];
        want[0] = nan ? 0x7fff : k ^ 0x8000;
        want[1] = nan ? 0x7fff : k & 0x7fff;
        want[2] = ref_integral(k, REF_RN);
        want[3] = ref_integral(k, REF_RZ);
        want[4] = ref_integral(k, REF_RU);
        want[5] = ref_integral(k, REF_RD);
        want[6] = ref_sqrt(B, k);
        want[7] = ref_binary(B, '/', 0x3f80, k);
        want[8] = nan | (std::isinf(v) ? (v < 0 ? 0 : 2) : 1) << 1 | ((k & 0x7fff) != 0) << 3;
        want[9] = nan ? 0x7fff : k;
        want[10] = want[0];
        want[11] = ref_binary(B, '+', k, 0x3f80);
        want[12] = k;
        want[13] = ref_binary(B, '-', k, 0x3f80);
        want[14] = k;
        want[15] = 0;                    // within one ulp, below
        want[16] = ref_from_double(B, REF_HALF.value(k));
        want[17] = ref_from_double(REF_HALF, v);
        for (int j = 0; j < NU; j++)
            if (j != 15 && o[k * NU + j] != want[j])
                fail_msg(unary_names[j], ref_hex(k), o[k * NU + j], want[j]);
        double rs = 1.0 / std::sqrt(v);
        if (!near(o[k * NU + 15], rs))
            fail_msg("hrsqrt", ref_hex(k), o[k * NU + 15], ref_from_double(B, rs));
        float x = (float)v;
        double approx[NM] = {expf(x), exp2f(x), powf(10.0f, x), logf(x), log2f(x), log10f(x),
                             sinf(x), cosf(x), tanhf(x)};
        for (int j = 0; j < NM; j++)
            if (!near(m[k * NM + j], approx[j]))
                fail_msg(approx_names[j], ref_hex(k), m[k * NM + j],
                         ref_from_double(B, approx[j]));
        unsigned fb;
        memcpy(&fb, &f[k], 4);
        if (nan ? !(f[k] != f[k]) : fb != k << 16)
            fail_msg("__bfloat162float", ref_hex(k), fb, k << 16);
        static const RefMode modes[4] = {REF_RN, REF_RZ, REF_RD, REF_RU};
        long long wi[NI];
        for (int r = 0; r < 4; r++) {
            wi[r] = ref_int(v, modes[r], INT_MIN, INT_MAX, 0);
            wi[4 + r] = (long long)(unsigned)ref_int(v, modes[r], 0, UINT_MAX, 0);
            wi[8 + r] = ref_int(v, modes[r], SHRT_MIN, SHRT_MAX, 0);
            wi[12 + r] = ref_int(v, modes[r], 0, USHRT_MAX, 0);
            wi[16 + r] = ref_int(v, modes[r], LLONG_MIN, LLONG_MAX, LLONG_MIN);
            double t = ref_to_integral(v, modes[r]);
            wi[20 + r] = v != v ? LLONG_MIN : t >= 18446744073709551616.0 ? -1LL
                         : t <= 0 ? 0 : (long long)(unsigned long long)t;
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

// --- conversions to bfloat16 --------------------------------------------
#define NF 7
__global__ void from_float(const float *fin, const double *din, unsigned short *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = fin[i];
    double d = din[i];
    unsigned short *o = out + i * NF;
    o[0] = __bfloat16_as_ushort(__float2bfloat16(x));
    o[1] = __bfloat16_as_ushort(__float2bfloat16_rn(x));
    o[2] = __bfloat16_as_ushort(__float2bfloat16_rz(x));
    o[3] = __bfloat16_as_ushort(__float2bfloat16_rd(x));
    o[4] = __bfloat16_as_ushort(__float2bfloat16_ru(x));
    o[5] = __bfloat16_as_ushort(__double2bfloat16(d));
    __nv_bfloat16 h = d;
    o[6] = __bfloat16_as_ushort(h);
}

static void test_from_float()
{
    // Per finite positive bfloat16 k, both signs: k, the midpoint to k + 1
    // and a float ulp either side; in double the midpoint plus or minus
    // 2^-40 of it, which a float would round onto the midpoint. Then the
    // extremes: the overflow threshold, float's range, double's.
    const int per = 4;
    int n = 2 * 0x7f80 * per + 16;
    float *fx = (float *)malloc(n * sizeof(float));
    double *dx = (double *)malloc(n * sizeof(double));
    int m = 0;
    for (unsigned k = 0; k < 0x7f80; k++) {
        double lo = B.mag(k), hi = B.mag(k + 1), mid = (lo + hi) / 2;
        for (int s = 0; s < 2; s++) {
            double sg = s ? -1.0 : 1.0;
            float fm = (float)(sg * mid);
            double fv[per] = {sg * lo, fm, nextafterf(fm, 0.0f),
                              k == 0x7f7f ? fm : nextafterf(fm, 2.0f * fm)};
            double dv[per] = {sg * lo, sg * mid, sg * mid * (1 + std::ldexp(1.0, -40)),
                              sg * mid * (1 - std::ldexp(1.0, -40))};
            for (int j = 0; j < per; j++, m++) {
                fx[m] = (float)fv[j];
                dx[m] = dv[j];
            }
        }
    }
    const double extremes[16] = {3.4028234663852886e38, -3.4028234663852886e38,
                                 std::ldexp(255.5, 120), std::ldexp(255.5, 120) * (1 + 1e-12),
                                 std::ldexp(255.5, 120) * (1 - 1e-12), 1e39, -1e300,
                                 INFINITY, -INFINITY, NAN, std::ldexp(1.0, -134),
                                 std::ldexp(1.0, -134) * (1 + 1e-9), std::ldexp(1.0, -149),
                                 std::ldexp(1.0, -140), 1e-300, -0.0};
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
    static const char *const names[NF] = {
        "__float2bfloat16", "__float2bfloat16_rn", "__float2bfloat16_rz", "__float2bfloat16_rd",
        "__float2bfloat16_ru", "__double2bfloat16", "__nv_bfloat16(double)"};
    static const RefMode modes[5] = {REF_RN, REF_RN, REF_RZ, REF_RD, REF_RU};
    for (int i = 0; i < n; i++) {
        unsigned want[NF];
        for (int j = 0; j < 5; j++)
            want[j] = ref_from_double(B, fx[i], modes[j]);
        want[5] = want[6] = ref_from_double(B, dx[i]);
        for (int j = 0; j < NF; j++)
            if (o[i * NF + j] != want[j]) {
                char in[40];
                snprintf(in, sizeof in, "%.17g", j < 5 ? (double)fx[i] : dx[i]);
                fail_msg(names[j], in, o[i * NF + j], want[j]);
            }
        if (i % 3 == 0 && (__bfloat16_as_ushort(__float2bfloat16_ru(fx[i])) != want[4] ||
                           __bfloat16_as_ushort(__double2bfloat16(dx[i])) != want[5]))
            fail_msg("host conversion", ref_hex(i), 0, 0);
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
    o[0] = __bfloat16_as_ushort(__int2bfloat16_rn((int)v));
    o[1] = __bfloat16_as_ushort(__int2bfloat16_rz((int)v));
    o[2] = __bfloat16_as_ushort(__int2bfloat16_rd((int)v));
    o[3] = __bfloat16_as_ushort(__int2bfloat16_ru((int)v));
    o[4] = __bfloat16_as_ushort(__uint2bfloat16_rn((unsigned)v));
    o[5] = __bfloat16_as_ushort(__uint2bfloat16_rz((unsigned)v));
    o[6] = __bfloat16_as_ushort(__uint2bfloat16_rd((unsigned)v));
    o[7] = __bfloat16_as_ushort(__uint2bfloat16_ru((unsigned)v));
    o[8] = __bfloat16_as_ushort(__short2bfloat16_rn((short)v));
    o[9] = __bfloat16_as_ushort(__short2bfloat16_rz((short)v));
    o[10] = __bfloat16_as_ushort(__short2bfloat16_rd((short)v));
    o[11] = __bfloat16_as_ushort(__short2bfloat16_ru((short)v));
    o[12] = __bfloat16_as_ushort(__ushort2bfloat16_rn((unsigned short)v));
    o[13] = __bfloat16_as_ushort(__ushort2bfloat16_rz((unsigned short)v));
    o[14] = __bfloat16_as_ushort(__ushort2bfloat16_rd((unsigned short)v));
    o[15] = __bfloat16_as_ushort(__ushort2bfloat16_ru((unsigned short)v));
    o[16] = __bfloat16_as_ushort(__ll2bfloat16_rn(v));
    o[17] = __bfloat16_as_ushort(__ll2bfloat16_rz(v));
    o[18] = __bfloat16_as_ushort(__ll2bfloat16_rd(v));
    o[19] = __bfloat16_as_ushort(__ll2bfloat16_ru(v));
    o[20] = __bfloat16_as_ushort(__ull2bfloat16_rn((unsigned long long)v));
    o[21] = __bfloat16_as_ushort(__ull2bfloat16_rz((unsigned long long)v));
    o[22] = __bfloat16_as_ushort(__ull2bfloat16_rd((unsigned long long)v));
    o[23] = __bfloat16_as_ushort(__ull2bfloat16_ru((unsigned long long)v));
    __nv_bfloat16 a = (int)v, b = v;
    o[24] = __bfloat16_as_ushort(a);
    o[25] = __bfloat16_as_ushort(b);
}

static void test_from_int()
{
    // Ties at 8 significant bits (257, 259, ...), and a long long that a
    // double would round onto a bfloat16 midpoint: 2^62 + 2^54 + 1.
    const long long fixed[] = {0, 1, -1, 255, 256, 257, 258, 259, -257, -259, 511, 513, 515,
                               32767, -32768, 65535, 65536, 65537, 65793, INT_MAX, INT_MIN,
                               LLONG_MAX, LLONG_MIN, (1LL << 62) + (1LL << 54) + 1,
                               -((1LL << 62) + (1LL << 54) + 1), (1LL << 62) + (1LL << 54)};
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
            want[r] = ref_from_ll(B, (int)x, false, 0, modes[r]);
            want[4 + r] = ref_from_ll(B, 0, true, (unsigned)x, modes[r]);
            want[8 + r] = ref_from_ll(B, (short)x, false, 0, modes[r]);
            want[12 + r] = ref_from_ll(B, 0, true, (unsigned short)x, modes[r]);
            want[16 + r] = ref_from_ll(B, x, false, 0, modes[r]);
            want[20 + r] = ref_from_ll(B, 0, true, (unsigned long long)x, modes[r]);
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
    }
    cudaFree(dv);
    cudaFree(dout);
    free(v);
    free(o);
}

// --- pairs --------------------------------------------------------------
__device__ unsigned pk(__nv_bfloat162 v)
{
    __nv_bfloat162_raw r = v;
    return r.x | (unsigned)r.y << 16;
}

#define NP 20
__global__ void pair_ops(const __nv_bfloat162 *pa, const __nv_bfloat162 *pb,
                         const __nv_bfloat162 *pc, const float *fl, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    __nv_bfloat162 a = pa[i], b = pb[i], c = pc[i];
    unsigned *o = out + (size_t)i * NP;
    o[0] = pk(__hadd2(a, b));
    o[1] = pk(__hsub2(a, b));
    o[2] = pk(__hmul2(a, b));
    o[3] = pk(__h2div(a, b));
    o[4] = pk(__hmax2(a, b));
    o[5] = pk(__hmin2_nan(a, b));
    o[6] = pk(__heq2(a, b));
    o[7] = __hltu2_mask(a, b);
    o[8] = __hbge2(a, b) | (a == b) << 1 | (a != b) << 2;
    o[9] = pk(h2sqrt(a));
    o[10] = pk(h2floor(a));
    o[11] = pk(a * b + c);
#if HAVE_BF16_FMA
    o[12] = pk(__hfma2(a, b, c));
#endif
    o[13] = pk(__floats2bfloat162_rn(fl[2 * i], fl[2 * i + 1]));
    o[14] = pk(__float22bfloat162_rn(make_float2(fl[2 * i], fl[2 * i + 1])));
    o[15] = pk(__lows2bfloat162(a, b));
    o[16] = pk(__highs2bfloat162(a, b));
    o[17] = pk(__halves2bfloat162(__low2bfloat16(c), __high2bfloat16(a)));
    o[18] = pk(make_bfloat162(a.y, b.x)) ^ pk(__bfloat162bfloat162(c.x)) ^
            pk(__lowhigh2highlow(__high2bfloat162(b))) ^ pk(__low2bfloat162(a)) << 1;
    float2 f = __bfloat1622float2(a);
    o[19] = (f.x == __low2float(a) || f.x != f.x) && (f.y == __high2float(a) || f.y != f.y);
}

static unsigned rawbits(__nv_bfloat162 v)
{
    __nv_bfloat162_raw r = v;
    return r.x | (unsigned)r.y << 16;
}

static unsigned lanes(unsigned lo, unsigned hi) { return lo | hi << 16; }

static void test_pairs(bool has_fma)
{
    const int n = 20000;
    __nv_bfloat162 *a = (__nv_bfloat162 *)malloc(n * sizeof(__nv_bfloat162));
    __nv_bfloat162 *b = (__nv_bfloat162 *)malloc(n * sizeof(__nv_bfloat162));
    __nv_bfloat162 *c = (__nv_bfloat162 *)malloc(n * sizeof(__nv_bfloat162));
    float *fl = (float *)malloc(2 * n * sizeof(float));
    unsigned *o = (unsigned *)malloc((size_t)n * NP * sizeof(unsigned));
    for (int i = 0; i < n; i++) {
        unsigned short v[6];
        for (int j = 0; j < 6; j++) {
            unsigned r = rnd();
            v[j] = (r & 0x30000) == 0 ? specials[r % NSPEC] : (unsigned short)r;
        }
        a[i] = __halves2bfloat162(__ushort_as_bfloat16(v[0]), __ushort_as_bfloat16(v[1]));
        b[i] = __halves2bfloat162(__ushort_as_bfloat16(v[2]), __ushort_as_bfloat16(v[3]));
        c[i] = __halves2bfloat162(__ushort_as_bfloat16(v[4]), __ushort_as_bfloat16(v[5]));
        if (i % 4 == 1)
            b[i] = a[i];
        for (int j = 0; j < 2; j++) {
            unsigned r = rnd();
            memcpy(&fl[2 * i + j], &r, 4);
        }
    }
    __nv_bfloat162 *da, *db, *dc;
    float *dfl;
    unsigned *dout;
    CK(cudaMalloc(&da, n * sizeof(__nv_bfloat162)));
    CK(cudaMalloc(&db, n * sizeof(__nv_bfloat162)));
    CK(cudaMalloc(&dc, n * sizeof(__nv_bfloat162)));
    CK(cudaMalloc(&dfl, 2 * n * sizeof(float)));
    CK(cudaMalloc(&dout, (size_t)n * NP * sizeof(unsigned)));
    CK(cudaMemcpy(da, a, n * sizeof(__nv_bfloat162), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, b, n * sizeof(__nv_bfloat162), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dc, c, n * sizeof(__nv_bfloat162), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dfl, fl, 2 * n * sizeof(float), cudaMemcpyHostToDevice));
    pair_ops<<<(n + 127) / 128, 128>>>(da, db, dc, dfl, dout, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(o, dout, (size_t)n * NP * sizeof(unsigned), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        unsigned ab = rawbits(a[i]), bb = rawbits(b[i]), cb = rawbits(c[i]);
        unsigned al = ab & 0xffff, ah = ab >> 16, bl = bb & 0xffff, bh = bb >> 16;
        unsigned cl = cb & 0xffff, ch = cb >> 16;
        unsigned cmp_l = ref_compare_bits(al, bl), cmp_h = ref_compare_bits(ah, bh);
        unsigned fx = ref_from_double(B, fl[2 * i]), fy = ref_from_double(B, fl[2 * i + 1]);
        unsigned want[NP] = {
            lanes(ref_binary(B, '+', al, bl), ref_binary(B, '+', ah, bh)),
            lanes(ref_binary(B, '-', al, bl), ref_binary(B, '-', ah, bh)),
            lanes(ref_binary(B, '*', al, bl), ref_binary(B, '*', ah, bh)),
            lanes(ref_binary(B, '/', al, bl), ref_binary(B, '/', ah, bh)),
            lanes(ref_minmax(al, bl, true, false), ref_minmax(ah, bh, true, false)),
            lanes(ref_minmax(al, bl, false, true), ref_minmax(ah, bh, false, true)),
            lanes(cmp_l & 1 ? 0x3f80 : 0, cmp_h & 1 ? 0x3f80 : 0),
            (cmp_l >> 10 & 1 ? 0xffffu : 0) | (cmp_h >> 10 & 1 ? 0xffff0000u : 0),
            (cmp_l >> 3 & cmp_h >> 3 & 1) | (cmp_l & cmp_h & 1) << 1 |
                (cmp_l >> 7 & cmp_h >> 7 & 1) << 2,
            lanes(ref_sqrt(B, al), ref_sqrt(B, ah)),
            lanes(ref_integral(al, REF_RD), ref_integral(ah, REF_RD)),
            lanes(ref_binary(B, '+', ref_binary(B, '*', al, bl), cl),
                  ref_binary(B, '+', ref_binary(B, '*', ah, bh), ch)),
            has_fma ? lanes(ref_fma(B, al, bl, cl), ref_fma(B, ah, bh, ch)) : 0,
            lanes(fx, fy),
            lanes(fx, fy),
            lanes(al, bl),
            lanes(ah, bh),
            lanes(cl, ah),
            lanes(ah, bl) ^ lanes(cl, cl) ^ lanes(bh, bh) ^ lanes(al, al) << 1,
            1};
        for (int k = 0; k < NP; k++)
            if ((k != 12 || has_fma) && o[(size_t)i * NP + k] != want[k]) {
                char what[40];
                snprintf(what, sizeof what, "__nv_bfloat162 operation #%d", k);
                fail_msg(what, ref_hex(al), o[(size_t)i * NP + k], want[k]);
            }
    }
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    cudaFree(dfl);
    cudaFree(dout);
    free(a);
    free(b);
    free(c);
    free(fl);
    free(o);
}

static void test_host_class()
{
    nv_bfloat16 one = 1;
    __nv_bfloat16 h = 2.5, g = 3.75f, z = 0;
    float f = one;
    double d = h;
    unsigned short us = h;
    bool truth = one, falsity = z;
    __nv_bfloat16_raw raw = g;
    h = 7;
    h += one;
    h++;
    int i = h;
    __half from = __half(g);
    __nv_bfloat162 p = __floats2bfloat162_rn(1.5f, -2.0f);
    p *= p;
    if (f != 1.0f || d != 2.5 || us != 2 || !truth || falsity || raw.x != 0x4070 || i != 9 ||
        __half_as_ushort(from) != 0x4380 || __low2float(p) != 2.25f ||
        __high2float(p) != 4.0f || __bfloat16_as_ushort(CUDART_INF_BF16) != 0x7f80 ||
        sizeof(__nv_bfloat16) != 2 || sizeof(__nv_bfloat162) != 4) {
        printf("host __nv_bfloat16 class: f=%g d=%g us=%u raw=0x%x i=%d\n", f, d, us, raw.x, i);
        failures++;
    }
}

int main()
{
    test_binary();
    test_unary();
    test_from_float();
    test_from_int();
    test_pairs(has_fma != 0);
    test_host_class();
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
