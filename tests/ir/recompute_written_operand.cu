// A value crossing a barrier whose operand is assigned after it: t = v - 5
// is defined, then a loop assigns v, then the barrier. Recomputing t after
// the barrier would read the new v, so t is stored (found by the
// differential oracle, tests/fuzz/diffgen.py: the default passes printed
// other values than the reference and --passes=none).
// RUN: %cucpu --emit-ir %s -o - | FileCheck %s
// CHECK: private v: unsigned int
// CHECK-NOT: recompute t
// CHECK: private t{{.*}}: unsigned int
// CHECK-NOT: recompute t
__global__ void k(const unsigned *in, unsigned *out)
{
    __shared__ unsigned s[64];
    unsigned v = in[threadIdx.x];
    s[threadIdx.x] = v;
    __syncthreads();
    unsigned t = v - 5u;
    for (int i = 0; i < 1; i++)
        v = blockIdx.x;
    __syncthreads();
    out[threadIdx.x] = v + 7u * t + s[(threadIdx.x + 1) % 64];
}
