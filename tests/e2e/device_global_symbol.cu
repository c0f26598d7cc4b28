// device_global_symbol.cu: __device__ global variables: a scale written with
// cudaMemcpyToSymbol, a counter incremented by kernels and read back with
// cudaMemcpyFromSymbol, and a statically initialized __device__ table.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__device__ int scale;
__device__ unsigned int counter;
__device__ int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
__device__ int last_writer;

__global__ void apply(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = in[i] * scale + table[i % 8];
        if (in[i] % 3 == 0)
            atomicAdd(&counter, 1u);
        if (i == n - 1)
            last_writer = i;
    }
}

int main()
{
    const int n = 500;
    int in[n], out[n];
    for (int i = 0; i < n; i++)
        in[i] = (i * 17) % 97;
    int *din, *dout;
    CK(cudaMalloc(&din, sizeof in));
    CK(cudaMalloc(&dout, sizeof out));
    CK(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice));
    int hscale = 5;
    unsigned zero = 0;
    CK(cudaMemcpyToSymbol(scale, &hscale, sizeof hscale));
    CK(cudaMemcpyToSymbol(counter, &zero, sizeof zero));
    apply<<<(n + 127) / 128, 128>>>(din, dout, n);
    CK(cudaGetLastError());
    hscale = -2;
    CK(cudaMemcpyToSymbol(scale, &hscale, sizeof hscale));
    apply<<<(n + 127) / 128, 128>>>(din, dout, n);   // counter keeps counting
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
    unsigned hcounter = 0;
    int hlast = -1, htable[8];
    CK(cudaMemcpyFromSymbol(&hcounter, counter, sizeof hcounter));
    CK(cudaMemcpyFromSymbol(&hlast, last_writer, sizeof hlast));
    CK(cudaMemcpyFromSymbol(htable, table, sizeof htable));

    int failures = 0;
    const int ref_table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
    unsigned wcount = 0;
    for (int i = 0; i < n; i++) {
        int want = in[i] * -2 + ref_table[i % 8];
        if (in[i] % 3 == 0)
            wcount += 2;
        if (out[i] != want) {
            if (failures < 10)
                printf("out[%d]: got %d, expected %d\n", i, out[i], want);
            failures++;
        }
    }
    if (hcounter != wcount) {
        printf("counter: got %u, expected %u\n", hcounter, wcount);
        failures++;
    }
    if (hlast != n - 1) {
        printf("last_writer: got %d, expected %d\n", hlast, n - 1);
        failures++;
    }
    for (int i = 0; i < 8; i++)
        if (htable[i] != ref_table[i]) {
            printf("table[%d]: got %d, expected %d\n", i, htable[i], ref_table[i]);
            failures++;
        }
    cudaFree(din);
    cudaFree(dout);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
