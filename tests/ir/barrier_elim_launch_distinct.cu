// A barrier that orders only a read of in[] before it and a write of out[]
// after it is removable when in and out never alias. Neither parameter is
// __restrict__: the proof comes from the launch sites (frontend/launches.c).
// Every launch passes two locals of main whose only writes are cudaMalloc,
// optionally plus an integer offset, so in and out are distinct allocations.
// RUN: %cucpu --passes=barrier-elim --print-ir-after=barrier-elim --emit-ir %s -o /dev/null | FileCheck %s
// CHECK: ---- IR after barrier-elim ----
// CHECK: kernel shift_left
// CHECK: decl right = "in[i + 1]" {R in[(i+1)]}
// CHECK-NOT: barrier
// CHECK: text "out[i] = right;" {W out[i]}
#include <cstdio>
#include <cuda_runtime.h>

__global__ void shift_left(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float right = in[i + 1];        /* the next thread's element */
    __syncthreads();
    out[i] = right;                 /* cannot overwrite in[]: another buffer */
}

int main()
{
    const int n = 256;
    float *d_in = NULL, *d_out;
    cudaMalloc((void **)&d_in, (2 * n + 1) * sizeof(float));
    cudaMalloc(&d_out, n * sizeof(*d_out));
    cudaMemset(d_in, 0, (2 * n + 1) * sizeof(float));
    shift_left<<<n / 128, 128>>>(d_in, d_out, n);
    shift_left<<<n / 128, 128>>>(d_in + n, (d_out), n);
    float h[n];
    cudaMemcpy(h, d_out, sizeof h, cudaMemcpyDeviceToHost);
    printf("%g\n", h[0]);
    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}
