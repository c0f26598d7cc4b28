// Warp shuffles: __shfl_sync, __shfl_up_sync, __shfl_down_sync and
// __shfl_xor_sync on int, unsigned, long long, unsigned long long, float and
// double, with widths 32, 16, 8 and 4, in a block of 80 threads (the last
// warp has 16 lanes, shuffled with a 16-lane mask and width 16), through a
// __device__ function template. The reference follows the CUDA programming
// guide's definitions lane by lane on the host.
#include <cstdio>
#include <cstring>

enum { NT = 80, NB = 2, NOPS = 4, NW = 4 };

template <class T> __device__ T shuffle(int op, unsigned mask, T v, int arg, int width)
{
    if (op == 0) return __shfl_sync(mask, v, arg, width);
    if (op == 1) return __shfl_up_sync(mask, v, (unsigned)arg, width);
    if (op == 2) return __shfl_down_sync(mask, v, (unsigned)arg, width);
    return __shfl_xor_sync(mask, v, arg, width);
}

template <class T> __global__ void shuffles(const T *in, T *out, const int *args)
{
    int tid = threadIdx.x, g = blockIdx.x * blockDim.x + tid;
    int lane = tid % 32;
    /* the last warp of the block has lanes 0..15 only */
    unsigned mask = tid / 32 == NT / 32 ? 0xffffu : 0xffffffffu;
    T v = in[g];
    for (int op = 0; op < NOPS; op++) {
        int w = 32;
        for (int k = 0; k < NW; k++, w /= 2) {
            int width = (mask == 0xffffu && w > 16) ? 16 : w;
            T r = shuffle(op, mask, v, args[op * NW + k] + (op == 0 ? lane / 4 : 0), width);
            out[(op * NW + k) * NB * NT + g] = r;
        }
    }
}

/* the guide's definitions; lanes are counted in the thread's warp */
template <class T> static T ref(const T *in, int base, int nlanes, int lane, int op, int arg, int width)
{
    int seg = lane / width * width, src;
    switch (op) {
    case 0: src = seg + ((arg % width) + width) % width; break;
    case 1: src = lane % width >= arg ? lane - arg : lane; break;
    case 2: src = lane % width + arg < width ? lane + arg : lane; break;
    default: src = lane ^ arg; if (src / width > lane / width || src >= 32) src = lane; break;
    }
    (void)nlanes;
    return in[base + src];
}

template <class T> static int check(const char *name, T scale)
{
    const int n = NB * NT, nout = NOPS * NW * n;
    const int hargs[NOPS * NW] = { 5, 3, 7, 1,   1, 2, 3, 1,   1, 4, 2, 3,   1, 2, 4, 8 };
    T *in, *out;
    int *args;
    cudaMallocManaged(&in, n * sizeof(T));
    cudaMallocManaged(&out, nout * sizeof(T));
    cudaMallocManaged(&args, sizeof hargs);
    memcpy(args, hargs, sizeof hargs);
    for (int i = 0; i < n; i++) in[i] = (T)(i * 7 % 101) * scale;
    shuffles<T><<<NB, NT>>>(in, out, args);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < NB; b++)
        for (int t = 0; t < NT; t++) {
            int base = b * NT + t / 32 * 32, lane = t % 32, nlanes = t / 32 == NT / 32 ? 16 : 32;
            for (int op = 0; op < NOPS; op++)
                for (int k = 0, w = 32; k < NW; k++, w /= 2) {
                    int width = nlanes == 16 && w > 16 ? 16 : w;
                    int arg = hargs[op * NW + k] + (op == 0 ? lane / 4 : 0);
                    T e = ref(in, base, nlanes, lane, op, arg, width);
                    T got = out[(op * NW + k) * n + b * NT + t];
                    if (got != e && bad++ < 5)
                        printf("%s: block %d thread %d op %d width %d: got %g want %g\n", name, b, t, op, width,
                               (double)got, (double)e);
                }
        }
    cudaFree(in);
    cudaFree(out);
    cudaFree(args);
    return bad;
}

int main()
{
    int bad = 0;
    bad += check<int>("int", -3);
    bad += check<unsigned>("unsigned", 3u);
    bad += check<long long>("long long", 1LL << 40);
    bad += check<unsigned long long>("unsigned long long", 3ULL << 35);
    bad += check<float>("float", 0.25f);
    bad += check<double>("double", 1e-3);
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
