// A value-less local declared above a barrier and first used by a loop after
// it (lud's `int i;`) moves down below the barrier (versions), so it is a
// plain local of the second thread loop instead of an array per thread.
// RUN: %cucpu --emit-ir %s -o - | FileCheck %s
// CHECK: block_for #1
// CHECK: decl i
// CHECK-NOT: private i
// RUN: %cucpu -fno-versions --emit-ir %s -o - | FileCheck --check-prefix=OFF %s
// OFF: private i: int
__global__ void k(const float *in, float *out)
{
    __shared__ float s[16][16];
    int i;
    float sum;
    s[threadIdx.y][threadIdx.x] = in[threadIdx.y * 16 + threadIdx.x];
    __syncthreads();
    sum = 0;
    for (i = 0; i < 16; i++)
        sum += s[threadIdx.y][i] * s[i][threadIdx.x];
    out[threadIdx.y * 16 + threadIdx.x] = sum;
}
