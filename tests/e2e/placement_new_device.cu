// Placement new in a kernel, as NVIDIA's newdelete sample builds a Vector
// in __shared__ memory (its <vector> brings in <new>).
#include <cstdio>
#include <new>

struct Counter {
    int base, *cells;
    __device__ Counter(int b, int *c) : base(b), cells(c) {}
    __device__ void put(int i, int v) { cells[i] = base + v; }
};

__global__ void fill(int *out)
{
    __shared__ unsigned char __align__(8) raw[sizeof(Counter)];
    __shared__ int cells[32];
    __shared__ Counter *c;
    if (threadIdx.x == 0) c = new (raw) Counter(1000 * (int)blockIdx.x, cells);
    __syncthreads();
    c->put(threadIdx.x, threadIdx.x * 3);
    __syncthreads();
    int *slot = new (&out[blockIdx.x * 32 + threadIdx.x]) int(7);
    *slot += cells[31 - threadIdx.x];
}

int main()
{
    int *out;
    cudaMallocManaged(&out, 2 * 32 * sizeof(int));
    for (int i = 0; i < 64; i++) out[i] = 0;
    fill<<<2, 32>>>(out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < 2; b++)
        for (int t = 0; t < 32; t++) {
            int want = 7 + 1000 * b + 3 * (31 - t);
            if (out[b * 32 + t] != want && bad++ < 10) printf("out[%d] = %d, expected %d\n", b * 32 + t, out[b * 32 + t], want);
        }
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
