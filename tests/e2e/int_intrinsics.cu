// int_intrinsics.cu: __popc, __popcll, __clz, __clzll, __ffs, __ffsll, __brev,
// __brevll, __mul24, __umul24, __mulhi, __umulhi, __sad, min, max, abs,
// checked against plain C bit loops on the host.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define NR 16

__global__ void intr(const unsigned *a, const unsigned long long *b, long long *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned x = a[i];
    unsigned y = a[(i + 1) % n];
    unsigned long long z = b[i];
    long long *o = out + i * NR;
    o[0] = __popc(x);
    o[1] = __popcll(z);
    o[2] = __clz((int)x);
    o[3] = __clzll((long long)z);
    o[4] = __ffs((int)x);
    o[5] = __ffsll((long long)z);
    o[6] = __brev(x);
    o[7] = (long long)__brevll(z);
    o[8] = __mul24((int)(x & 0xffffff) - 0x800000, (int)(y & 0x7fffff));
    o[9] = __umul24(x, y);
    o[10] = __mulhi((int)x, (int)y);
    o[11] = __umulhi(x, y);
    o[12] = __sad((int)x, (int)y, 7u);
    o[13] = min((int)x, (int)y);
    o[14] = max(x, y);
    o[15] = abs((int)x);
}

static int popc64(unsigned long long v)
{
    int c = 0;
    for (int k = 0; k < 64; k++)
        c += (int)((v >> k) & 1);
    return c;
}

static int clz64(unsigned long long v, int bits)
{
    int c = 0;
    for (int k = bits - 1; k >= 0 && !((v >> k) & 1); k--)
        c++;
    return c;
}

static int ffs64(unsigned long long v, int bits)
{
    for (int k = 0; k < bits; k++)
        if ((v >> k) & 1)
            return k + 1;
    return 0;
}

static unsigned long long brev64(unsigned long long v, int bits)
{
    unsigned long long r = 0;
    for (int k = 0; k < bits; k++)
        if ((v >> k) & 1)
            r |= 1ull << (bits - 1 - k);
    return r;
}

static long long sext24(unsigned v)
{
    v &= 0xffffff;
    return (v & 0x800000) ? (long long)v - 0x1000000 : (long long)v;
}

int main()
{
    const int n = 400;
    unsigned *a = (unsigned *)malloc(n * sizeof(unsigned));
    unsigned long long *b = (unsigned long long *)malloc(n * sizeof(unsigned long long));
    long long *out = (long long *)malloc(n * NR * sizeof(long long));
    unsigned s = 9u;
    for (int i = 0; i < n; i++) {
        s = s * 1664525u + 1013904223u;
        a[i] = s >> (i % 32);   // varying leading zeros
        s = s * 1664525u + 1013904223u;
        b[i] = ((unsigned long long)s << 32 | a[i]) >> (i % 64);
    }
    a[0] = 0;
    b[0] = 0;
    a[1] = 0x80000000u;
    a[2] = 0xffffffffu;
    b[1] = 1ull << 63;
    unsigned *da;
    unsigned long long *db;
    long long *dout;
    CK(cudaMalloc(&da, n * sizeof(unsigned)));
    CK(cudaMalloc(&db, n * sizeof(unsigned long long)));
    CK(cudaMalloc(&dout, n * NR * sizeof(long long)));
    CK(cudaMemcpy(da, a, n * sizeof(unsigned), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, b, n * sizeof(unsigned long long), cudaMemcpyHostToDevice));
    intr<<<(n + 63) / 64, 64>>>(da, db, dout, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, n * NR * sizeof(long long), cudaMemcpyDeviceToHost));

    static const char *names[NR] = {"__popc", "__popcll", "__clz", "__clzll", "__ffs", "__ffsll",
        "__brev", "__brevll", "__mul24", "__umul24", "__mulhi", "__umulhi", "__sad", "min", "max",
        "abs"};
    int failures = 0;
    for (int i = 0; i < n; i++) {
        unsigned x = a[i], y = a[(i + 1) % n];
        unsigned long long z = b[i];
        int xi = (int)x, yi = (int)y;
        long long want[NR];
        want[0] = popc64(x);
        want[1] = popc64(z);
        want[2] = clz64(x, 32);
        want[3] = clz64(z, 64);
        want[4] = ffs64(x, 32);
        want[5] = ffs64(z, 64);
        want[6] = (long long)brev64(x, 32);
        want[7] = (long long)brev64(z, 64);
        want[8] = (int)(sext24((x & 0xffffff) - 0x800000) * sext24(y & 0x7fffff));
        want[9] = (unsigned)((unsigned long long)(x & 0xffffff) * (y & 0xffffff));
        want[10] = (int)(((long long)xi * (long long)yi) >> 32);
        want[11] = (unsigned)(((unsigned long long)x * y) >> 32);
        want[12] = (unsigned)((xi > yi ? (long long)xi - yi : (long long)yi - xi) + 7);
        want[13] = xi < yi ? xi : yi;
        want[14] = x > y ? x : y;
        want[15] = xi == (-2147483647 - 1) ? xi : (xi < 0 ? -xi : xi);
        for (int f = 0; f < NR; f++)
            if (out[i * NR + f] != want[f]) {
                if (failures < 20)
                    printf("%s [%d] (x=%#x y=%#x z=%#llx): got %lld, expected %lld\n", names[f], i,
                           x, y, z, out[i * NR + f], want[f]);
                failures++;
            }
    }
    cudaFree(da);
    cudaFree(db);
    cudaFree(dout);
    free(a);
    free(b);
    free(out);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
