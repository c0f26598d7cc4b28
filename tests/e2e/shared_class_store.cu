// Stores to __shared__ elements of a class type are calls of the class's
// operator= and operator+= in C++; they must count as writes, or
// barrier-elim drops the __syncthreads() after them and threads read
// elements not yet written. The reference is the host's sum.
#include <cstdio>

struct P {
    float x;
    __host__ __device__ P &operator+=(const P &o) { x += o.x; return *this; }
};

__global__ void sums(const P *in, P *out)
{
    __shared__ P s[64];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * 64 + t];
    __syncthreads();
    for (int k = 32; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

__global__ void total(const P *in, P *out)
{
    __shared__ P s[64];
    int t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    if (t == 0) {
        float sum = 0;
        for (int i = 0; i < 64; i++) sum += s[i].x;
        out[0].x = sum;
    }
}

int main()
{
    const int nb = 4;
    P *in, *out;
    cudaMallocManaged(&in, nb * 64 * sizeof(P));
    cudaMallocManaged(&out, nb * sizeof(P));
    for (int i = 0; i < nb * 64; i++) in[i].x = (float)(i % 5 + 1);
    sums<<<nb, 64>>>(in, out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < nb; b++) {
        float e = 0;
        for (int t = 0; t < 64; t++) e += in[b * 64 + t].x;
        if (out[b].x != e && bad++ < 4) printf("block %d: got %g want %g\n", b, out[b].x, e);
    }
    total<<<1, 64>>>(in, out);
    cudaDeviceSynchronize();
    float e = 0;
    for (int t = 0; t < 64; t++) e += in[t].x;
    if (out[0].x != e && bad++ < 5) printf("total: got %g want %g\n", out[0].x, e);
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
