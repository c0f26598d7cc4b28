// Member functions that call __syncthreads(), called on a __shared__
// object: they are inlined with the object bound to a reference, implicit
// member accesses and `this` going through it, the class's nested types,
// enumerators and template parameters qualified or substituted, and the
// class's members made public in the translated copy. Shapes from Rodinia's
// dwt2d: a template kernel calling `C<A, B>::run`, which declares the
// __shared__ object and calls member templates on it (dependent calls),
// and functors nested in the class that write through `int &`, applied to
// the shared buffer by a member of a member object (a store that
// barrier-elim must see). Checked against a host reference.
#include <cstdio>
#include <cuda_runtime.h>

template <int N>
class Reducer {
    float buf[N];
    __device__ void put(float v) { buf[threadIdx.x] = v; }
public:
    __device__ float sum(float v) {
        put(v);
        __syncthreads();
        for (int s = N / 2; s > 0; s >>= 1) {
            if (threadIdx.x < s) this->buf[threadIdx.x] += buf[threadIdx.x + s];
            __syncthreads();
        }
        float r = buf[0];
        __syncthreads();
        return r;
    }
};

template <typename T, int W>
struct Row {
    T data[W + 2];
    template <class Op>
    __device__ void applyOdd(Op op) {       // no barrier: stays a call
        int i = 2 * threadIdx.x + 1;
        if (i < W + 1) op(data[i - 1], data[i], data[i + 1]);
    }
    template <class Op>
    __device__ void applyEven(Op op) {
        int i = 2 * threadIdx.x + 2;
        if (i < W + 1) op(data[i - 1], data[i], data[i + 1]);
    }
};

template <int W, int H>
class Lift {
    typedef Row<int, W> Buffer;
    Buffer rows;
    enum { LAST = W + 1 };
    struct Predict {
        __device__ void operator()(const int p, int &c, const int n) const { c -= (p + n) / 2; }
    };
    struct Update {
        __device__ void operator()(const int p, int &c, const int n) const { c += (p + n + 2) / 4; }
    };
    struct Column { int offset, scale; };
    template <bool SCALE>
    __device__ void transform(const int *in, int *out) {
        Column col;
        col.offset = blockIdx.x * W;
        col.scale = SCALE ? 2 : 1;
        int t = threadIdx.x;
        rows.data[t + 1] = in[col.offset + t] * col.scale;
        if (t == 0) { rows.data[0] = in[col.offset + 1] * col.scale; rows.data[LAST] = in[col.offset + W - 2] * col.scale; }
        __syncthreads();
        rows.applyOdd(Predict());
        __syncthreads();
        rows.applyEven(Update());
        __syncthreads();
        out[col.offset + t] = rows.data[t + 1];
    }
public:
    __device__ static void run(const int *in, int *out, int scale) {
        __shared__ Lift<W, H> lift;
        if (scale) lift.template transform<true>(in, out);
        else lift.template transform<false>(in, out);
    }
};

template <int W, int H>
__global__ void liftKernel(const int *in, int *out, int scale) { Lift<W, H>::run(in, out, scale); }

__global__ void sums(const float *in, float *out)
{
    __shared__ Reducer<128> r;
    float t = r.sum(in[blockIdx.x * 128 + threadIdx.x]);
    Reducer<128> *p = &r;                   // through a pointer: p->sum
    float u = p->sum(in[blockIdx.x * 128 + threadIdx.x] * 2);
    if (threadIdx.x == 0) out[blockIdx.x] = t + u;
}

int main()
{
    const int B = 3, N = 128, W = 64;
    float h[B * N], o[B];
    for (int i = 0; i < B * N; i++) h[i] = (float)(i % 7);
    int hi[B * W], ho[B * W], ref[B * W];
    for (int i = 0; i < B * W; i++) hi[i] = (i * 37) % 101 - 50;
    float *d, *dout;
    int *di, *dio;
    cudaMalloc(&d, sizeof h); cudaMalloc(&dout, sizeof o);
    cudaMalloc(&di, sizeof hi); cudaMalloc(&dio, sizeof ho);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
    sums<<<B, N>>>(d, dout);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < B; b++) {
        float s = 0;
        for (int i = 0; i < N; i++) s += h[b * N + i];
        s *= 3;
        if (o[b] != s && bad++ < 5) printf("sum of block %d: %g, expected %g\n", b, o[b], s);
    }
    for (int scale = 0; scale < 2; scale++) {
        liftKernel<W, 8><<<B, W>>>(di, dio, scale);
        cudaMemcpy(ho, dio, sizeof ho, cudaMemcpyDeviceToHost);
        for (int b = 0; b < B; b++) {
            int r[W + 2];
            for (int t = 0; t < W; t++) r[t + 1] = hi[b * W + t] * (scale ? 2 : 1);
            r[0] = r[2];
            r[W + 1] = r[W - 1];
            for (int i = 1; i < W + 1; i += 2) r[i] -= (r[i - 1] + r[i + 1]) / 2;
            for (int i = 2; i < W + 1; i += 2) r[i] += (r[i - 1] + r[i + 1] + 2) / 4;
            for (int t = 0; t < W; t++) ref[b * W + t] = r[t + 1];
        }
        for (int i = 0; i < B * W; i++)
            if (ho[i] != ref[i] && bad++ < 10) printf("scale %d: out[%d] = %d, expected %d\n", scale, i, ho[i], ref[i]);
    }
    cudaFree(d); cudaFree(dout); cudaFree(di); cudaFree(dio);
    if (bad) { printf("FAIL\n"); return 1; }
    printf("PASS\n");
    return 0;
}
