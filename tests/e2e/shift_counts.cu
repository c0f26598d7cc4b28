// shift_counts.cu: shifts by a count that reaches the width, as the GPU
// does them: a << 32 is 0, a >> 32 is 0 (or -1 for a negative int), for
// 64-bit values at 64, and a negative count is a huge one. C++ leaves them
// undefined, and x86 masks the count (x << 32 == x). Rodinia's huffman
// relies on the GPU's answer (`dw << 32 - bit` with bit 0). Shifts in a
// kernel, after a barrier (also of a load that becomes a register), in a __device__ function, in one that is
// inlined (it has a barrier), as compound assignments, inside a call that
// gets the thread context, and in a template kernel. The reference is
// plain C with the clamping written out.
#include <cstdio>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define N 80   // counts -4 .. 75
#define NR 10

__device__ unsigned low_mask(int bits) { return (1u << bits) - 1; }

__device__ long long lane_shift(long long v, int n) { return v >> (n + threadIdx.x * 0); }

__device__ void shift_shared(unsigned *s, int n, unsigned *out)
{
    s[threadIdx.x] = 0xdeadbeefu >> n;
    __syncthreads();
    out[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x] << n;
}

__global__ void shifts(const int *count, unsigned *u, int *s, unsigned long long *w, long long *l)
{
    __shared__ unsigned sm[N];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int n = count[i];
    unsigned x = 0x9abcdef1u;
    sm[threadIdx.x] = x << n;
    __syncthreads();
    u[i * NR + 0] = sm[threadIdx.x];
    u[i * NR + 1] = x >> n;
    u[i * NR + 2] = low_mask(n);
    unsigned y = x;
    y <<= n;
    u[i * NR + 3] = y;
    y = x;
    y >>= n;
    u[i * NR + 4] = y;
    shift_shared(sm, n, u + i * NR + 5 - threadIdx.x);
    s[i * 2 + 0] = -12345 >> n;
    s[i * 2 + 1] = 12345 << n;
    w[i * 2 + 0] = 0xfedcba9876543210ull << n;
    w[i * 2 + 1] = 0xfedcba9876543210ull >> n;
    l[i] = lane_shift(-1234567890123ll, n);
}

// the loads of sm after the barrier become a register (forward pass)
__global__ void forwarded(const int *count, unsigned *out)
{
    __shared__ unsigned sm[N];
    int n = count[threadIdx.x];
    sm[threadIdx.x] = 0x9abcdef1u + threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = sm[threadIdx.x] << n;
    out[threadIdx.x + N] = n >> sm[threadIdx.x];
}

template <class T>
__global__ void shift_t(const int *count, T *out)
{
    int i = threadIdx.x;
    T v = (T)0x12345678;
    out[i] = v << count[i];
}

static unsigned ref_shl(unsigned a, int n) { return (unsigned)n >= 32 ? 0 : a << n; }
static unsigned ref_shr(unsigned a, int n) { return (unsigned)n >= 32 ? 0 : a >> n; }
static int ref_sar(int a, int n) { return (unsigned)n >= 32 ? (a < 0 ? -1 : 0) : a >> n; }
static int ref_sal(int a, int n) { return (unsigned)n >= 32 ? 0 : (int)((unsigned)a << n); }
static unsigned long long ref_shl64(unsigned long long a, int n) { return (unsigned)n >= 64 ? 0 : a << n; }
static unsigned long long ref_shr64(unsigned long long a, int n) { return (unsigned)n >= 64 ? 0 : a >> n; }
static long long ref_sar64(long long a, int n) { return (unsigned)n >= 64 ? (a < 0 ? -1 : 0) : a >> n; }

int main()
{
    int count[N];
    for (int i = 0; i < N; i++) count[i] = i - 4;
    int *d_count, *d_s;
    unsigned *d_u, *d_t, *d_f;
    unsigned long long *d_w;
    long long *d_l;
    CK(cudaMalloc(&d_count, sizeof count));
    CK(cudaMalloc(&d_u, N * NR * sizeof(unsigned)));
    CK(cudaMalloc(&d_s, N * 2 * sizeof(int)));
    CK(cudaMalloc(&d_w, N * 2 * sizeof(unsigned long long)));
    CK(cudaMalloc(&d_l, N * sizeof(long long)));
    CK(cudaMalloc(&d_t, N * sizeof(unsigned)));
    CK(cudaMalloc(&d_f, 2 * N * sizeof(unsigned)));
    CK(cudaMemcpy(d_count, count, sizeof count, cudaMemcpyHostToDevice));
    shifts<<<1, N>>>(d_count, d_u, d_s, d_w, d_l);
    shift_t<unsigned><<<1, N>>>(d_count, d_t);
    forwarded<<<1, N>>>(d_count, d_f);
    CK(cudaGetLastError());
    static unsigned u[N * NR], t[N], f[2 * N];
    static int s[N * 2];
    static unsigned long long w[N * 2];
    static long long l[N];
    CK(cudaMemcpy(u, d_u, sizeof u, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(s, d_s, sizeof s, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(w, d_w, sizeof w, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(l, d_l, sizeof l, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(t, d_t, sizeof t, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(f, d_f, sizeof f, cudaMemcpyDeviceToHost));
    int bad = 0;
    const unsigned x = 0x9abcdef1u;
    for (int i = 0; i < N; i++) {
        int n = count[i], n1 = count[(i + 1) % N];
        unsigned long long c64 = 0xfedcba9876543210ull;
        unsigned want[6] = { ref_shl(x, n), ref_shr(x, n), ref_shl(1, n) - 1, ref_shl(x, n), ref_shr(x, n),
                             ref_shl(ref_shr(0xdeadbeefu, n1), n) };
        for (int j = 0; j < 6; j++)
            if (u[i * NR + j] != want[j] && bad++ < 10)
                printf("count %d: result %d is %#x, want %#x\n", n, j, u[i * NR + j], want[j]);
        if ((s[i * 2] != ref_sar(-12345, n) || s[i * 2 + 1] != ref_sal(12345, n)) && bad++ < 10)
            printf("count %d: int shifts %d %d, want %d %d\n", n, s[i * 2], s[i * 2 + 1], ref_sar(-12345, n), ref_sal(12345, n));
        if ((w[i * 2] != ref_shl64(c64, n) || w[i * 2 + 1] != ref_shr64(c64, n)) && bad++ < 10)
            printf("count %d: 64-bit shifts %#llx %#llx\n", n, w[i * 2], w[i * 2 + 1]);
        if (l[i] != ref_sar64(-1234567890123ll, n) && bad++ < 10)
            printf("count %d: long long >> is %lld\n", n, l[i]);
        unsigned smv = 0x9abcdef1u + i;
        if ((f[i] != ref_shl(smv, n) || f[i + N] != (unsigned)(smv >= 32 ? (n < 0 ? -1 : 0) : n >> smv)) && bad++ < 10)
            printf("count %d: forwarded shifts %#x %#x\n", n, f[i], f[i + N]);
        if (t[i] != ref_shl(0x12345678u, n) && bad++ < 10)
            printf("count %d: template shift is %#x\n", n, t[i]);
    }
    if (bad) { printf("FAIL: %d wrong\n", bad); return 1; }
    printf("PASS\n");
    return 0;
}
