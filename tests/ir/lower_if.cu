// A barrier under a block-uniform `if` stays under the `if`, now evaluated
// once per block; the thread loops move inside the branches.
// RUN: %cucpu --passes=none --emit-ir %s -o - | FileCheck %s
// CHECK: grid_for {
// CHECK-NEXT: if "blockIdx.x % 2 == 0" {
// CHECK-NEXT: block_for #0 {
// CHECK-NEXT: text "s[threadIdx.x] = threadIdx.x;"
// CHECK: block_for #1 {
// CHECK: else {
// CHECK-NEXT: block_for #2 {
// CHECK: block_for #3 {
// CHECK-NEXT: text "out[threadIdx.x] += 1;"
__global__ void k(int *out)
{
    __shared__ int s[64];
    if (blockIdx.x % 2 == 0) {
        s[threadIdx.x] = threadIdx.x;
        __syncthreads();
        out[threadIdx.x] = s[63 - threadIdx.x];
    } else {
        out[threadIdx.x] = 0;
    }
    out[threadIdx.x] += 1;
}
