// A kernel local with no initializer, bound to a non-const reference
// parameter of a device function that syncs (so cucpu inlines it), and read
// after a later barrier (reduced from cuda-samples dxtc: evalAllPermutations'
// bestStart). Each thread writes its own value through the reference; the
// local is per thread, never one variable for the block (it was, with the
// recompute pass on, since the binding `p = &x` counted as no store). The
// same with an initialized local (`float left = 0.0f` in eigenvalues'
// bisectKernelLarge, whose shared value crashed bisectKernelLarge_MultIntervals
// on the intervals it produced): it is neither one per block nor recomputed
// from its initializer.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

enum { NT = 64, NB = 3 };

__device__ void best_of(const int *in, unsigned short &best, int &where, float &low, int *s, cg::thread_block cta)
{
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * NT + t];
    cg::sync(cta);
    best = (unsigned short)(s[t] * 3 + s[(t + 1) % NT]);
    where = t ^ 5;
    low += 0.5f * (float)t;
}

__global__ void kernel(const int *in, int *out)
{
    cg::thread_block cta = cg::this_thread_block();
    __shared__ int s[NT];
    unsigned short best;
    int where;
    float low = 0.0f;
    best_of(in, best, where, low, s, cta);
    cg::sync(cta);
    out[blockIdx.x * NT + threadIdx.x] = best * 1000 + where + 1000000 * (int)(low * 2.0f);
}

int main()
{
    int h[NB * NT], r[NB * NT], *din, *dout, fails = 0;
    for (int i = 0; i < NB * NT; i++) h[i] = (i * 37 + 11) % 101;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof r);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    kernel<<<NB, NT>>>(din, dout);
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    for (int b = 0; b < NB; b++)
        for (int t = 0; t < NT; t++) {
            int want = (h[b * NT + t] * 3 + h[b * NT + (t + 1) % NT]) * 1000 + (t ^ 5) + 1000000 * t;
            if (r[b * NT + t] != want && fails++ < 5)
                printf("block %d thread %d: %d, want %d\n", b, t, r[b * NT + t], want);
        }
    cudaFree(din);
    cudaFree(dout);
    if (fails) return 1;
    printf("PASS\n");
    return 0;
}
