// A __device__ function that calls __syncthreads is inlined into the
// kernel: its parameters become locals bound to the arguments, its body is
// lowered like the kernel's, and its definition leaves the output.
// RUN: %cucpu --passes=none --emit-ir %s -o - | FileCheck %s
// CHECK: kernel k
// CHECK: decl buf
// CHECK: decl v private = "x[threadIdx.x]"
// CHECK: do loop0 uniform cond "0" {
// CHECK: text "buf[threadIdx.x] = v;"
// CHECK: decl total private = "buf[0] + buf[1]"
// CHECK: decl r private = "total"
// CHECK-NEXT: break loop0
// RUN: %cucpu --passes=none --emit-source %s -o - | FileCheck --check-prefix=CODE %s
// CODE: /* block_sum2: inlined into the kernels that call it (it calls __syncthreads) */
// CODE-NOT: {{^}}__device__ int block_sum2
__device__ int block_sum2(int *buf, int v)
{
    buf[threadIdx.x] = v;
    __syncthreads();
    int total = buf[0] + buf[1];
    __syncthreads();
    return total;
}

__global__ void k(int *x)
{
    __shared__ int scratch[64];
    int r = block_sum2(scratch, x[threadIdx.x]);
    x[threadIdx.x] = r;
}
