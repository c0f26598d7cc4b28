// Warp votes: __ballot_sync, __any_sync, __all_sync and __activemask, in
// converged code, under a condition that splits warps (only the lanes that
// reach the call vote), with masks naming part of a warp, and in a block of
// 72 threads whose last warp has 8 lanes. The reference is computed on the
// host from the same predicates.
#include <cstdio>

enum { NT = 72, NB = 3, NR = 6 };

__device__ int pred(const int *in, int g) { return in[g] % 3 == 0; }

__global__ void votes(const int *in, unsigned *out)
{
    int tid = threadIdx.x, g = blockIdx.x * blockDim.x + tid, lane = tid & 31;
    unsigned full = __activemask();
    unsigned *o = out + g * NR;
    o[0] = full;
    o[1] = __ballot_sync(full, pred(in, g));
    o[2] = __any_sync(full, in[g] == 5) + 2 * __all_sync(full, in[g] >= 0);
    if (lane < 20) {
        /* the lanes below 20 (fewer in the short warp) */
        unsigned m = __activemask();
        o[3] = m;
        o[4] = __ballot_sync(m, pred(in, g));
    } else {
        o[3] = __activemask();
        o[4] = __all_sync(__activemask(), in[g] % 2 == 0);
    }
    if (lane % 2 == 1) o[5] = __ballot_sync(0xaaaaaaaau & full, in[g] > 50);
    else o[5] = 0;
}

int main()
{
    const int n = NB * NT;
    int *in;
    unsigned *out;
    cudaMallocManaged(&in, n * sizeof(int));
    cudaMallocManaged(&out, n * NR * sizeof(unsigned));
    for (int i = 0; i < n; i++) in[i] = (i * 37 + 11) % 100;
    votes<<<NB, NT>>>(in, out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < NB; b++)
        for (int t = 0; t < NT; t++) {
            int g = b * NT + t, base = b * NT + t / 32 * 32, lane = t % 32;
            int nl = t / 32 == NT / 32 ? NT % 32 : 32;
            unsigned full = nl == 32 ? 0xffffffffu : (1u << nl) - 1, e[NR] = { full, 0, 0, 0, 0, 0 };
            int any5 = 0, allpos = 1;
            for (int j = 0; j < nl; j++) {
                if (in[base + j] % 3 == 0) e[1] |= 1u << j;
                any5 |= in[base + j] == 5;
                allpos &= in[base + j] >= 0;
            }
            e[2] = any5 + 2 * allpos;
            unsigned low = 0, high = 0;
            int alleven = 1;
            for (int j = 0; j < nl; j++) {
                if (j < 20) low |= 1u << j;
                else { high |= 1u << j; alleven &= in[base + j] % 2 == 0; }
            }
            if (lane < 20) {
                e[3] = low;
                for (int j = 0; j < nl && j < 20; j++)
                    if (in[base + j] % 3 == 0) e[4] |= 1u << j;
            } else {
                e[3] = high;
                e[4] = alleven;
            }
            if (lane % 2 == 1)
                for (int j = 1; j < nl; j += 2)
                    if (in[base + j] > 50) e[5] |= 1u << j;
            for (int r = 0; r < NR; r++)
                if (out[g * NR + r] != e[r] && bad++ < 8)
                    printf("block %d thread %d result %d: got %#x want %#x\n", b, t, r, out[g * NR + r], e[r]);
        }
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
