// symbol_names.cu: symbols named by a string, the API of CUDA 4 and
// earlier (Rodinia's kmeans: cudaMemcpyToSymbol("c_clusters", ...)).
// cudaMemcpyToSymbol, cudaMemcpyFromSymbol, their Async forms,
// cudaGetSymbolAddress and cudaGetSymbolSize take the variable's name,
// including a namespace's variable by its qualified name; a char array
// variable is still itself, and a name that no variable has is
// cudaErrorInvalidSymbol. Each result is checked against plain C.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { if (!(x)) { printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #x); return 1; } } while (0)

__constant__ float c_coef[8];
__device__ int d_total;
__constant__ char c_tag[8];
namespace lut { __device__ int scale; }

__global__ void apply(float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = c_coef[i % 8] * lut::scale + c_tag[0];
    if (i == 0) d_total = n;
}

int main()
{
    const int n = 64;
    float coef[8], *d_out, out[n];
    for (int i = 0; i < 8; i++) coef[i] = 0.5f * i;
    int scale = 3;
    char tag[8] = {1};
    CHECK(cudaMemcpyToSymbol("c_coef", coef, sizeof coef, 0, cudaMemcpyHostToDevice) == cudaSuccess);
    CHECK(cudaMemcpyToSymbolAsync("lut::scale", &scale, sizeof scale, 0, cudaMemcpyHostToDevice, 0) == cudaSuccess);
    CHECK(cudaMemcpyToSymbol(c_tag, tag, sizeof tag) == cudaSuccess);
    CHECK(cudaMalloc(&d_out, sizeof out) == cudaSuccess);
    apply<<<2, 32>>>(d_out, n);
    CHECK(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost) == cudaSuccess);
    for (int i = 0; i < n; i++)
        CHECK(out[i] == coef[i % 8] * scale + 1);

    int total = 0;
    CHECK(cudaMemcpyFromSymbol(&total, "d_total", sizeof total, 0, cudaMemcpyDeviceToHost) == cudaSuccess);
    CHECK(total == n);
    float back[2];
    CHECK(cudaMemcpyFromSymbolAsync(back, "c_coef", sizeof back, 6 * sizeof(float), cudaMemcpyDeviceToHost, 0) == cudaSuccess);
    CHECK(back[0] == coef[6] && back[1] == coef[7]);

    void *by_name = 0, *by_ref = 0;
    CHECK(cudaGetSymbolAddress(&by_name, "c_coef") == cudaSuccess);
    CHECK(cudaGetSymbolAddress(&by_ref, c_coef) == cudaSuccess);
    CHECK(by_name == by_ref);
    size_t size = 0;
    CHECK(cudaGetSymbolSize(&size, "c_coef") == cudaSuccess && size == sizeof coef);
    CHECK(cudaGetSymbolSize(&size, c_tag) == cudaSuccess && size == sizeof tag);

    // past the end of the named variable, and a name no variable has
    CHECK(cudaMemcpyToSymbol("c_coef", coef, sizeof coef, 4, cudaMemcpyHostToDevice) == cudaErrorInvalidValue);
    CHECK(cudaMemcpyToSymbol("c_missing", coef, 4, 0, cudaMemcpyHostToDevice) == cudaErrorInvalidSymbol);
    cudaGetLastError();
    cudaFree(d_out);
    printf("PASS\n");
    return 0;
}
