// A launch whose per-thread storage cannot be had fails as a GPU launch
// without its resources does: cudaErrorLaunchOutOfResources from
// cudaGetLastError, no block runs, and the next launch that fits runs.
// The kernel keeps a 4 MB array per thread across a barrier; at 1024
// threads that is 4 GB per OpenMP thread, beyond the 2 GB address space
// this program gives itself.
#include <cstdio>
#include <sys/resource.h>

enum { N = 1 << 20 };

__global__ void huge_private(const int *in, int *out)
{
    __shared__ int s[1024];
    int a[N];                                   /* 4 MB per thread */
    for (int i = 0; i < N; i += 4096) a[i] = in[threadIdx.x] + i;
    s[threadIdx.x] = a[0];
    __syncthreads();
    out[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x] + a[N - 4096];
}

int main()
{
    struct rlimit lim = { 2ul << 30, 2ul << 30 };
    if (setrlimit(RLIMIT_AS, &lim)) { printf("setrlimit failed\nFAIL\n"); return 1; }
    int *in, *out;
    cudaMallocManaged(&in, 1024 * sizeof(int));
    cudaMallocManaged(&out, 1024 * sizeof(int));
    for (int i = 0; i < 1024; i++) { in[i] = i; out[i] = -1; }
    int bad = 0;
    huge_private<<<2, 1024>>>(in, out);
    cudaError_t err = cudaGetLastError();
    cudaDeviceSynchronize();
    if (err != cudaErrorLaunchOutOfResources) { printf("big launch: %s\n", cudaGetErrorName(err)); bad++; }
    for (int i = 0; i < 1024; i++)
        if (out[i] != -1) { if (bad++ < 5) printf("big launch ran: out[%d] = %d\n", i, out[i]); }
    huge_private<<<1, 4>>>(in, out);             /* 16 MB per OpenMP thread */
    err = cudaGetLastError();
    cudaDeviceSynchronize();
    if (err != cudaSuccess) { printf("small launch: %s\n", cudaGetErrorName(err)); bad++; }
    for (int t = 0; t < 4; t++) {
        int want = in[(t + 1) % 4] + in[t] + N - 4096;
        if (out[t] != want) { if (bad++ < 5) printf("thread %d: got %d want %d\n", t, out[t], want); }
    }
    cudaFree(in);
    cudaFree(out);
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
