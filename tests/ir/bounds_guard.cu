// bounds: the leading guard of a flat kernel's thread body becomes the
// bounds of its thread loops, so the innermost one has no control flow
// left. exit: `if (i >= n) return;` gives the x loop the limit n - base and
// is printed as nothing. enter: `if (i < n) { S }` prints S alone. rows
// (Rodinia gaussian's Fan2, y innermost after interchange): the y test
// bounds the y loop, the x test is the same for the whole y loop and skips
// it. Guards stay where the bounds would not be exact: an unsigned index,
// a coefficient other than 1, a call, an else branch, code before the
// guard that is not a pure declaration. -fno-bounds keeps every guard.
// The pass in the IR dump (after collapse, which it needs): the limits and
// conditions of the thread loop, and the guard the bounds now test.
// RUN: %cucpu --passes=collapse,bounds --emit-ir %s -o - | FileCheck --check-prefix=IR %s
// IR-LABEL: kernel exit_guard flat bounds{{$}}
// IR: block_for #0 limit (n-(blockIdx.x*blockDim.x)) {
// IR-NEXT: decl i =
// IR-NEXT: text "if (i >= n) return;" (guard in bounds)
// IR-LABEL: kernel rows flat bounds{{$}}
// IR: block_for #0 limit (((n-1)-t)-(blockIdx.x*blockDim.x)) when ((blockIdx.y*blockDim.y)+tid.y)<(n-t) {
// IR-LABEL: kernel unsigned_index flat{{$}}
// IR-NOT: limit
// IR-LABEL: kernel stride_two flat{{$}}
// RUN: %cucpu --emit-source %s -o - | FileCheck %s
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT exit_guard(
// CHECK: for (int cucpu_ty = 0; cucpu_ty < (int)blockDim.y; cucpu_ty++) {
// CHECK-NEXT: long cucpu_end = (int)blockDim.x, cucpu_lim;
// CHECK-NEXT: cucpu_lim = (long)n - (long)cucpu_bx * (long)blockDim.x;
// CHECK-NEXT: if (cucpu_lim < cucpu_end) cucpu_end = cucpu_lim;
// CHECK-NEXT: #pragma omp simd
// CHECK-NEXT: for (int cucpu_tx = 0; cucpu_tx < cucpu_end; cucpu_tx++) {
// CHECK-NOT: return
// CHECK-NOT: goto
// CHECK: y[i] = a * x[i] + y[i];
// CHECK-NOT: cucpu_next
// CHECK: {{^}}}
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT enter_guard(
// CHECK: for (int cucpu_tx = 0; cucpu_tx < cucpu_end; cucpu_tx++) {
// CHECK-NOT: if (i < n)
// CHECK: float v = x[i];
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT rows(
// CHECK: for (unsigned cucpu_by = 0; cucpu_by < gridDim.y; cucpu_by++) {
// CHECK-NEXT: long cucpu_end = (int)blockDim.y, cucpu_lim;
// CHECK-NEXT: cucpu_lim = (long)n - (long)t - (long)cucpu_by * (long)blockDim.y;
// CHECK-NEXT: if (cucpu_lim < cucpu_end) cucpu_end = cucpu_lim;
// CHECK-NEXT: if (!((long)cucpu_bx * (long)blockDim.x + (long)cucpu_tx < (long)n - 1L - (long)t)) continue;
// CHECK-NEXT: #pragma omp simd
// CHECK-NEXT: for (int cucpu_ty = 0; cucpu_ty < cucpu_end; cucpu_ty++) {
// CHECK-NOT: return
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT unsigned_index(
// CHECK-NOT: cucpu_end
// CHECK: if (i < n) out[i] = 1;
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT stride_two(
// CHECK-NOT: cucpu_end
// CHECK: if (2 * i < n) out[2 * i] = 1;
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT call_bound(
// CHECK-NOT: cucpu_end
// CHECK: if (i < limit(n)) out[i] = 1;
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT with_else(
// CHECK-NOT: cucpu_end
// CHECK: if (i < n) out[i] = 1;
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT store_first(
// CHECK-NOT: cucpu_end
// CHECK: goto cucpu_next_0;
// CHECK: {{^}}}
// RUN: %cucpu -fno-bounds --emit-source %s -o - | FileCheck --check-prefix=OFF %s
// OFF-NOT: {{^[^/]*}}cucpu_end
// OFF: if (i >= n) goto cucpu_next_0;
// OFF-NOT: {{^[^/]*}}cucpu_end
// RUN: %cucpu --report=/dev/stdout --emit-source %s -o /dev/null | grep -c '"bounds":.true' | grep -qx 3
#include <cuda_runtime.h>

__global__ void exit_guard(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    y[i] = a * x[i] + y[i];
}

__global__ void enter_guard(int n, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        y[i] = v * v;
    }
}

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

__global__ void unsigned_index(unsigned n, int *out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 1;
}

__global__ void stride_two(int n, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (2 * i < n) out[2 * i] = 1;
}

__device__ int limit(int n) { return n - 1; }

__global__ void call_bound(int n, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < limit(n)) out[i] = 1;
}

__global__ void with_else(int n, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 1;
    else out[0] = 2;
}

__global__ void store_first(int n, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[0] = n;
    if (i >= n) return;
    out[i] = 1;
}
