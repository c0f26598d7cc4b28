// cucpu-only-flags: --lockstep-plain-memory
// The classic reduction tail without `volatile`: under `if (tid < 32)` the
// first warp folds 64 elements of shared memory with no barrier. Run a
// statement at a time over the warp, as a GPU warp runs it (all lanes read,
// then all write, then the next statement), it gives the block's sum: the
// first step needs no lock step of its own (no lane reads what another
// writes), but every later step reads what the one before wrote in other
// lanes. The reference is the plain sum on the host.
#include <cstdio>

enum { NT = 64, NB = 5 };

__global__ void tail(const int *in, int *out)
{
    __shared__ int s[NT];
    int tid = threadIdx.x;
    s[tid] = in[blockIdx.x * NT + tid];
    __syncthreads();
    if (tid < 32) {
        s[tid] += s[tid + 32];
        s[tid] += s[tid + 16];
        s[tid] += s[tid + 8];
        s[tid] += s[tid + 4];
        s[tid] += s[tid + 2];
        s[tid] += s[tid + 1];
    }
    if (tid == 0) out[blockIdx.x] = s[0];
}

int main()
{
    int *in, *out;
    cudaMallocManaged(&in, NB * NT * sizeof(int));
    cudaMallocManaged(&out, NB * sizeof(int));
    for (int i = 0; i < NB * NT; i++) in[i] = (i * 3 + 1) % 7;
    tail<<<NB, NT>>>(in, out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < NB; b++) {
        int e = 0;
        for (int t = 0; t < NT; t++) e += in[b * NT + t];
        if (out[b] != e && bad++ < 5) printf("block %d: got %d want %d\n", b, out[b], e);
    }
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
