// Values crossing a barrier: x and y are loaded from memory (they cannot be
// recomputed after the barrier), a, b and c are computed from them and used
// after it. The minimum cut stores the two loads and recomputes a, b and c
// from them, instead of storing the three.
// RUN: %cucpu --passes=recompute --emit-ir %s -o - | FileCheck %s
// CHECK: kernel k mincut{{$}}
// CHECK: private x: float
// CHECK: private y: float
// CHECK: recompute a: float
// CHECK: recompute b: float
// CHECK: recompute c: float
// CHECK: block_for #1 {{.*}}recompute a recompute b recompute c
// RUN: %cucpu --passes=none --emit-ir %s -o - | FileCheck --check-prefix=NONE %s
// NONE-NOT: private x
// NONE: private a: float
// NONE: private b: float
// NONE: private c: float
__global__ void k(const float *in, float *out, int n)
{
    __shared__ float s[256];
    float x = in[threadIdx.x];
    float y = in[threadIdx.x + n];
    float a = x * y;
    float b = x + y;
    float c = x - y;
    s[threadIdx.x] = a + b + c;
    __syncthreads();
    out[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x] * a + b * c;
}
