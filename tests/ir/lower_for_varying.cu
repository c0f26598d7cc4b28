// A `for` whose variable differs between threads (i = threadIdx.x) but whose
// trip count is uniform: the variable is kept per thread, its start runs in
// a thread loop before the loop, the condition is thread 0's, and the
// increment runs in its own thread loop after the body (`step`).
// RUN: %cucpu --passes=none --emit-ir %s -o - | FileCheck %s
// CHECK: private i: int varying
// CHECK: block_for #0 {
// CHECK: decl i private = "threadIdx.x"
// CHECK: for loop0 cond "i < 1024" {
// CHECK: text "t[threadIdx.x] = a[i];"
// CHECK: text "a[i] = t[blockDim.x - 1 - threadIdx.x];"
// CHECK: step
// CHECK-NEXT: block_for #4 {
// CHECK-NEXT: text "i += blockDim.x"
__global__ void k(float *a)
{
    __shared__ float t[256];
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) {
        t[threadIdx.x] = a[i];
        __syncthreads();
        a[i] = t[blockDim.x - 1 - threadIdx.x];
        __syncthreads();
    }
}
