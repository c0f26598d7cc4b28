// `v = __syncthreads_or(p)` after `v` got a version of its own (`v =
// __shfl_up_sync(...)` became `v_2`): the reduction must write the current
// version, which the store then reads. The versions pass left the
// reduction writing `v` while the store read `v_2`, the shuffle's value
// (found by the differential oracle, tests/fuzz/diffgen.py).
// RUN: %cucpu --emit-ir %s -o - | FileCheck %s
// CHECK: decl v_2 {{.*}}= "cucpu_ret_0"
// CHECK: decl v_2 {{.*}}= "cucpu_syncthreads_or_1"
// CHECK: text "out[threadIdx.x] = v_2;"
__global__ void k(const unsigned *in, unsigned *out)
{
    unsigned v = in[threadIdx.x], w = threadIdx.x;
    v = __shfl_up_sync(0xffffffffu, v, 13);
    v = __syncthreads_or((w >> 4) & 1u);
    out[threadIdx.x] = v;
}
