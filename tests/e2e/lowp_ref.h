// lowp_ref.h: the host reference of the 16-bit floating-point tests
// (half_arith.cu, half2_arith.cu, bfloat16_arith.cu). Plain C++, no CUDA
// header: it shares no code with cucpu's cuda_fp16.h/cuda_bf16.h and rounds
// in another way. A format has eb exponent and mb fraction bits (binary16:
// 5, 10; bfloat16: 8, 7). A result is found by binary search over the
// format's values, which grow with their bit patterns, using a predicate
// sgn(m) that gives the exact sign of (exact result - m) for any value or
// midpoint m of the format; the caller writes sgn so that it is exact (a
// sum as its rounded double and error, the product of two values, a value
// times a midpoint, a midpoint squared: all exact in double). NaN results
// are the canonical 0x7FFF.
#ifndef LOWP_REF_H
#define LOWP_REF_H

#include <cmath>
#include <cstdio>

enum RefMode { REF_RN, REF_RZ, REF_RD, REF_RU };

struct RefFormat {
    int eb, mb;
    unsigned inf() const { return ((1u << eb) - 1) << mb; }
    unsigned sign() const { return 1u << (eb + mb); }
    int bias() const { return (1 << (eb - 1)) - 1; }
    // The value of bits k (sign ignored); the infinity's pattern stands for
    // 2^(emax+1), the next value the exponent range would give.
    double mag(unsigned k) const
    {
        unsigned e = (k >> mb) & ((1u << eb) - 1), f = k & ((1u << mb) - 1);
        if (e == 0)
            return std::ldexp((double)f, 1 - bias() - mb);
        return std::ldexp((double)(f + (1u << mb)), (int)e - bias() - mb);
    }
    bool is_nan(unsigned k) const { return (k & ~sign()) > inf(); }
    double value(unsigned k) const
    {
        if (is_nan(k))
            return NAN;
        double m = (k & ~sign()) == inf() ? INFINITY : mag(k & ~sign());
        return (k & sign()) ? -m : m;
    }
};

static const RefFormat REF_HALF = {5, 10};
static const RefFormat REF_BF16 = {8, 7};

// ref_round_mag: the bits of |v| rounded in mode, where sgn(m) is the sign
// of (|v| - m) and |v| > 0; away says whether RD/RU round away from zero
// for this sign.
template <class Sgn>
unsigned ref_round_mag(const RefFormat &f, Sgn sgn, RefMode mode, bool away_if_inexact)
{
    unsigned lo = 0, hi = f.inf();        // sgn(mag(lo)) >= 0 always (|v| > 0)
    while (lo < hi) {                     // largest k with mag(k) <= |v|
        unsigned mid = (lo + hi + 1) / 2;
        if (sgn(f.mag(mid)) >= 0)
            lo = mid;
        else
            hi = mid - 1;
    }
    unsigned k = lo;
    if (k == f.inf())                     // at least 2^(emax+1)
        return (mode == REF_RN || away_if_inexact) ? f.inf() : f.inf() - 1;
    if (sgn(f.mag(k)) == 0)
        return k;
    switch (mode) {
    case REF_RZ:
        return k;
    case REF_RD:
    case REF_RU:
        return away_if_inexact ? k + 1 : k;
    default: {
        int s = sgn((f.mag(k) + f.mag(k + 1)) / 2);   // the midpoint is exact
        if (s == 0)
            return (k & 1) ? k + 1 : k;
        return s < 0 ? k : k + 1;
    }
    }
}

// ref_round: the bits of v rounded in mode; sgn(m) is the exact sign of
// (v - m), v is finite and not zero.
template <class Sgn>
unsigned ref_round(const RefFormat &f, Sgn sgn, RefMode mode = REF_RN)
{
    bool neg = sgn(0.0) < 0;
    if (!neg) {
        return ref_round_mag(f, sgn, mode, mode == REF_RU);
    }
    auto neg_sgn = [&](double m) { return -sgn(-m); };      // sign(|v| - m)
    return f.sign() | ref_round_mag(f, neg_sgn, mode, mode == REF_RD);
}

static inline int ref_cmp(double x, double y) { return x < y ? -1 : x > y; }

// ref_from_double: d rounded to the format in mode (d is exact in double).
static inline unsigned ref_from_double(const RefFormat &f, double d, RefMode mode = REF_RN)
{
    if (d != d)
        return 0x7fff;
    if (std::isinf(d))
        return (d < 0 ? f.sign() : 0) | f.inf();
    if (d == 0)
        return std::signbit(d) ? f.sign() : 0;
    return ref_round(f, [&](double m) { return ref_cmp(d, m); }, mode);
}

// ref_from_ll: an integer rounded to the format in mode, compared exactly
// (a value or midpoint below 2^64 is an integer or has a fraction).
static inline unsigned ref_from_ll(const RefFormat &f, long long v, bool is_unsigned,
                                   unsigned long long uv, RefMode mode)
{
    if (is_unsigned ? uv == 0 : v == 0)
        return 0;
    auto sgn = [&](double m) {
        if (m >= 18446744073709551616.0)
            return -1;
        if (m < -9223372036854775808.0)
            return 1;
        double fl = std::floor(m);
        __int128 x = is_unsigned ? (__int128)uv : (__int128)v;
        __int128 y = fl >= 0 ? (__int128)(unsigned long long)fl : -(__int128)(unsigned long long)(-fl);
        if (x <= y)
            return (x == y && fl == m) ? 0 : -1;
        return 1;
    };
    return ref_round(f, sgn, mode);
}

// ref_to_int: value v (a value of the format) rounded in mode to an
// integral double, ties to even for REF_RN.
static inline double ref_to_integral(double v, RefMode mode)
{
    double fl = std::floor(v);
    switch (mode) {
    case REF_RZ:
        return v < 0 ? -std::floor(-v) : fl;
    case REF_RD:
        return fl;
    case REF_RU:
        return -std::floor(-v);
    default: {
        double d = v - fl;                 // exact
        if (d > 0.5 || (d == 0.5 && std::fmod(fl, 2.0) != 0))
            return fl + 1;
        return fl;
    }
    }
}

// ref_round_sum: the exact x + y (doubles) rounded in mode. The double sum
// r and its error e (r + e == x + y, Knuth's TwoSum) stand for it: a value
// or midpoint m other than r is a double, so no m lies strictly between
// x + y and r, and sign(x + y - m) is sign(r - m), or sign(e) at m == r.
static inline unsigned ref_round_sum(const RefFormat &f, double x, double y,
                                     RefMode mode = REF_RN)
{
    volatile double r = x + y;
    double bb = r - x, e = (x - (r - bb)) + (y - bb);
    if (r == 0 && e == 0)                    // IEEE's zero: -0 only from -0 + -0
        return std::signbit(r) ? f.sign() : 0;
    double rr = r;
    return ref_round(f, [&](double m) { return m != rr ? ref_cmp(rr, m) : ref_cmp(e, 0); },
                     mode);
}

// ref_binary: the bits of a op b for op in "+-*/", a, b bits of the format.
static inline unsigned ref_binary(const RefFormat &f, char op, unsigned ab, unsigned bb)
{
    double a = f.value(ab), b = f.value(bb), r;
    switch (op) {
    case '+': r = a + b; break;
    case '-': r = a - b; break;
    case '*': r = a * b; break;
    default: r = a / b; break;
    }
    if (r != r)
        return 0x7fff;
    if (std::isinf(a) || std::isinf(b) || (op == '/' && (b == 0 || a == 0)))
        return ref_from_double(f, r);        // infinite or zero, exactly
    if (op == '+' || op == '-')
        return ref_round_sum(f, a, op == '+' ? b : -b);
    if (op == '*')                           // exact in double (16 or 22 bits)
        return ref_from_double(f, r);
    // a / b against m: sign(a - b * m) * sign(b); b * m is exact.
    return ref_round(f, [&](double m) { return ref_cmp(a, b * m) * (b < 0 ? -1 : 1); });
}

// ref_sqrt: correctly rounded square root.
static inline unsigned ref_sqrt(const RefFormat &f, unsigned ab)
{
    double a = f.value(ab);
    if (a != a || a < 0)
        return 0x7fff;
    if (a == 0 || std::isinf(a))
        return ab;
    return ref_round(f, [&](double m) { return m < 0 ? 1 : ref_cmp(a, m * m); });
}

// ref_fma: a * b + c rounded once, for either format: the product is
// exact in double, the sum is rounded by ref_round_sum.
static inline unsigned ref_fma(const RefFormat &f, unsigned ab, unsigned bb, unsigned cb)
{
    double a = f.value(ab), b = f.value(bb), c = f.value(cb);
    volatile double p = a * b;
    double r = p + c;
    if (r != r)
        return 0x7fff;
    if (std::isinf(a) || std::isinf(b) || std::isinf(c))
        return (r < 0 ? f.sign() : 0) | f.inf();
    return ref_round_sum(f, p, c);
}

// ref_fma_half: a * b + c rounded once for binary16, another way: exact in
// 128-bit integers, in units of 2^-49 (products are multiples of 2^-48,
// midpoints of 2^-25).
static inline unsigned ref_fma_half(unsigned ab, unsigned bb, unsigned cb)
{
    const RefFormat &f = REF_HALF;
    double a = f.value(ab), b = f.value(bb), c = f.value(cb);
    if (std::isnan(a) || std::isnan(b) || std::isnan(c) || std::isinf(a) || std::isinf(b) ||
        std::isinf(c))
        return ref_fma(f, ab, bb, cb);           // NaN or infinity
    auto units = [](double v, int shift) {       // v * 2^shift, exact integer
        return (__int128)std::ldexp(v, shift);
    };
    __int128 pa = units(a, 24), pb = units(b, 24);
    __int128 sum = pa * pb * 2 + units(c, 24) * ((__int128)1 << 25);
    if (sum == 0) {                              // -0 only if both terms are -0
        bool pneg = std::signbit(a) != std::signbit(b);
        return (pneg && std::signbit(c)) ? f.sign() : 0;
    }
    return ref_round(f, [&](double m) {
        __int128 mu = units(m, 49);              // m * 2^49: midpoints too
        return sum < mu ? -1 : sum > mu;
    });
}

// ref_hex: a bit pattern for messages.
static inline const char *ref_hex(unsigned v)
{
    static char buf[8][12];
    static int n;
    char *b = buf[n++ & 7];
    snprintf(b, 12, "0x%04x", v);
    return b;
}

#endif
