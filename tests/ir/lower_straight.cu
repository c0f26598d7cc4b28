// A barrier in straight-line code splits the thread loop in two; a value
// computed before it and used after it is kept per thread.
// RUN: %cucpu --passes=none --emit-ir %s -o - | FileCheck %s
// CHECK: private v: float
// CHECK: grid_for {
// CHECK-NEXT: block_for #0 {
// CHECK-NEXT: decl v private = "in[threadIdx.x] * 2.0f"
// CHECK-NEXT: text "s[threadIdx.x] = v;"
// CHECK: block_for #1 {
// CHECK-NEXT: text "out[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x] + v;"
__global__ void k(const float *in, float *out)
{
    __shared__ float s[256];
    float v = in[threadIdx.x] * 2.0f;
    s[threadIdx.x] = v;
    __syncthreads();
    out[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x] + v;
}
