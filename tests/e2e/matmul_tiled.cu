// matmul_tiled.cu: C = A * B with 16x16 shared tiles; two barriers inside the
// tile loop. Sizes are not multiples of the tile.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define TILE 16

__global__ void matmul(const float *A, const float *B, float *C, int M, int N, int K)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;

    for (int t = 0; t < (K + TILE - 1) / TILE; t++) {
        int ak = t * TILE + tx, bk = t * TILE + ty;
        As[ty][tx] = (row < M && ak < K) ? A[row * K + ak] : 0.0f;
        Bs[ty][tx] = (bk < K && col < N) ? B[bk * N + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N)
        C[row * N + col] = acc;
}

int main()
{
    const int M = 50, N = 35, K = 40;
    float *A = (float *)malloc(M * K * sizeof(float));
    float *B = (float *)malloc(K * N * sizeof(float));
    float *C = (float *)malloc(M * N * sizeof(float));
    unsigned s = 99u;
    for (int i = 0; i < M * K; i++) {
        s = s * 1664525u + 1013904223u;
        A[i] = (float)((int)((s >> 8) % 9) - 4);
    }
    for (int i = 0; i < K * N; i++) {
        s = s * 1664525u + 1013904223u;
        B[i] = (float)((int)((s >> 8) % 9) - 4);
    }
    float *dA, *dB, *dC;
    CK(cudaMalloc(&dA, M * K * sizeof(float)));
    CK(cudaMalloc(&dB, K * N * sizeof(float)));
    CK(cudaMalloc(&dC, M * N * sizeof(float)));
    CK(cudaMemcpy(dA, A, M * K * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dB, B, K * N * sizeof(float), cudaMemcpyHostToDevice));
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    matmul<<<grid, block>>>(dA, dB, dC, M, N, K);
    CK(cudaGetLastError());
    CK(cudaMemcpy(C, dC, M * N * sizeof(float), cudaMemcpyDeviceToHost));

    int failures = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            float want = 0.0f;
            for (int k = 0; k < K; k++)
                want += A[i * K + k] * B[k * N + j];
            if (fabsf(C[i * N + j] - want) > 1e-3f) {
                if (failures < 10)
                    printf("C[%d][%d]: got %g, expected %g\n", i, j, C[i * N + j], want);
                failures++;
            }
        }
    cudaFree(dA);
    cudaFree(dB);
    cudaFree(dC);
    free(A);
    free(B);
    free(C);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
