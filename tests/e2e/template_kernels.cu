// template_kernels.cu: template kernels launched with explicit arguments
// (scale<float>), with deduced arguments (scale on int), from inside a
// templated host function, and a kernel with a non-type template parameter
// that sizes its shared array.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

template <typename T>
__global__ void scale(T *x, T a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = x[i] * a + (T)1;
}

template <int BS, typename T>
__global__ void block_sum(const T *in, T *out)
{
    __shared__ T s[BS];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * BS + t];
    __syncthreads();
    for (int k = BS / 2; k > 0; k /= 2) {
        if (t < k)
            s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = s[0];
}

template <typename T>
int run_scale(T *host, int n, T a)
{
    T *d;
    if (cudaMalloc(&d, n * sizeof(T)) != cudaSuccess)
        return 1;
    cudaMemcpy(d, host, n * sizeof(T), cudaMemcpyHostToDevice);
    scale<<<(n + 63) / 64, 64>>>(d, a, n);
    cudaMemcpy(host, d, n * sizeof(T), cudaMemcpyDeviceToHost);
    cudaFree(d);
    return cudaGetLastError() != cudaSuccess;
}

int main()
{
    const int n = 300;
    int failures = 0;

    float *xf = (float *)malloc(n * sizeof(float));
    int *xi = (int *)malloc(n * sizeof(int));
    double *xd = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; i++) {
        xf[i] = (float)i * 0.5f;
        xi[i] = i - 150;
        xd[i] = (double)i * 0.25;
    }

    float *df;
    int *di;
    CK(cudaMalloc(&df, n * sizeof(float)));
    CK(cudaMalloc(&di, n * sizeof(int)));
    CK(cudaMemcpy(df, xf, n * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(di, xi, n * sizeof(int), cudaMemcpyHostToDevice));
    scale<float><<<(n + 127) / 128, 128>>>(df, 3.0f, n);   // explicit
    CK(cudaGetLastError());
    scale<<<(n + 127) / 128, 128>>>(di, -7, n);           // deduced: int
    CK(cudaGetLastError());
    float *rf = (float *)malloc(n * sizeof(float));
    int *ri = (int *)malloc(n * sizeof(int));
    CK(cudaMemcpy(rf, df, n * sizeof(float), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(ri, di, n * sizeof(int), cudaMemcpyDeviceToHost));
    if (run_scale(xd, n, 4.0))                            // inside a template
        failures++;

    for (int i = 0; i < n; i++) {
        float wf = xf[i] * 3.0f + 1.0f;
        int wi = xi[i] * -7 + 1;
        double wd = (double)i * 0.25 * 4.0 + 1.0;
        if (fabsf(rf[i] - wf) > 1e-5f || ri[i] != wi || fabs(xd[i] - wd) > 1e-12) {
            if (failures < 10)
                printf("[%d]: got %g/%d/%g, expected %g/%d/%g\n", i, rf[i], ri[i], xd[i], wf, wi,
                       wd);
            failures++;
        }
    }

    const int nb = 4;
    int *dsum;
    int sums[nb];
    CK(cudaMalloc(&dsum, nb * sizeof(int)));
    CK(cudaMemcpy(di, xi, nb * 64 * sizeof(int), cudaMemcpyHostToDevice));
    block_sum<64, int><<<nb, 64>>>(di, dsum);
    CK(cudaGetLastError());
    CK(cudaMemcpy(sums, dsum, sizeof sums, cudaMemcpyDeviceToHost));
    for (int b = 0; b < nb; b++) {
        int want = 0;
        for (int t = 0; t < 64; t++)
            want += xi[b * 64 + t];
        if (sums[b] != want) {
            printf("block_sum<64,int>[%d]: got %d, expected %d\n", b, sums[b], want);
            failures++;
        }
    }
    cudaFree(df);
    cudaFree(di);
    cudaFree(dsum);
    free(xf);
    free(xi);
    free(xd);
    free(rf);
    free(ri);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
