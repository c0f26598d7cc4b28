// cucpu-only-flags: --lockstep-plain-memory
// Lanes of a warp exchange data within one statement through plain memory
// reached by other names than an array's: a member array of a __shared__
// object, from its member functions (`v[t]` and `this->v[t]`), a local
// pointer to a __shared__ array, and a class whose temporaries need a
// cleanup (`h[t] = hsum(h[t], h[t ^ 8]);`, as with half2 in NVIDIA's
// fp16ScalarProduct), and a class template's member array, whose element
// type clang leaves dependent in the template. Each statement must run in lock step over
// the warp as on the GPU (all lanes read, then all write); the reference
// does that on the host.
#include <cstdio>

struct Smem {
    int v[32];
    __device__ void step(int t) { v[t] += v[t ^ 1]; }
    __device__ void step2(int t) { this->v[t] += this->v[t ^ 2]; }
};

template <int N, class T>
struct TSmem {
    T buf[N];
    __device__ void step(int t) { this->buf[t] += this->buf[t ^ 16]; }
};

struct H {
    int x;
    __device__ H() {}
    __device__ H(int v) : x(v) {}
    __device__ ~H() {}
};
__device__ H hsum(H a, H b) { return H(a.x + b.x); }

__global__ void members(int *o)
{
    __shared__ Smem sm;
    __shared__ TSmem<32, int> ts;
    __shared__ int s[32];
    __shared__ int hx[32];
    H *h = reinterpret_cast<H *>(hx);
    int t = threadIdx.x;
    sm.v[t] = t;
    s[t] = t * 3;
    __syncwarp();
    sm.step(t);
    __syncwarp();
    sm.step2(t);
    int *p = s;
    p[t] += p[t ^ 4];
    hx[t] = t * 5;
    ts.buf[t] = t * 7;
    __syncwarp();
    ts.step(t);
    __syncwarp();
    if (t < 32) h[t] = hsum(h[t], h[t ^ 8]);
    __syncwarp();
    o[blockIdx.x * 32 + t] = sm.v[t] * 1000 + s[t] + hx[t] * 1000000 + ts.buf[t] * 10;
}

/* one statement over a warp: every lane reads, then every lane writes */
static void xor_step(int *a, int k)
{
    int n[32];
    for (int i = 0; i < 32; i++) n[i] = a[i] + a[i ^ k];
    for (int i = 0; i < 32; i++) a[i] = n[i];
}

int main()
{
    int *o;
    cudaMallocManaged(&o, 2 * 32 * sizeof(int));
    members<<<2, 32>>>(o);
    cudaDeviceSynchronize();
    int v[32], s[32], h[32], b[32], bad = 0;
    for (int i = 0; i < 32; i++) v[i] = i, s[i] = i * 3, h[i] = i * 5, b[i] = i * 7;
    xor_step(v, 1);
    xor_step(v, 2);
    xor_step(s, 4);
    xor_step(h, 8);
    xor_step(b, 16);
    for (int i = 0; i < 64; i++) {
        int e = v[i % 32] * 1000 + s[i % 32] + h[i % 32] * 1000000 + b[i % 32] * 10;
        if (o[i] != e && bad++ < 5) printf("%d: got %d want %d\n", i, o[i], e);
    }
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
