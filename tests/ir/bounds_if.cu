// bounds on the IF that split copies around the thread loops of a swept
// kernel (docs/passes.md, bounds): `if (lo <= tid) if (tid < hi)` becomes
// each thread loop's start and limit and the IF goes; the loop that leaves
// the inlined function (`break loop0`) keeps its IF; an unsigned index
// keeps every IF (its wrap-around is not the `long` bounds').
// RUN: %cucpu --emit-ir %s -o - | FileCheck %s
// CHECK-LABEL: kernel window
// CHECK: cond "i < dim" inc "i++" {
// CHECK-NEXT: block_for #{{[0-9]+}} simd {{.*}} limit (hi-(blockIdx.x*blockDim.x)) from (lo-(blockIdx.x*blockDim.x)){{( reg [A-Za-z_0-9]+)*}} {
// CHECK-NEXT: decl t = "a_2[i * num_2 + p1] - a_2[i * num_2]"
// CHECK: block_for #{{[0-9]+}} simd recompute tid{{( reg [A-Za-z_0-9]+)*}} {
// CHECK-NEXT: if "lo <= tid" {
// CHECK-NEXT: if "tid < hi" {
// CHECK: break loop0
// CHECK: block_for #{{[0-9]+}} simd recompute tid limit (hi-(blockIdx.x*blockDim.x)) from (lo-(blockIdx.x*blockDim.x)) {
// CHECK-NEXT: text "out[tid] = cucpu_ret_0;"
// CHECK-LABEL: kernel unsig
// CHECK-NOT: limit
// CHECK: cond "i < dim" inc "i++" {
// CHECK-NEXT: block_for
// CHECK-NEXT: if "tid < n" {
// RUN: %cucpu -fno-bounds --emit-ir %s -o - | FileCheck --check-prefix=OFF %s
// OFF-LABEL: kernel window
// OFF-NOT: limit
// OFF: cond "i < dim" inc "i++" {
// OFF-NEXT: block_for
// OFF-NEXT: if "lo <= tid" {
// OFF-NEXT: if "tid < hi" {

__device__ float dist(int p1, int num, int dim, const float *a)
{
    float r = 0.0f;
    for (int i = 0; i < dim; i++) {
        float t = a[i * num + p1] - a[i * num];
        r += t * t;
    }
    return r;
}

__global__ void window(int num, int dim, int lo, int hi, const float *a, float *out)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (lo <= tid)
        if (tid < hi) out[tid] = dist(tid, num, dim, a);
}

__device__ float udist(unsigned p1, int num, int dim, const float *a)
{
    float r = 0.0f;
    for (int i = 0; i < dim; i++) {
        float t = a[i * num + p1];
        r += t * t;
    }
    return r;
}

__global__ void unsig(int n, int dim, const float *a, float *out)
{
    unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) out[tid] = udist(tid, n, dim, a);
}
