// cucpu-only-flags: --lockstep-plain-memory
// Threads of a warp exchange data through plain (not volatile) shared memory
// within one statement: each lane reads another lane's element of the array
// it stores to (`s[t] += s[t ^ 8];`, as NVIDIA's dxtc sample does). On the
// GPU a warp's lanes all read before any lane stores; cucpu, which runs a
// block's threads one after another, must run such a statement in lock step
// over the warp. Shapes: a struct with only operator+= in 16-lane groups
// under `if (t < 16)`, in a __device__ function (dxtc's colorSums); a guarded
// shift; a compound store; a butterfly in a loop; a loop whose trip count
// differs between lanes; a two-dimensional array. The reference runs each
// statement on the host as the GPU's warp does: all lanes read, then all
// lanes write. A __host__ __device__ function with such a statement is
// inlined into the kernel and still called on the host.
#include <cstdio>

enum { NT = 64, NB = 3, W = 32 };

struct V3 { float x, y, z; };
__host__ __device__ void operator+=(V3 &a, V3 b) { a.x += b.x; a.y += b.y; a.z += b.z; }

__host__ __device__ void pair_step(int *a, int i) { a[i] += a[i ^ 1]; }

__device__ void color_sums(const V3 *colors, V3 *sums)
{
    const int idx = threadIdx.x;
    sums[idx] = colors[idx];
    __syncwarp(0xffff);
    sums[idx] += sums[idx ^ 8];
    __syncwarp(0xffff);
    sums[idx] += sums[idx ^ 4];
    __syncwarp(0xffff);
    sums[idx] += sums[idx ^ 2];
    __syncwarp(0xffff);
    sums[idx] += sums[idx ^ 1];
}

__global__ void colors(const V3 *in, V3 *out)
{
    __shared__ V3 c[16], s[16];
    int t = threadIdx.x;
    if (t < 16) {
        c[t] = in[blockIdx.x * 16 + t];
        __syncwarp(0xffff);
        color_sums(c, s);
        __syncwarp(0xffff);
        out[blockIdx.x * 16 + t] = s[t];
    }
}

__global__ void ints(const int *in, int *out)
{
    __shared__ int s[NT];
    __shared__ int m[4][W];
    int t = threadIdx.x, lane = t % W;
    s[t] = in[blockIdx.x * NT + t];
    m[t / W * 2][lane] = in[blockIdx.x * NT + t] * 2;
    m[t / W * 2 + 1][lane] = in[blockIdx.x * NT + t] - 1;
    __syncthreads();
    if (lane < 31) s[t] = s[t + 1] * 3 + s[t];
    __syncwarp();
    s[t] -= s[t ^ 5];
    __syncwarp();
    for (int k = 1; k < W; k <<= 1) {
        s[t] += s[t ^ k] & 0xff;
        __syncwarp();
    }
    for (int k = 0; k < (lane & 3); k++) s[t] += s[t ^ 1] % 7;
    m[t / W * 2][lane] += m[t / W * 2][lane ^ 3] - m[t / W * 2 + 1][lane];
    __syncwarp();
    pair_step(s, t);
    __syncthreads();
    out[blockIdx.x * NT + t] = s[t] * 1000 + m[t / W * 2][lane];
}

/* The host's GPU: one statement over the lanes of a warp, all reading
 * before any writes (want[] is what the statement stores, act[] who runs). */
static void commit(int *a, const int *want, const bool *act, int n)
{
    for (int l = 0; l < n; l++)
        if (act[l]) a[l] = want[l];
}

int main()
{
    const int nc = NB * 16, ni = NB * NT;
    V3 *cin, *cout;
    int *in, *out;
    cudaMallocManaged(&cin, nc * sizeof(V3));
    cudaMallocManaged(&cout, nc * sizeof(V3));
    cudaMallocManaged(&in, ni * sizeof(int));
    cudaMallocManaged(&out, ni * sizeof(int));
    for (int i = 0; i < nc; i++) cin[i] = V3{ float(i % 5), float(i * 3 % 11), float(i * 7 % 13) };
    for (int i = 0; i < ni; i++) in[i] = (i * 13 + 5) % 29;
    colors<<<NB, NT>>>(cin, cout);
    ints<<<NB, NT>>>(in, out);
    cudaDeviceSynchronize();

    int bad = 0;
    for (int b = 0; b < NB; b++) {
        V3 s[16], n[16];
        for (int i = 0; i < 16; i++) s[i] = cin[b * 16 + i];
        for (int k = 8; k >= 1; k >>= 1) {
            for (int i = 0; i < 16; i++) { n[i] = s[i]; n[i] += s[i ^ k]; }
            for (int i = 0; i < 16; i++) s[i] = n[i];
        }
        for (int i = 0; i < 16; i++) {
            V3 g = cout[b * 16 + i];
            if ((g.x != s[i].x || g.y != s[i].y || g.z != s[i].z) && bad++ < 5)
                printf("colors %d/%d: got %g %g %g want %g %g %g\n", b, i, g.x, g.y, g.z, s[i].x, s[i].y, s[i].z);
        }
    }
    for (int b = 0; b < NB; b++) {
        int s[NT], m[4][W], want[NT];
        bool act[NT];
        const int *x = in + b * NT;
        for (int t = 0; t < NT; t++) s[t] = x[t];
        for (int t = 0; t < NT; t++) m[t / W * 2][t % W] = x[t] * 2;
        for (int t = 0; t < NT; t++) m[t / W * 2 + 1][t % W] = x[t] - 1;
        for (int t = 0; t < NT; t++) { act[t] = t % W < 31; want[t] = act[t] ? s[t + 1] * 3 + s[t] : 0; }
        commit(s, want, act, NT);
        for (int t = 0; t < NT; t++) { act[t] = true; want[t] = s[t] - s[t ^ 5]; }
        commit(s, want, act, NT);
        for (int k = 1; k < W; k <<= 1) {
            for (int t = 0; t < NT; t++) want[t] = s[t] + (s[t ^ k] & 0xff);
            commit(s, want, act, NT);
        }
        for (int k = 0; k < 3; k++) {
            for (int t = 0; t < NT; t++) { act[t] = k < (t % W & 3); want[t] = s[t] + s[t ^ 1] % 7; }
            commit(s, want, act, NT);
        }
        int mw[NT];
        for (int t = 0; t < NT; t++) mw[t] = m[t / W * 2][t % W] + m[t / W * 2][(t % W) ^ 3] - m[t / W * 2 + 1][t % W];
        for (int t = 0; t < NT; t++) m[t / W * 2][t % W] = mw[t];
        for (int t = 0; t < NT; t++) { act[t] = true; want[t] = s[t] + s[t ^ 1]; }
        commit(s, want, act, NT);
        for (int t = 0; t < NT; t++) {
            int e = s[t] * 1000 + m[t / W * 2][t % W], g = out[b * NT + t];
            if (g != e && bad++ < 10) printf("ints %d/%d: got %d want %d\n", b, t, g, e);
        }
    }
    int h[4] = { 1, 2, 3, 4 };   /* on the host: one thread after another */
    for (int i = 0; i < 4; i++) pair_step(h, i);
    if (h[0] != 3 || h[1] != 5 || h[2] != 7 || h[3] != 11) bad++, printf("host: %d %d %d %d\n", h[0], h[1], h[2], h[3]);
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
