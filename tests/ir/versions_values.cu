// A local declared first and assigned later, and one refined in place, each
// get a declaration per straight-line value (versions), so the values that
// cross the barrier are recomputed, not stored per thread; a compound
// assignment keeps the variable as it is. (-fno-licm: licm would take the
// uniform w out of the thread loops altogether, tests/ir/licm_versioned.cu.)
// RUN: %cucpu -fno-licm --emit-ir %s -o - | FileCheck %s
// CHECK: recompute w: float
// CHECK: recompute n: int
// CHECK: private m: int
// CHECK: recompute n_2: int
// RUN: %cucpu -fno-versions --emit-ir %s -o - | FileCheck --check-prefix=OFF %s
// OFF: private w: float
// OFF: private n: int
__global__ void k(const float *in, float *out, float scale, int lo)
{
    __shared__ float s[256];
    int t = threadIdx.x;
    float w;
    w = scale * 0.5f;
    int n = t - 1;
    n = (n < lo) ? lo : n;
    int m = t;
    m += lo;
    s[t] = in[t];
    __syncthreads();
    out[t] = s[n] * w + m;
}
