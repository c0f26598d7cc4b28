// lower_for_uniform with the loop variable's type a typedef name (`uint`,
// as NVIDIA's histogram and reduction samples write it; clang spells it as
// an elaborated type): still a block-level loop variable, and no warning
// about a per-thread trip count. Typedefs of classes stay varying.
// RUN: %cucpu --passes=none --emit-ir %s -o - 2>&1 | FileCheck %s
// CHECK-NOT: warning
// CHECK: local s: uint blockvar
// CHECK: for loop0 uniform init {
// CHECK-NEXT: decl s = "blockDim.x / 2"
// CHECK: cond "s > 0" inc "s >>= 1" {
typedef unsigned int uint;

__global__ void k(int *data)
{
    __shared__ int sdata[128];
    sdata[threadIdx.x] = data[threadIdx.x];
    __syncthreads();
    for (uint s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            sdata[threadIdx.x] += sdata[threadIdx.x + s];
        __syncthreads();
    }
    data[threadIdx.x] = sdata[0];
}
