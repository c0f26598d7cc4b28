// interchange: the thread loop along which the kernel's accesses move by
// one element goes innermost. rows: threadIdx.x picks a row and threadIdx.y
// a column of a row-major matrix (Rodinia gaussian's Fan2), so y goes
// inside: the flat nest runs bz tz bx tx by ty, and ty is the SIMD loop.
// cols: x already moves along rows; nothing changes. tile: a kernel with
// shared memory and a barrier keeps its block loop; its thread loops become
// z, x, y. -fno-interchange keeps x innermost everywhere. (-fno-bounds:
// tests/ir/bounds_guard.cu shows the same kernels with their guards as bounds.)
// RUN: %cucpu --passes=interchange --emit-ir %s -o - | FileCheck --check-prefix=IR %s
// IR-LABEL: kernel rows
// IR: block_for #0 inner y {
// IR-LABEL: kernel cols
// IR: block_for #0 {
// IR-LABEL: kernel tile
// IR: block_for #0 inner y {
// IR: block_for #1 inner y {
// RUN: %cucpu -fno-bounds --emit-source %s -o - | FileCheck %s
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT rows(
// CHECK: {{^ +}}#pragma omp parallel for collapse(5) schedule(static)
// CHECK-NEXT: for (unsigned cucpu_bz = 0;
// CHECK-NEXT: for (int cucpu_tz = 0;
// CHECK-NEXT: for (unsigned cucpu_bx = 0;
// CHECK-NEXT: for (int cucpu_tx = 0;
// CHECK-NEXT: for (unsigned cucpu_by = 0;
// CHECK-NEXT: #pragma omp simd
// CHECK-NEXT: for (int cucpu_ty = 0; cucpu_ty < (int)blockDim.y; cucpu_ty++) {
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT cols(
// CHECK: for (int cucpu_ty = 0;
// CHECK-NEXT: #pragma omp simd
// CHECK-NEXT: for (int cucpu_tx = 0;
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT tile(
// CHECK: for (int cucpu_tz = 0;
// CHECK-NEXT: for (int cucpu_tx = 0;
// CHECK-NEXT: #pragma omp simd
// CHECK-NEXT: for (int cucpu_ty = 0;
// RUN: %cucpu -fno-interchange -fno-bounds --emit-source %s -o - | FileCheck --check-prefix=OFF %s
// OFF-LABEL: {{^}}void CUCPU_KERNEL_OPT rows(
// OFF: for (int cucpu_ty = 0;
// OFF-NEXT: #pragma omp simd
// OFF-NEXT: for (int cucpu_tx = 0;
// OFF-LABEL: {{^}}void CUCPU_KERNEL_OPT tile(
// OFF: for (int cucpu_ty = 0;
// OFF-NEXT: #pragma omp simd
// OFF-NEXT: for (int cucpu_tx = 0;
/* (the pivot row through p: read through a, which the statement stores to,
 * it would make the statement lock step over the warp, exchange.c) */
__global__ void rows(const float *m, const float *p, float *a, int n, int t)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= n - 1 - t || y >= n - t) return;
    long row = (long)(x + 1 + t) * n;
    a[row + y + t] -= m[row + t] * p[(long)t * n + y + t];
}

__global__ void cols(const float *in, float *out, int w)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    out[y * w + x] = 2.0f * in[y * w + x];
}

__global__ void tile(const float *in, float *out, int n)
{
    __shared__ float s[16][17];
    int x = blockIdx.x * 16 + threadIdx.x;
    int y = blockIdx.y * 16 + threadIdx.y;
    s[threadIdx.x][threadIdx.y] = in[x * n + y];
    __syncthreads();
    out[x * n + y] = s[threadIdx.x][threadIdx.y] + s[15 - threadIdx.x][threadIdx.y];
}
