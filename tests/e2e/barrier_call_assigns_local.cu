// A local declared with a plain initializer (`int v = 0;`) and assigned
// later from a call that crosses a barrier: an inlined __device__ function
// with a barrier (`v = pair_sum(s, x)`, as NVIDIA's eigenvalues sample does
// with mid_count) and __syncthreads_count. The local is read after further
// barriers; its initializer must not be evaluated again there in place of
// the value assigned.
#include <cstdio>

enum { NT = 32, NB = 2, ROUNDS = 3 };

__device__ int pair_sum(int *s, int x)
{
    s[threadIdx.x] = x;
    __syncthreads();
    int r = s[threadIdx.x] + s[(threadIdx.x + 1) % blockDim.x];
    __syncthreads();
    return r;
}

__global__ void rounds(int *out)
{
    __shared__ int s[NT];
    int v = 0, c = 0;
    for (int it = 0; it < ROUNDS; it++) {
        v = pair_sum(s, (int)(threadIdx.x + blockIdx.x) * (it + 1));
        c = __syncthreads_count(threadIdx.x < 5 + it);
        s[threadIdx.x] = v;
        __syncthreads();
        out[(blockIdx.x * ROUNDS + it) * NT + threadIdx.x] = v * 1000 + s[0] + 100000 * c;
        __syncthreads();
    }
}

int main()
{
    int *out;
    cudaMallocManaged(&out, NB * ROUNDS * NT * sizeof(int));
    rounds<<<NB, NT>>>(out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < NB; b++)
        for (int it = 0; it < ROUNDS; it++) {
            int v0 = ((0 + b) + (1 + b)) * (it + 1);
            for (int t = 0; t < NT; t++) {
                int v = ((t + b) + ((t + 1) % NT + b)) * (it + 1);
                int want = v * 1000 + v0 + 100000 * (5 + it);
                int got = out[(b * ROUNDS + it) * NT + t];
                if (got != want && bad++ < 10) printf("block %d round %d thread %d: %d, expected %d\n", b, it, t, got, want);
            }
        }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
