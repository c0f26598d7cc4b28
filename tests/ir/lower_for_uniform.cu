// A barrier in a `for` whose variable is the same in every thread: the loop
// is interchanged with the thread loop and runs once per block.
// RUN: %cucpu --passes=none --emit-ir %s -o - | FileCheck %s
// CHECK: local s: unsigned int blockvar
// CHECK: for loop0 uniform init {
// CHECK-NEXT: decl s = "blockDim.x / 2"
// CHECK: cond "s > 0" inc "s >>= 1" {
// CHECK-NEXT: block_for #1 {
// CHECK-NEXT: text "if (threadIdx.x < s) sdata[threadIdx.x] += sdata[threadIdx.x + s];"
__global__ void k(int *data)
{
    __shared__ int sdata[128];
    sdata[threadIdx.x] = data[threadIdx.x];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            sdata[threadIdx.x] += sdata[threadIdx.x + s];
        __syncthreads();
    }
    data[threadIdx.x] = sdata[0];
}
