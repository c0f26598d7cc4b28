// cucpu-flags: -arch=sm_80
// Warp matches and reductions: __match_any_sync, __match_all_sync and
// __reduce_add/min/max/and/or/xor_sync (sm_80), on int and unsigned, over a
// full warp, over a 16-lane mask inside a branch, and in a block of 40
// threads whose last warp has 8 lanes. The reference is computed on the
// host from the warp's values.
#include <cstdio>

enum { NT = 40, NB = 2, NR = 10 };

__global__ void warps(const int *in, unsigned *out)
{
    int tid = threadIdx.x, g = blockIdx.x * blockDim.x + tid, lane = tid % 32;
    unsigned full = __activemask(), *o = out + g * NR;
    int v = in[g];
    int pred = -1;
    o[0] = __match_any_sync(full, v % 4);
    o[1] = __match_all_sync(full, v / 1000, &pred);
    o[2] = (unsigned)pred;
    o[3] = (unsigned)__reduce_add_sync(full, v - 50);
    o[4] = (unsigned)__reduce_min_sync(full, v - 50);
    o[5] = __reduce_max_sync(full, (unsigned)v);
    o[6] = __reduce_and_sync(full, (unsigned)v | 0x100u);
    o[7] = __reduce_or_sync(full, (unsigned)v);
    o[8] = __reduce_xor_sync(full, (unsigned)v);
    if (lane < 16) o[9] = __reduce_add_sync(0xffffu & full, (unsigned)v) + __match_all_sync(0xffffu & full, 7, &pred) * 0;
    else o[9] = 0;
}

int main()
{
    const int n = NB * NT;
    int *in;
    unsigned *out;
    cudaMallocManaged(&in, n * sizeof(int));
    cudaMallocManaged(&out, n * NR * sizeof(unsigned));
    for (int i = 0; i < n; i++) in[i] = (i * 53 + 7) % 97;
    warps<<<NB, NT>>>(in, out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < NB; b++)
        for (int t = 0; t < NT; t++) {
            int g = b * NT + t, base = b * NT + t / 32 * 32, lane = t % 32;
            int nl = t / 32 == NT / 32 ? NT % 32 : 32;
            unsigned e[NR] = { 0 };
            unsigned full = nl == 32 ? 0xffffffffu : (1u << nl) - 1;
            int sum = 0, mn = 1 << 30;
            unsigned mx = 0, an = ~0u, orr = 0, xr = 0, low = 0;
            for (int j = 0; j < nl; j++) {
                int x = in[base + j];
                if (x % 4 == in[g] % 4) e[0] |= 1u << j;
                sum += x - 50;
                if (x - 50 < mn) mn = x - 50;
                if ((unsigned)x > mx) mx = (unsigned)x;
                an &= (unsigned)x | 0x100u;
                orr |= (unsigned)x;
                xr ^= (unsigned)x;
                if (j < 16) low += (unsigned)x;
            }
            e[1] = full;          /* every value / 1000 is 0 */
            e[2] = 1;
            e[3] = (unsigned)sum;
            e[4] = (unsigned)mn;
            e[5] = mx;
            e[6] = an;
            e[7] = orr;
            e[8] = xr;
            e[9] = lane < 16 ? low : 0;
            for (int r = 0; r < NR; r++)
                if (out[g * NR + r] != e[r] && bad++ < 8)
                    printf("block %d thread %d result %d: got %#x want %#x\n", b, t, r, out[g * NR + r], e[r]);
        }
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
