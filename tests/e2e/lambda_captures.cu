// Lambdas in a kernel with explicit capture lists, as NVIDIA's shfl_scan
// sample writes them: `[&r]` of a value that lives across barriers (kept
// per thread, r[tid] in the translation), `[scale]` by copy, `[]` naming
// threadIdx (a CUDA global, no capture needed); the lambda itself is used
// on both sides of a barrier and a warp shuffle.
#include <cstdio>

enum { NT = 64, NB = 2 };

struct Pair { int lo, hi; };

__global__ void pick(const int *in, int *out, int scale)
{
    __shared__ int s[NT];
    Pair r = { in[blockIdx.x * NT + threadIdx.x], 0 };
    auto get = [&r](int which) -> int { return which ? r.hi : r.lo; };
    auto scaled = [scale](int v) { return v * scale; };
    auto me = []() { return (int)threadIdx.x; };
    s[threadIdx.x] = get(0);
    __syncthreads();
    r.hi = s[(threadIdx.x + 1) % NT];
    int up = __shfl_down_sync(0xffffffff, get(1), 1);
    out[blockIdx.x * NT + threadIdx.x] = scaled(get(0) + get(1)) + me() * 100000 + (me() % 32 == 31 ? 0 : up) * 1000;
}

int main()
{
    int *in, *out;
    cudaMallocManaged(&in, NB * NT * sizeof(int));
    cudaMallocManaged(&out, NB * NT * sizeof(int));
    for (int i = 0; i < NB * NT; i++) in[i] = (i * 13) % 29;
    pick<<<NB, NT>>>(in, out, 3);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < NB; b++)
        for (int t = 0; t < NT; t++) {
            const int *x = in + b * NT;
            int hi = x[(t + 1) % NT], up = t % 32 == 31 ? 0 : x[(t + 2) % NT];
            int want = (x[t] + hi) * 3 + t * 100000 + up * 1000;
            if (out[b * NT + t] != want && bad++ < 10) printf("block %d thread %d: %d, expected %d\n", b, t, out[b * NT + t], want);
        }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
