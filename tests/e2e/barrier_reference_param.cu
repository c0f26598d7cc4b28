// A __device__ function with a barrier, inlined into the kernel, takes a
// kernel local by reference: `const cg::thread_block &cta` (as NVIDIA's
// reductionMultiBlockCG does) and `const Scale &sc`. Both locals have pure
// initializers, so they could be recomputed in each thread loop; the
// reference, kept per thread across the barrier, must still point at a
// live object rather than at one whose thread loop has ended.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

enum { NT = 64, NB = 3 };

struct Scale { int mul, add; };

__device__ void block_sum(int *s, const cg::thread_block &cta, const Scale &sc, int *out)
{
    unsigned t = cta.thread_rank();
    cg::sync(cta);
    for (unsigned i = cta.size() / 2; i > 0; i /= 2) {
        if (t < i) s[t] += s[t + i];
        cg::sync(cta);
    }
    if (t == 0) out[blockIdx.x] = s[0] * sc.mul + sc.add;
    cta.sync();
    out[NB + blockIdx.x * NT + t] = (int)cta.group_index().x * 1000 + sc.mul * (int)t;
}

__global__ void sums(const int *in, int *out)
{
    cg::thread_block cta = cg::this_thread_block();
    Scale sc = { (int)blockIdx.x + 2, 7 };
    __shared__ int s[NT];
    s[cta.thread_rank()] = in[blockIdx.x * NT + threadIdx.x];
    block_sum(s, cta, sc, out);
}

int main()
{
    int *in, *out;
    cudaMallocManaged(&in, NB * NT * sizeof(int));
    cudaMallocManaged(&out, (NB + NB * NT) * sizeof(int));
    for (int i = 0; i < NB * NT; i++) in[i] = (i * 37) % 101;
    sums<<<NB, NT>>>(in, out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < NB; b++) {
        int want = 0;
        for (int t = 0; t < NT; t++) want += in[b * NT + t];
        want = want * (b + 2) + 7;
        if (out[b] != want) { printf("block %d: sum %d, expected %d\n", b, out[b], want); bad++; }
        for (int t = 0; t < NT; t++) {
            int w = b * 1000 + (b + 2) * t;
            if (out[NB + b * NT + t] != w && bad++ < 10)
                printf("block %d thread %d: %d, expected %d\n", b, t, out[NB + b * NT + t], w);
        }
    }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
