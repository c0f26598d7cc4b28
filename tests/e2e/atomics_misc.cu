// atomics_misc.cu: atomicMin, atomicMax, atomicCAS (an add built from a CAS
// loop), atomicExch (values are conserved), atomicInc and atomicDec with
// wrap-around, atomicAnd/Or/Xor, atomicSub, and float atomicAdd.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

enum { R_MIN, R_MAX, R_CAS, R_EXCH, R_INC, R_DEC, R_AND, R_OR, R_XOR, R_SUB, R_COUNT };
#define INC_LIMIT 37u
#define DEC_LIMIT 23u

__device__ int cas_add(int *addr, int v)
{
    int old = *addr, assumed;
    do {
        assumed = old;
        old = atomicCAS(addr, assumed, assumed + v);
    } while (old != assumed);
    return old;
}

__global__ void atomics(const int *in, int n, int *r, unsigned *u, long long *exch_sum, float *fsum)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int v = in[i];
    atomicMin(&r[R_MIN], v);
    atomicMax(&r[R_MAX], v);
    cas_add(&r[R_CAS], v);
    int old = atomicExch(&r[R_EXCH], v);
    atomicAdd((unsigned long long *)exch_sum, (unsigned long long)(long long)old);
    atomicInc(&u[R_INC], INC_LIMIT);
    atomicDec(&u[R_DEC], DEC_LIMIT);
    atomicAnd(&u[R_AND], (unsigned)v | 0xF0F0F0F0u);
    atomicOr(&u[R_OR], 1u << (v & 31));
    atomicXor(&u[R_XOR], (unsigned)v * 2654435761u);
    atomicSub(&r[R_SUB], v);
    atomicAdd(fsum, (float)(v % 64));
}

int main()
{
    const int n = 3000;
    int *in = (int *)malloc(n * sizeof(int));
    unsigned s = 4242u;
    for (int i = 0; i < n; i++) {
        s = s * 1664525u + 1013904223u;
        in[i] = (int)((s >> 4) % 2000001) - 1000000;
    }
    int r[R_COUNT] = {0};
    unsigned u[R_COUNT] = {0};
    r[R_MIN] = 0x7fffffff;
    r[R_MAX] = -0x7fffffff - 1;
    r[R_EXCH] = 5;
    r[R_SUB] = 1000;
    u[R_AND] = 0xffffffffu;
    long long exch_sum = 0;
    float fsum = 0.0f;

    int *din, *dr;
    unsigned *du;
    long long *de;
    float *df;
    CK(cudaMalloc(&din, n * sizeof(int)));
    CK(cudaMalloc(&dr, sizeof r));
    CK(cudaMalloc(&du, sizeof u));
    CK(cudaMalloc(&de, sizeof exch_sum));
    CK(cudaMalloc(&df, sizeof fsum));
    CK(cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dr, r, sizeof r, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(du, u, sizeof u, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(de, &exch_sum, sizeof exch_sum, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(df, &fsum, sizeof fsum, cudaMemcpyHostToDevice));
    atomics<<<(n + 127) / 128, 128>>>(din, n, dr, du, de, df);
    CK(cudaGetLastError());
    CK(cudaMemcpy(r, dr, sizeof r, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(u, du, sizeof u, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&exch_sum, de, sizeof exch_sum, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&fsum, df, sizeof fsum, cudaMemcpyDeviceToHost));

    int wmin = 0x7fffffff, wmax = -0x7fffffff - 1, wsum = 0;
    unsigned wand = 0xffffffffu, wor = 0, wxor = 0;
    long long all = 5;   // the initial value of the exchange slot
    float wf = 0.0f;
    for (int i = 0; i < n; i++) {
        int v = in[i];
        wmin = v < wmin ? v : wmin;
        wmax = v > wmax ? v : wmax;
        wsum += v;
        wand &= (unsigned)v | 0xF0F0F0F0u;
        wor |= 1u << (v & 31);
        wxor ^= (unsigned)v * 2654435761u;
        all += v;
        wf += (float)(v % 64);
    }
    unsigned winc = n % (INC_LIMIT + 1);
    unsigned wdec = (DEC_LIMIT + 1 - n % (DEC_LIMIT + 1)) % (DEC_LIMIT + 1);
    int failures = 0;
#define EXPECT(what, got, want) do { if ((long long)(got) != (long long)(want)) { \
        printf("%s: got %lld, expected %lld\n", what, (long long)(got), (long long)(want)); \
        failures++; } } while (0)
    EXPECT("atomicMin", r[R_MIN], wmin);
    EXPECT("atomicMax", r[R_MAX], wmax);
    EXPECT("atomicCAS add", r[R_CAS], wsum);
    EXPECT("atomicExch conservation", exch_sum + r[R_EXCH], all);
    EXPECT("atomicInc", u[R_INC], winc);
    EXPECT("atomicDec", u[R_DEC], wdec);
    EXPECT("atomicAnd", u[R_AND], wand);
    EXPECT("atomicOr", u[R_OR], wor);
    EXPECT("atomicXor", u[R_XOR], wxor);
    EXPECT("atomicSub", r[R_SUB], 1000 - wsum);
    EXPECT("atomicAdd float (integer-valued, exact)", fsum, wf);
    cudaFree(din);
    cudaFree(dr);
    cudaFree(du);
    cudaFree(de);
    cudaFree(df);
    free(in);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
