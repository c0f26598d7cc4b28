// `if (c) break;` leaving a barrier loop, c the same for every thread
// (hotspot's `if (i == iteration - 1) break;`): split runs it once per
// block between the thread loops, where it prints as a plain break,
// instead of a flag each thread sets and a jump out of its thread loop.
// A break whose condition differs between threads stays in the thread
// loop (its flag is checked after it).
// RUN: %cucpu --emit-ir %s -o - | FileCheck --check-prefix=IR %s
// IR-LABEL: kernel pyramid
// IR: cond "i < iters" inc "i++" {
// IR: if "i == iters - 1" {
// IR-NEXT: break loop0
// IR-NEXT: }
// IR-NEXT: block_for #2
// RUN: %cucpu --emit-source %s -o - | FileCheck %s
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT pyramid(
// CHECK-NOT: cucpu_break_0
// CHECK: if (i == iters - 1) {
// CHECK-NEXT: break;
// CHECK-NEXT: }
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT varying(
// CHECK: { cucpu_break_0 = 1; goto cucpu_next_{{[0-9]+}}; }
// CHECK: if (cucpu_break_0) break;
__global__ void pyramid(const float *in, float *out, int iters)
{
    __shared__ float t[32], u[32];
    int tx = threadIdx.x;
    t[tx] = in[tx];
    __syncthreads();
    for (int i = 0; i < iters; i++) {
        u[tx] = t[tx] + t[(tx + 31) & 31];
        __syncthreads();
        if (i == iters - 1)
            break;
        t[tx] = u[tx];
        __syncthreads();
    }
    out[tx] = u[tx];
}

__global__ void varying(const int *stop, int *out)
{
    __shared__ int s[32];
    int tx = threadIdx.x;
    s[tx] = 0;
    for (int i = 0; i < 8; i++) {
        s[(tx + 1) & 31] += 1;
        __syncthreads();
        if (i == stop[tx]) break;
        __syncthreads();
    }
    out[tx] = s[tx];
}
