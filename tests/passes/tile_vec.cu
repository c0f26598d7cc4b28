// tile_vec.cu: lud's internal kernel in small: two shared tiles, a barrier,
// and a dot product per thread whose indices mix int values with the
// unsigned threadIdx. Its thread loop vectorizes with gcc -O3 only when the
// subscripts compute in int (codegen's int subscripts: an unsigned index
// that might wrap is not an affine access for GCC); checked through the
// vectorization report of line 23 by tests/passes/CMakeLists.txt. It also
// checks its result.
#include <cstdio>
#include <cuda_runtime.h>
#define B 16

__global__ void tile(float *m, int n, int off)
{
    __shared__ float row[B][B];
    __shared__ float col[B][B];
    int i;
    float sum;
    int r = off + (blockIdx.y + 1) * B, c = off + (blockIdx.x + 1) * B;
    row[threadIdx.y][threadIdx.x] = m[(off + threadIdx.y) * n + c + threadIdx.x];
    col[threadIdx.y][threadIdx.x] = m[(r + threadIdx.y) * n + off + threadIdx.x];
    __syncthreads();
    sum = 0;
    for (i = 0; i < B; i++) sum += col[threadIdx.y][i] * row[i][threadIdx.x];
    m[(r + threadIdx.y) * n + c + threadIdx.x] -= sum;
}

int main()
{
    const int n = 4 * B;
    static float m[n * n], ref[n * n];
    float *d;
    for (int i = 0; i < n * n; i++) m[i] = ref[i] = (float)(i % 7) - 3.0f;
    cudaMalloc(&d, sizeof m);
    cudaMemcpy(d, m, sizeof m, cudaMemcpyHostToDevice);
    tile<<<dim3(n / B - 1, n / B - 1), dim3(B, B)>>>(d, n, 0);
    cudaMemcpy(m, d, sizeof m, cudaMemcpyDeviceToHost);
    for (int y = B; y < n; y++)
        for (int x = B; x < n; x++) {
            float s = 0;
            for (int i = 0; i < B; i++) s += ref[y * n + i] * ref[i * n + x];
            ref[y * n + x] -= s;
        }
    int bad = 0;
    for (int i = 0; i < n * n; i++)
        if (m[i] != ref[i]) bad++;
    printf(bad ? "FAIL: %d mismatches\n" : "PASS\n", bad);
    return bad != 0;
}
