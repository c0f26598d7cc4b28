// A branch with a group barrier under a stable condition (`if (idx < 16)`,
// which the bounds pass turns into the bounds of its thread loops) around
// an inlined function that declares a name of the caller's again (`const
// int idx = threadIdx.x;`, NVIDIA's dxtc colorSums): the branch keeps its
// scope, so the declaration shadows the caller's as in the source. Blocks
// of 64 threads; the first 16 sum their values by xor steps over a tile of
// 16 (each step reads, syncs, then writes: dxtc's `s[idx] += s[idx ^ 8]`
// without that sync is a race). The reference is host loops.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

enum { NT = 64, NB = 3 };

__device__ void xor_sums(float *s, cg::thread_group tile)
{
    const int idx = threadIdx.x;
    s[idx] *= 2.0f;
    cg::sync(tile);
    for (int m = 8; m > 0; m >>= 1) {
        float v = s[idx] + s[idx ^ m];
        cg::sync(tile);
        s[idx] = v;
        cg::sync(tile);
    }
}

__global__ void sums(const float *in, float *out)
{
    __shared__ float s[NT];
    cg::thread_block cta = cg::this_thread_block();
    const int idx = threadIdx.x;
    cg::thread_group tile = cg::tiled_partition(cta, 16);
    s[idx] = in[blockIdx.x * NT + idx];
    cg::sync(cta);
    if (idx < 16) {
        xor_sums(s, tile);
    }
    cg::sync(cta);
    out[blockIdx.x * NT + idx] = s[idx];
}

int main()
{
    float *in, *out;
    int fails = 0;
    cudaMallocManaged(&in, NB * NT * sizeof(float));
    cudaMallocManaged(&out, NB * NT * sizeof(float));
    for (int i = 0; i < NB * NT; i++) in[i] = (float)((i * 11 + 3) % 23);
    sums<<<NB, NT>>>(in, out);
    cudaDeviceSynchronize();
    for (int b = 0; b < NB; b++) {
        float s = 0;
        for (int t = 0; t < 16; t++) s += in[b * NT + t];   // small integers: exact in any order
        for (int t = 0; t < NT; t++) {
            float want = t < 16 ? 2 * s : in[b * NT + t];
            if (out[b * NT + t] != want && fails++ < 10)
                printf("FAIL block %d thread %d: got %g want %g\n", b, t, out[b * NT + t], want);
        }
    }
    printf(fails ? "FAIL\n" : "PASS\n");
    return fails != 0;
}
