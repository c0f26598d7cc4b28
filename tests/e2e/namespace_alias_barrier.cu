// A namespace alias declared inside a kernel with barriers (HeCBench
// attention: `namespace cg = cooperative_groups;` in the kernel body), and
// a static_assert there (attention-paged).
#include <cstdio>
#include <cooperative_groups.h>

namespace util { namespace inner { __device__ int twice(int x) { return 2 * x; } } }

__global__ void block_sum(const int *in, int *out)
{
    namespace cg = cooperative_groups;
    namespace ui = util::inner;
    static_assert(sizeof(int) == 4, "int is 32 bits");
    __shared__ int s[64];
    cg::thread_block block = cg::this_thread_block();
    s[threadIdx.x] = ui::twice(in[blockIdx.x * 64 + threadIdx.x]);
    block.sync();
    for (int w = 32; w > 0; w >>= 1) {
        if (threadIdx.x < w) s[threadIdx.x] += s[threadIdx.x + w];
        cg::sync(block);
    }
    if (block.thread_rank() == 0) out[blockIdx.x] = s[0];
}

int main()
{
    const int nb = 5, n = nb * 64;
    int h[n], r[nb], *din, *dout;
    for (int i = 0; i < n; i++) h[i] = (i * 7) % 13 - 4;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof r);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    block_sum<<<nb, 64>>>(din, dout);
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < nb; b++) {
        int ref = 0;
        for (int i = 0; i < 64; i++) ref += 2 * h[b * 64 + i];
        if (r[b] != ref) { printf("block %d: %d, expected %d\n", b, r[b], ref); bad = 1; }
    }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
