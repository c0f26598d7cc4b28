// `while` and `do-while` around barriers: conditions are read as thread 0
// sees them, once per block.
// RUN: %cucpu --passes=none --emit-ir %s -o - | FileCheck %s
// CHECK: kernel k
// CHECK: while loop0 cond "flag" {
// CHECK: block_for
// CHECK: do loop1 cond "n < 4" {
// CHECK: block_for
// RUN: %cucpu --passes=none --emit-source %s -o - | FileCheck --check-prefix=CODE %s
// CODE: {{^ +}}while (flag) {
// CODE: {{^ +}}} while (n[0] < 4);
__global__ void k(int *a)
{
    __shared__ int flag;
    if (threadIdx.x == 0) flag = 1;
    __syncthreads();
    while (flag) {
        a[threadIdx.x] += 1;
        __syncthreads();
        if (threadIdx.x == 0) flag = a[0] < 10;
        __syncthreads();
    }
    int n = 0;
    do {
        a[threadIdx.x] *= 2;
        __syncthreads();
        n++;
    } while (n < 4);
}
