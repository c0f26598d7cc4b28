// cucpu-flags: -arch=sm_75
// __dp4a, __dp2a_lo and __dp2a_hi (sm_61_intrinsics.h; HeCBench dp4a),
// signed and unsigned, against byte-by-byte host sums.
#include <cstdio>

__global__ void dots(const int *a, const int *b, int *out, unsigned *uout, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned ua = (unsigned)a[i], ub = (unsigned)b[i];
    out[6 * i + 0] = __dp4a(a[i], b[i], i - 7);
    out[6 * i + 1] = __dp2a_lo(a[i], b[i], 3 * i);
    out[6 * i + 2] = __dp2a_hi(a[i], b[i], -i);
    uout[3 * i + 0] = __dp4a(ua, ub, (unsigned)i);
    uout[3 * i + 1] = __dp2a_lo(ua, ub, 1u);
    uout[3 * i + 2] = __dp2a_hi(ua, ub, 0xffffffffu);
    char4 ca = make_char4((signed char)a[i], (signed char)(a[i] >> 8), (signed char)(a[i] >> 16), (signed char)(a[i] >> 24));
    char4 cb = make_char4((signed char)b[i], (signed char)(b[i] >> 8), (signed char)(b[i] >> 16), (signed char)(b[i] >> 24));
    out[6 * i + 3] = __dp4a(ca, cb, 5);
    out[6 * i + 4] = out[6 * i + 5] = 0;
}

static int sbyte(unsigned v, int k) { return (signed char)(v >> (8 * k)); }
static unsigned ubyte(unsigned v, int k) { return (v >> (8 * k)) & 0xffu; }

int main()
{
    const int n = 256;
    int ha[n], hb[n], out[6 * n];
    unsigned uout[3 * n];
    unsigned s = 12345;
    for (int i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u; ha[i] = (int)s;
        s = s * 1103515245u + 12345u; hb[i] = (int)s;
    }
    ha[0] = (int)0x80808080u; hb[0] = (int)0x80808080u;   /* -128 * -128, four times */
    ha[1] = (int)0x7fff8000u; hb[1] = (int)0x807f7f80u;
    int *da, *db, *dout;
    unsigned *duout;
    cudaMalloc(&da, sizeof ha);
    cudaMalloc(&db, sizeof hb);
    cudaMalloc(&dout, sizeof out);
    cudaMalloc(&duout, sizeof uout);
    cudaMemcpy(da, ha, sizeof ha, cudaMemcpyHostToDevice);
    cudaMemcpy(db, hb, sizeof hb, cudaMemcpyHostToDevice);
    dots<<<(n + 63) / 64, 64>>>(da, db, dout, duout, n);
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    cudaMemcpy(uout, duout, sizeof uout, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n && bad < 10; i++) {
        unsigned a = (unsigned)ha[i], b = (unsigned)hb[i];
        long long d4 = i - 7, lo = 3 * i, hi = -i, c4 = 5;
        unsigned long long u4 = (unsigned)i, ulo = 1, uhi = 0xffffffffu;
        for (int k = 0; k < 4; k++) { d4 += sbyte(a, k) * sbyte(b, k); c4 += sbyte(a, k) * sbyte(b, k); u4 += ubyte(a, k) * ubyte(b, k); }
        for (int k = 0; k < 2; k++) {
            int h = (short)(a >> (16 * k));
            unsigned uh = (a >> (16 * k)) & 0xffffu;
            lo += h * sbyte(b, k);
            hi += h * sbyte(b, k + 2);
            ulo += uh * ubyte(b, k);
            uhi += uh * ubyte(b, k + 2);
        }
        int exp[4] = { (int)(unsigned)d4, (int)(unsigned)lo, (int)(unsigned)hi, (int)(unsigned)c4 };
        unsigned uexp[3] = { (unsigned)u4, (unsigned)ulo, (unsigned)uhi };
        for (int k = 0; k < 4; k++)
            if (out[6 * i + k] != exp[k]) { printf("i=%d k=%d: %d, expected %d\n", i, k, out[6 * i + k], exp[k]); bad++; }
        for (int k = 0; k < 3; k++)
            if (uout[3 * i + k] != uexp[k]) { printf("i=%d uk=%d: %u, expected %u\n", i, k, uout[3 * i + k], uexp[k]); bad++; }
    }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
