// A barrier in a loop whose trip count comes from memory: cucpu warns that
// it may differ between threads. cli.two_warnings translates two copies of
// this file in one run; each warning shows its own source line.
__global__ void rounds(int *a, int *n)
{
    __shared__ int s[64];
    int m = n[threadIdx.x];
    for (int i = 0; i < m; i++) {
        s[threadIdx.x] = a[threadIdx.x] + i;
        __syncthreads();
        a[threadIdx.x] += s[63 - threadIdx.x];
        __syncthreads();
    }
}
