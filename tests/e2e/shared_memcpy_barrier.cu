// memcpy and memset into __shared__ memory are stores: the barrier after
// them stays even when the region after it only reads (barrier-elim must
// see the write through the destination pointer). Blocks of 48 threads.
#include <cstdio>
#include <cstring>

enum { NT = 48, NB = 2 };

__global__ void copy_then_read(const int *in, int *out)
{
    __shared__ int buf[2][NT];
    int t = threadIdx.x;
    memcpy(buf[1] + t, in + blockIdx.x * NT + t, sizeof(int));
    memset(buf[0] + t, 0, sizeof(int));
    __syncthreads();
    int v = buf[1][NT - 1 - t] + buf[0][NT - 1 - t];
    __syncthreads();
    out[blockIdx.x * NT + t] = v;
}

int main()
{
    int h[NB * NT], o[NB * NT], *di, *dout, fails = 0;
    for (int i = 0; i < NB * NT; i++) h[i] = 3 * i + 1;
    cudaMalloc(&di, sizeof h);
    cudaMalloc(&dout, sizeof o);
    cudaMemcpy(di, h, sizeof h, cudaMemcpyHostToDevice);
    copy_then_read<<<NB, NT>>>(di, dout);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    for (int b = 0; b < NB; b++)
        for (int t = 0; t < NT; t++) {
            int want = h[b * NT + NT - 1 - t];
            if (o[b * NT + t] != want && fails++ < 10) printf("FAIL out[%d]: got %d want %d\n", b * NT + t, o[b * NT + t], want);
        }
    if (fails) return 1;
    printf("PASS\n");
    return 0;
}
