// collapse: a kernel without barriers, shared memory or per-thread arrays
// becomes one parallel loop over all threads of the launch; simd: its x
// thread loop runs as SIMD lanes unless the body calls an atomic.
// Each pass alone, in the IR dump (a flat kernel; a simd thread loop):
// RUN: %cucpu --passes=collapse --emit-ir %s -o - | FileCheck --check-prefix=COLLAPSE %s
// COLLAPSE: kernel scale flat{{$}}
// COLLAPSE: kernel count flat{{$}}
// RUN: %cucpu --passes=simd --emit-ir %s -o - | FileCheck --check-prefix=SIMD %s
// SIMD-LABEL: kernel scale{{$}}
// SIMD: block_for #0 simd {
// SIMD-LABEL: kernel count{{$}}
// SIMD: block_for #0 {
// RUN: %cucpu --emit-source %s -o - | FileCheck %s
// CHECK: {{^}}void CUCPU_KERNEL_OPT scale(
// CHECK: {{^ +}}#pragma omp parallel for collapse(5) schedule(static)
// CHECK: {{^ +}}#pragma omp simd
// CHECK: {{^}}void CUCPU_KERNEL_OPT count(
// CHECK: {{^ +}}#pragma omp parallel for collapse(5) schedule(static)
// CHECK-NOT: {{^ +}}#pragma omp simd
// CHECK: {{^ +}}atomicAdd(
// RUN: %cucpu -fno-collapse -fno-simd --emit-source %s -o - | FileCheck --check-prefix=OFF %s
// OFF: {{^}}void CUCPU_KERNEL_OPT scale(
// OFF: {{^ +}}#pragma omp parallel for collapse(3) schedule(static)
// OFF-NOT: {{^ +}}#pragma omp simd
__global__ void scale(float *a, float s)
{
    a[blockIdx.x * blockDim.x + threadIdx.x] *= s;
}

__global__ void count(const int *a, int *hits)
{
    if (a[blockIdx.x * blockDim.x + threadIdx.x] > 0)
        atomicAdd(hits, 1);
}
