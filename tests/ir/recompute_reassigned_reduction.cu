// `v = __syncthreads_count(p)` assigns v again after its declaration
// (`v = blockIdx.x`), through a declaration-like statement the front end
// does not count as a write. Recomputing v from its initializer in a later
// thread loop would give blockIdx.x again, so v is stored, per thread or, as it is
// the same in every thread, once per block (found by the
// differential oracle, tests/fuzz/diffgen.py: wrong values, and a
// translation that did not compile).
// RUN: %cucpu --emit-ir %s -o - | FileCheck %s
// CHECK-NOT: recompute v:
// CHECK: {{private|scalar}} v: unsigned int
// CHECK-NOT: recompute v{{ }}
__global__ void k(const unsigned *in, unsigned *out)
{
    unsigned u = in[threadIdx.x], v = blockIdx.x, t = 7u;
    for (int i = 0; i < (int)(blockIdx.x % 2u) + 1; i++) {
        __syncthreads();
        t = u ^ v;
        __syncthreads();
    }
    v = __syncthreads_count(u & 1u);
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = v + t;
}
