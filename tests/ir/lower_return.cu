// `return` before a later barrier: the thread is remembered as done and
// skipped by the thread loops that follow; `break` and `continue` of a loop
// that holds a barrier set per-block flags acted on between thread loops.
// RUN: %cucpu --passes=none --emit-source %s -o - | FileCheck %s
// CHECK: unsigned char cucpu_done[cucpu_nt];
// CHECK: {{^ +}}if (i[cucpu_tid] >= n)
// CHECK-NEXT: {{^ +}}{ cucpu_done[cucpu_tid] = 1; goto cucpu_next_0; }
// CHECK: {{^ +}}if (cucpu_done[cucpu_tid]) continue;
// A break whose condition is the same for every thread (s[0]: one shared
// element) runs once per block, between the thread loops (split); one
// whose condition differs between threads (k2) sets the flag.
// CHECK: {{^ +}}if (s[0] < 0) {
// CHECK-NEXT: {{^ +}}break;
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT k2(
// CHECK: {{^ +}}if (a[i[cucpu_tid]] < 0) {
// CHECK-NEXT: {{^ +}}{ cucpu_break_0 = 1; goto cucpu_next_{{[0-9]+}}; }
// CHECK: {{^ +}}if (cucpu_break_0) break;
__global__ void k(int *a, int n)
{
    __shared__ int s[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    for (int r = 0; r < 8; r++) {
        s[threadIdx.x] = a[i] - r;
        __syncthreads();
        if (s[0] < 0)
            break;
        a[i] += s[(threadIdx.x + 1) % blockDim.x];
        __syncthreads();
    }
}

__global__ void k2(int *a, int n)
{
    __shared__ int s[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int r = 0; r < 8; r++) {
        s[threadIdx.x] = a[i] - r;
        __syncthreads();
        if (a[i] < 0) break;
        a[i] += s[(threadIdx.x + 1) % blockDim.x];
        __syncthreads();
    }
}
