// half2_arith.cu: cuda_fp16.h's __half2, bit for bit against the
// independent host reference of lowp_ref.h, lane by lane: the pair
// arithmetic (__hadd2 & co, _rn, _sat, __hfma2, _sat, _relu, __hcmadd, the
// operators), comparisons returning __half2, masks and bools (__heq2,
// __heq2_mask, __hbeq2, ...), __hmax2/__hmin2 (_nan), __hisnan2, rounding
// and math (h2rint, h2sqrt, h2exp, ...), and the conversions and moves
// between halves, pairs and floats (__floats2half2_rn, __half22float2,
// __lows2half2, __lowhigh2highlow, make_half2, __half2_raw, ...). Then
// __half2 in shared memory across barriers (a block reduction) and
// atomicAdd on __half2 and __half.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include "lowp_ref.h"

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

static int failures;
static void fail_msg(const char *what, int i, unsigned long long got, unsigned long long want)
{
    if (failures++ < 25)
        printf("%s (case %d): got 0x%llx, expected 0x%llx\n", what, i, got, want);
}

// The bits of a pair, low half in the low bits.
__device__ unsigned pk(__half2 v)
{
    __half2_raw r = v;
    return r.x | (unsigned)r.y << 16;
}

__device__ unsigned pk_halves(__half lo, __half hi)
{
    return __half_as_ushort(lo) | (unsigned)__half_as_ushort(hi) << 16;
}

enum {
    P_ADD, P_SUB, P_MUL, P_DIV, P_ADD_RN, P_SUB_RN, P_MUL_RN, P_ADD_SAT, P_SUB_SAT, P_MUL_SAT,
    P_FMA, P_FMA_SAT, P_FMA_RELU, P_NEG, P_ABS, P_MAX, P_MIN, P_MAX_NAN, P_MIN_NAN, P_OP_ADD,
    P_OP_SUB, P_OP_MUL, P_OP_DIV, P_OP_NEG, P_COMPOUND, P_INC, P_CMADD, P_SWAP, P_ISNAN, P_SQRT,
    P_RCP, P_RINT, P_TRUNC, P_CEIL, P_FLOOR, P_CMP, P_MASK = P_CMP + 12, P_BOOLS = P_MASK + 12,
    P_OPCMP, P_FLOATS2, P_FLOAT2, P_FLOAT22, P_LOWS, P_HIGHS, P_LOWHIGH, P_HALVES, P_DUP,
    P_MAKE, P_LOW2, P_HIGH2, P_RAW, P_CTOR, P_EXACT, // the rest are within one ulp
    P_EXP = P_EXACT, P_EXP2, P_EXP10, P_LOG, P_LOG2, P_LOG10, P_SIN, P_COS, P_RSQRT, P_TANH,
    NP
};

__global__ void pair_ops(const __half2 *pa, const __half2 *pb, const __half2 *pc,
                         const float *fl, unsigned *out, float *fout, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    __half2 a = pa[i], b = pb[i], c = pc[i];
    unsigned *o = out + (size_t)i * NP;
    o[P_ADD] = pk(__hadd2(a, b));
    o[P_SUB] = pk(__hsub2(a, b));
    o[P_MUL] = pk(__hmul2(a, b));
    o[P_DIV] = pk(__h2div(a, b));
    o[P_ADD_RN] = pk(__hadd2_rn(a, b));
    o[P_SUB_RN] = pk(__hsub2_rn(a, b));
    o[P_MUL_RN] = pk(__hmul2_rn(a, b));
    o[P_ADD_SAT] = pk(__hadd2_sat(a, b));
    o[P_SUB_SAT] = pk(__hsub2_sat(a, b));
    o[P_MUL_SAT] = pk(__hmul2_sat(a, b));
    o[P_FMA] = pk(__hfma2(a, b, c));
    o[P_FMA_SAT] = pk(__hfma2_sat(a, b, c));
    o[P_FMA_RELU] = pk(__hfma2_relu(a, b, c));
    o[P_NEG] = pk(__hneg2(a));
    o[P_ABS] = pk(__habs2(a));
    o[P_MAX] = pk(__hmax2(a, b));
    o[P_MIN] = pk(__hmin2(a, b));
    o[P_MAX_NAN] = pk(__hmax2_nan(a, b));
    o[P_MIN_NAN] = pk(__hmin2_nan(a, b));
    o[P_OP_ADD] = pk(a + b);
    o[P_OP_SUB] = pk(a - b);
    o[P_OP_MUL] = pk(a * b);
    o[P_OP_DIV] = pk(a / b);
    o[P_OP_NEG] = pk(-a);
    __half2 t = a;
    t += b;
    t *= c;
    o[P_COMPOUND] = pk(t);
    t = a;
    o[P_INC] = pk(++t);
    o[P_CMADD] = pk(__hcmadd(a, b, c));
    o[P_SWAP] = pk(__lowhigh2highlow(a));
    o[P_ISNAN] = pk(__hisnan2(a));
    o[P_SQRT] = pk(h2sqrt(a));
    o[P_RCP] = pk(h2rcp(a));
    o[P_RINT] = pk(h2rint(a));
    o[P_TRUNC] = pk(h2trunc(a));
    o[P_CEIL] = pk(h2ceil(a));
    o[P_FLOOR] = pk(h2floor(a));
    o[P_CMP + 0] = pk(__heq2(a, b));
    o[P_CMP + 1] = pk(__hne2(a, b));
    o[P_CMP + 2] = pk(__hle2(a, b));
    o[P_CMP + 3] = pk(__hge2(a, b));
    o[P_CMP + 4] = pk(__hlt2(a, b));
    o[P_CMP + 5] = pk(__hgt2(a, b));
    o[P_CMP + 6] = pk(__hequ2(a, b));
    o[P_CMP + 7] = pk(__hneu2(a, b));
    o[P_CMP + 8] = pk(__hleu2(a, b));
    o[P_CMP + 9] = pk(__hgeu2(a, b));
    o[P_CMP + 10] = pk(__hltu2(a, b));
    o[P_CMP + 11] = pk(__hgtu2(a, b));
    o[P_MASK + 0] = __heq2_mask(a, b);
    o[P_MASK + 1] = __hne2_mask(a, b);
    o[P_MASK + 2] = __hle2_mask(a, b);
    o[P_MASK + 3] = __hge2_mask(a, b);
    o[P_MASK + 4] = __hlt2_mask(a, b);
    o[P_MASK + 5] = __hgt2_mask(a, b);
    o[P_MASK + 6] = __hequ2_mask(a, b);
    o[P_MASK + 7] = __hneu2_mask(a, b);
    o[P_MASK + 8] = __hleu2_mask(a, b);
    o[P_MASK + 9] = __hgeu2_mask(a, b);
    o[P_MASK + 10] = __hltu2_mask(a, b);
    o[P_MASK + 11] = __hgtu2_mask(a, b);
    o[P_BOOLS] = __hbeq2(a, b) | __hbne2(a, b) << 1 | __hble2(a, b) << 2 |
                 __hbge2(a, b) << 3 | __hblt2(a, b) << 4 | __hbgt2(a, b) << 5 |
                 __hbequ2(a, b) << 6 | __hbneu2(a, b) << 7 | __hbleu2(a, b) << 8 |
                 __hbgeu2(a, b) << 9 | __hbltu2(a, b) << 10 | __hbgtu2(a, b) << 11;
    o[P_OPCMP] = (a == b) | (a != b) << 1 | (a <= b) << 2 | (a >= b) << 3 | (a < b) << 4 |
                 (a > b) << 5;
    float x = fl[2 * i], y = fl[2 * i + 1];
    o[P_FLOATS2] = pk(__floats2half2_rn(x, y));
    o[P_FLOAT2] = pk(__float2half2_rn(x));
    o[P_FLOAT22] = pk(__float22half2_rn(make_float2(x, y)));
    o[P_LOWS] = pk(__lows2half2(a, b));
    o[P_HIGHS] = pk(__highs2half2(a, b));
    o[P_LOWHIGH] = pk_halves(__low2half(a), __high2half(b));
    o[P_HALVES] = pk(__halves2half2(a.x, b.y));
    o[P_DUP] = pk(__half2half2(a.y));
    o[P_MAKE] = pk(make_half2(b.y, a.x));
    o[P_LOW2] = pk(__low2half2(a));
    o[P_HIGH2] = pk(__high2half2(a));
    __half2_raw raw;
    raw.x = __half_as_ushort(b.x);
    raw.y = __half_as_ushort(a.y);
    __half2 from_raw = raw;
    o[P_RAW] = pk(from_raw);
    o[P_CTOR] = pk(__half2(c.y, c.x));
    o[P_EXP] = pk(h2exp(a));
    o[P_EXP2] = pk(h2exp2(a));
    o[P_EXP10] = pk(h2exp10(a));
    o[P_LOG] = pk(h2log(a));
    o[P_LOG2] = pk(h2log2(a));
    o[P_LOG10] = pk(h2log10(a));
    o[P_SIN] = pk(h2sin(a));
    o[P_COS] = pk(h2cos(a));
    o[P_RSQRT] = pk(h2rsqrt(a));
    o[P_TANH] = pk(h2tanh(a));
    float2 f2 = __half22float2(a);
    float *fo = fout + 4 * i;
    fo[0] = f2.x;
    fo[1] = f2.y;
    fo[2] = __low2float(b);
    fo[3] = __high2float(b);
}

static const RefFormat &H = REF_HALF;

static unsigned ref_sat(unsigned r)
{
    double v = H.value(r);
    if (!(v > 0))
        return 0;
    return v > 1 ? 0x3c00 : r;
}

static unsigned ref_minmax(unsigned a, unsigned b, bool is_max, bool nan_wins)
{
    bool na = H.is_nan(a), nb = H.is_nan(b);
    if (na && nb)
        return 0x7fff;
    if (na || nb)
        return nan_wins ? 0x7fff : (na ? b : a);
    double x = H.value(a), y = H.value(b);
    if (x == y) {
        bool a_neg = (a & 0x8000) != 0;
        return is_max ? (a_neg ? b : a) : (a_neg ? a : b);
    }
    return (x > y) == is_max ? a : b;
}

static unsigned ref_integral(unsigned k, RefMode mode)
{
    double v = H.value(k);
    if (v != v)
        return 0x7fff;
    if (std::isinf(v) || v == 0)
        return k;
    double r = ref_to_integral(v, mode);
    return r == 0 ? (k & 0x8000) : ref_from_double(H, r);
}

// The twelve comparisons: eq ne le ge lt gt, then their unordered forms.
static bool ref_cmp12(int j, unsigned a, unsigned b)
{
    double x = H.value(a), y = H.value(b);
    bool un = x != x || y != y;
    bool r[6] = {x == y, x < y || x > y, x <= y, x >= y, x < y, x > y};
    if (j < 6)
        return r[j];
    return j == 7 ? !(x == y) : (r[j - 6] || un);
}

// One lane of operation k.
static unsigned ref_lane(int k, unsigned a, unsigned b, unsigned c)
{
    if (k >= P_CMP && k < P_CMP + 12)
        return ref_cmp12(k - P_CMP, a, b) ? 0x3c00 : 0;
    switch (k) {
    case P_ADD: case P_ADD_RN: case P_OP_ADD: return ref_binary(H, '+', a, b);
    case P_SUB: case P_SUB_RN: case P_OP_SUB: return ref_binary(H, '-', a, b);
    case P_MUL: case P_MUL_RN: case P_OP_MUL: return ref_binary(H, '*', a, b);
    case P_DIV: case P_OP_DIV: return ref_binary(H, '/', a, b);
    case P_ADD_SAT: return ref_sat(ref_binary(H, '+', a, b));
    case P_SUB_SAT: return ref_sat(ref_binary(H, '-', a, b));
    case P_MUL_SAT: return ref_sat(ref_binary(H, '*', a, b));
    case P_FMA: return ref_fma_half(a, b, c);
    case P_FMA_SAT: return ref_sat(ref_fma_half(a, b, c));
    case P_FMA_RELU: {
        unsigned r = ref_fma_half(a, b, c);
        return H.is_nan(r) ? 0x7fff : (r & 0x8000) ? 0 : r;
    }
    case P_NEG: case P_OP_NEG: return H.is_nan(a) ? 0x7fff : a ^ 0x8000;
    case P_ABS: return H.is_nan(a) ? 0x7fff : a & 0x7fff;
    case P_MAX: return ref_minmax(a, b, true, false);
    case P_MIN: return ref_minmax(a, b, false, false);
    case P_MAX_NAN: return ref_minmax(a, b, true, true);
    case P_MIN_NAN: return ref_minmax(a, b, false, true);
    case P_COMPOUND: return ref_binary(H, '*', ref_binary(H, '+', a, b), c);
    case P_INC: return ref_binary(H, '+', a, 0x3c00);
    case P_ISNAN: return H.is_nan(a) ? 0x3c00 : 0;
    case P_SQRT: return ref_sqrt(H, a);
    case P_RCP: return ref_binary(H, '/', 0x3c00, a);
    case P_RINT: return ref_integral(a, REF_RN);
    case P_TRUNC: return ref_integral(a, REF_RZ);
    case P_CEIL: return ref_integral(a, REF_RU);
    default: return ref_integral(a, REF_RD);      // P_FLOOR
    }
}

static double ref_approx(int k, double v)
{
    float x = (float)v;
    switch (k) {
    case P_EXP: return expf(x);
    case P_EXP2: return exp2f(x);
    case P_EXP10: return powf(10.0f, x);
    case P_LOG: return logf(x);
    case P_LOG2: return log2f(x);
    case P_LOG10: return log10f(x);
    case P_SIN: return sinf(x);
    case P_COS: return cosf(x);
    case P_RSQRT: return 1.0 / std::sqrt(v);
    default: return tanhf(x);
    }
}

static bool near(unsigned got, double want)
{
    unsigned w = ref_from_double(H, want);
    if (got == w)
        return true;
    if (H.is_nan(got) || H.is_nan(w) || ((got ^ w) & 0x8000))
        return (got & 0x7fff) == 0 && (w & 0x7fff) == 0;
    return (got > w ? got - w : w - got) <= 1;
}

static const unsigned short specials[] = {
    0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3555, 0x3800, 0x3bff, 0x3c00, 0xbc00,
    0x3c01, 0x3e00, 0x4000, 0xc100, 0x4248, 0x5bff, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00,
    0x7c01, 0xffff};
#define NSPEC (int)(sizeof specials / sizeof specials[0])

static unsigned rng_state = 777u;
static unsigned rnd()
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

static unsigned short lane_value()
{
    unsigned r = rnd();
    return (r & 0x30000) == 0 ? specials[r % NSPEC] : (unsigned short)r;
}

static unsigned rawbits(__half2 v)
{
    __half2_raw r = v;
    return r.x | (unsigned)r.y << 16;
}

static void test_pairs()
{
    const int n = 20000;
    __half2 *a = (__half2 *)malloc(n * sizeof(__half2));
    __half2 *b = (__half2 *)malloc(n * sizeof(__half2));
    __half2 *c = (__half2 *)malloc(n * sizeof(__half2));
    float *fl = (float *)malloc(2 * n * sizeof(float));
    unsigned *o = (unsigned *)malloc((size_t)n * NP * sizeof(unsigned));
    float *fo = (float *)malloc(4 * n * sizeof(float));
    for (int i = 0; i < n; i++) {
        a[i] = __halves2half2(__ushort_as_half(lane_value()), __ushort_as_half(lane_value()));
        b[i] = __halves2half2(__ushort_as_half(lane_value()), __ushort_as_half(lane_value()));
        c[i] = __halves2half2(__ushort_as_half(lane_value()), __ushort_as_half(lane_value()));
        if (i % 4 == 1)                  // equal lanes: the comparisons' edge
            b[i] = __lowhigh2highlow(a[i]);
        for (int j = 0; j < 2; j++) {
            unsigned r = rnd();
            float f;
            memcpy(&f, &r, 4);
            fl[2 * i + j] = (r & 3) ? std::ldexp((float)(int)(r >> 8 & 0xfffff) - 524288.0f,
                                                 (int)(r >> 28) - 24)
                                    : f;
        }
    }
    __half2 *da, *db, *dc;
    float *dfl, *dfo;
    unsigned *dout;
    CK(cudaMalloc(&da, n * sizeof(__half2)));
    CK(cudaMalloc(&db, n * sizeof(__half2)));
    CK(cudaMalloc(&dc, n * sizeof(__half2)));
    CK(cudaMalloc(&dfl, 2 * n * sizeof(float)));
    CK(cudaMalloc(&dout, (size_t)n * NP * sizeof(unsigned)));
    CK(cudaMalloc(&dfo, 4 * n * sizeof(float)));
    CK(cudaMemcpy(da, a, n * sizeof(__half2), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, b, n * sizeof(__half2), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dc, c, n * sizeof(__half2), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dfl, fl, 2 * n * sizeof(float), cudaMemcpyHostToDevice));
    pair_ops<<<(n + 127) / 128, 128>>>(da, db, dc, dfl, dout, dfo, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(o, dout, (size_t)n * NP * sizeof(unsigned), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(fo, dfo, 4 * n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        unsigned ab = rawbits(a[i]), bb = rawbits(b[i]), cb = rawbits(c[i]);
        unsigned al = ab & 0xffff, ah = ab >> 16, bl = bb & 0xffff, bh = bb >> 16;
        unsigned cl = cb & 0xffff, ch = cb >> 16;
        const unsigned *g = o + (size_t)i * NP;
        for (int k = 0; k <= P_FLOOR; k++) {
            if (k == P_CMADD || k == P_SWAP)
                continue;                // checked below
            unsigned want = ref_lane(k, al, bl, cl) | ref_lane(k, ah, bh, ch) << 16;
            if (g[k] != want)
                fail_msg("pair operation", i * 1000 + k, g[k], want);
        }
        for (int j = 0; j < 12; j++) {
            unsigned want = ref_lane(P_CMP + j, al, bl, 0) | ref_lane(P_CMP + j, ah, bh, 0) << 16;
            unsigned mask = (want & 0xffff ? 0xffffu : 0) | (want >> 16 ? 0xffff0000u : 0);
            if (g[P_CMP + j] != want)
                fail_msg("pair comparison", i * 100 + j, g[P_CMP + j], want);
            if (g[P_MASK + j] != mask)
                fail_msg("comparison mask", i * 100 + j, g[P_MASK + j], mask);
        }
        unsigned bools = 0;
        for (int j = 0; j < 12; j++)
            bools |= (unsigned)(ref_cmp12(j, al, bl) && ref_cmp12(j, ah, bh)) << j;
        if (g[P_BOOLS] != bools)
            fail_msg("__hb*2", i, g[P_BOOLS], bools);
        // == is __hbeq2, != __hbneu2, the others the ordered __hb*2.
        unsigned opc = (bools & 1) | (bools >> 7 & 1) << 1 | (bools >> 2 & 1) << 2 |
                       (bools >> 3 & 1) << 3 | (bools >> 4 & 1) << 4 | (bools >> 5 & 1) << 5;
        if (g[P_OPCMP] != opc)
            fail_msg("__half2 comparison operators", i, g[P_OPCMP], opc);
        unsigned fx = ref_from_double(H, fl[2 * i]), fy = ref_from_double(H, fl[2 * i + 1]);
        unsigned want_moves[14] = {fx | fy << 16, fx | fx << 16, fx | fy << 16,
                                   al | bl << 16, ah | bh << 16, al | bh << 16, al | bh << 16,
                                   ah | ah << 16, bh | al << 16, al | al << 16, ah | ah << 16,
                                   bl | ah << 16, ch | cl << 16, 0};
        for (int k = P_FLOATS2; k <= P_CTOR; k++)
            if (g[k] != want_moves[k - P_FLOATS2])
                fail_msg("conversion or move", i * 1000 + k, g[k], want_moves[k - P_FLOATS2]);
        // __hcmadd: x = fma(-a.y, b.y, fma(a.x, b.x, c.x)), y = fma(a.y, b.x, fma(a.x, b.y, c.y)).
        unsigned cm_re = ref_fma_half(ah ^ 0x8000, bh, ref_fma_half(al, bl, cl));
        unsigned cm_im = ref_fma_half(ah, bl, ref_fma_half(al, bh, ch));
        if (g[P_CMADD] != (cm_re | cm_im << 16))
            fail_msg("__hcmadd", i, g[P_CMADD], cm_re | cm_im << 16);
        if (g[P_SWAP] != (ah | al << 16))
            fail_msg("__lowhigh2highlow", i, g[P_SWAP], ah | al << 16);
        for (int k = P_EXP; k < NP; k++) {
            unsigned lo = g[k] & 0xffff, hi = g[k] >> 16;
            if (!near(lo, ref_approx(k, H.value(al))) || !near(hi, ref_approx(k, H.value(ah))))
                fail_msg("pair math", i * 1000 + k, g[k], 0);
        }
        double fw[4] = {H.value(al), H.value(ah), H.value(bl), H.value(bh)};
        for (int j = 0; j < 4; j++) {
            const float *fg = fo + 4 * i;
            if (!(fg[j] == (float)fw[j] || (fg[j] != fg[j] && fw[j] != fw[j])))
                fail_msg("__half22float2/__low2float/__high2float", i * 10 + j, 0, 0);
        }
    }
    // Host code: the __host__ __device__ pair functions.
    for (int i = 0; i < n; i += 7) {
        unsigned ab = rawbits(a[i]), bb = rawbits(b[i]);
        unsigned want = ref_lane(P_ADD, ab & 0xffff, bb & 0xffff, 0) |
                        ref_lane(P_ADD, ab >> 16, bb >> 16, 0) << 16;
        if (rawbits(__hadd2(a[i], b[i])) != want || rawbits(a[i] + b[i]) != want)
            fail_msg("host __hadd2", i, rawbits(__hadd2(a[i], b[i])), want);
    }
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    cudaFree(dfl);
    cudaFree(dout);
    cudaFree(dfo);
    free(a);
    free(b);
    free(c);
    free(fl);
    free(o);
    free(fo);
}

// A block sums its pairs in shared memory; `v` lives across the barriers.
// The stores go through put(&s[i], x): cucpu's effect analysis takes a
// class-type assignment (`s[t] = v`, `s[t] += x`: calls of operator= and
// operator+=) for a read and would drop the barriers (a translator bug,
// reported separately; struct-typed __shared__ arrays have it too).
__device__ void put(__half2 *p, __half2 x)
{
    *p = x;
}

#define RB 128
__global__ void reduce_pairs(const __half2 *in, __half2 *out)
{
    __shared__ __half2 s[RB];
    int t = threadIdx.x;
    __half2 v = in[blockIdx.x * RB + t];
    put(&s[t], v);
    __syncthreads();
    for (int stride = RB / 2; stride > 0; stride >>= 1) {
        if (t < stride)
            put(&s[t], s[t] + s[t + stride]);
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = __hsub2(__hadd2(s[0], v), v);
}

__global__ void atomic_adds(__half2 *p2, __half *p1)
{
    atomicAdd(p2, __floats2half2_rn(1.0f, 0.25f));
    atomicAdd(p1, __float2half(0.5f));
}

static void test_shared_and_atomics()
{
    const int blocks = 6, n = blocks * RB;
    __half2 *in = (__half2 *)malloc(n * sizeof(__half2)), out[blocks];
    for (int i = 0; i < n; i++)
        in[i] = __floats2half2_rn((float)(i % 7), -(float)(i % 5) * 0.5f);
    __half2 *din, *dout, *d2, h2;
    __half *d1, h1;
    CK(cudaMalloc(&din, n * sizeof(__half2)));
    CK(cudaMalloc(&dout, blocks * sizeof(__half2)));
    CK(cudaMemcpy(din, in, n * sizeof(__half2), cudaMemcpyHostToDevice));
    reduce_pairs<<<blocks, RB>>>(din, dout);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; b++) {
        float sx = 0, sy = 0;            // small integers and halves: exact
        for (int t = 0; t < RB; t++) {
            sx += (float)((b * RB + t) % 7);
            sy -= (float)((b * RB + t) % 5) * 0.5f;
        }
        if (__low2float(out[b]) != sx || __high2float(out[b]) != sy) {
            printf("reduce_pairs block %d: got (%g, %g), expected (%g, %g)\n", b,
                   __low2float(out[b]), __high2float(out[b]), sx, sy);
            failures++;
        }
    }
    CK(cudaMalloc(&d2, sizeof h2));
    CK(cudaMalloc(&d1, sizeof h1));
    CK(cudaMemset(d2, 0, sizeof h2));
    CK(cudaMemset(d1, 0, sizeof h1));
    atomic_adds<<<4, 256>>>(d2, d1);     // 1024 adds: 1024, 256 and 512, exact
    CK(cudaGetLastError());
    CK(cudaMemcpy(&h2, d2, sizeof h2, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&h1, d1, sizeof h1, cudaMemcpyDeviceToHost));
    if (__low2float(h2) != 1024.0f || __high2float(h2) != 256.0f || __half2float(h1) != 512.0f) {
        printf("atomicAdd: got (%g, %g) and %g, expected (1024, 256) and 512\n",
               __low2float(h2), __high2float(h2), __half2float(h1));
        failures++;
    }
    cudaFree(din);
    cudaFree(dout);
    cudaFree(d2);
    cudaFree(d1);
    free(in);
}

int main()
{
    test_pairs();
    test_shared_and_atomics();
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
