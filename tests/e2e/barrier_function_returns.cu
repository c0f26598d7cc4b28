// __device__ functions with barriers, in shapes real code uses: a value
// returned from inside a branch (`if (rank == 0) return v; else return -1;`,
// as NVIDIA's simpleCooperativeGroups sample does), a reference parameter
// that lives across a barrier, and `#pragma unroll` before a loop of
// shuffles. The reference is computed on the host.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int group_sum(cg::thread_group g, int *x, int v)
{
    int lane = g.thread_rank();
    for (int i = g.size() / 2; i > 0; i /= 2) {
        x[lane] = v;
        g.sync();
        if (lane < i) v += x[lane + i];
        g.sync();
    }
    if (g.thread_rank() == 0)
        return v;
    else
        return -1;
}

__device__ int scaled(const int &s, int *tmp)
{
    tmp[threadIdx.x] = s * 2;
    __syncthreads();
    return tmp[(threadIdx.x + 1) % blockDim.x] + s;
}

__global__ void shapes(const int *in, int *out)
{
    __shared__ int x[64], tmp[64];
    int t = threadIdx.x, v = in[blockIdx.x * 64 + t];
    cg::thread_block block = cg::this_thread_block();
    int *o = out + (blockIdx.x * 64 + t) * 4;
    o[0] = group_sum(block, x, v);
    cg::thread_group tile = cg::tiled_partition(block, 16);
    o[1] = group_sum(tile, x + t / 16 * 16, v);
    o[2] = scaled(v, tmp);
    int w = v;
#pragma unroll
    for (int k = 1; k < 32; k *= 2) w += __shfl_xor_sync(0xffffffffu, w, k);
    o[3] = w;
}

int main()
{
    const int nb = 3, n = nb * 64;
    int *in, *out;
    cudaMallocManaged(&in, n * sizeof(int));
    cudaMallocManaged(&out, n * 4 * sizeof(int));
    for (int i = 0; i < n; i++) in[i] = (i * 7 + 3) % 23;
    shapes<<<nb, 64>>>(in, out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < nb; b++)
        for (int t = 0; t < 64; t++) {
            const int *blk = in + b * 64;
            int e[4] = { -1, -1, 0, 0 };
            if (t == 0) { e[0] = 0; for (int j = 0; j < 64; j++) e[0] += blk[j]; }
            if (t % 16 == 0) { e[1] = 0; for (int j = 0; j < 16; j++) e[1] += blk[t + j]; }
            e[2] = 2 * blk[(t + 1) % 64] + blk[t];
            for (int j = 0; j < 32; j++) e[3] += blk[t / 32 * 32 + j];
            for (int r = 0; r < 4; r++)
                if (out[(b * 64 + t) * 4 + r] != e[r] && bad++ < 8)
                    printf("block %d thread %d result %d: got %d want %d\n", b, t, r, out[(b * 64 + t) * 4 + r], e[r]);
        }
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
