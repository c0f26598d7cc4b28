// Parallel LICM of a value assigned once, not initialized where declared
// (hotspot's `float step_div_Cap; ... step_div_Cap = step/Cap;`): versions
// gives the assignment the variable's declaration, with no declaration
// text of its own; it is the variable's only one, so licm hoists it like
// any other invariant declaration, out of the grid loop here. A variable
// assigned twice has two versions, each hoisted or not on its own: `r = a`
// leaves, `r_2 = t[...]` (a thread's value after the barrier) stays.
// RUN: %cucpu --emit-ir %s -o - | FileCheck --check-prefix=IR %s
// IR: local q: float blockvar
// IR: prologue {
// IR: decl q = "a/b"
// IR: {{^  }}}
// IR-NEXT: grid_for {
// RUN: %cucpu --emit-source %s -o - | FileCheck %s
// CHECK: {{^}}void CUCPU_KERNEL_OPT scale(dim3 gridDim
// CHECK: {{^ +}}float q = a/b;
// CHECK: {{^ +}}#pragma omp for
// CHECK: {{^ +}}float r_2 = t[(tx + 1) % 64];
// RUN: %cucpu -fno-licm --emit-source %s -o - | FileCheck --check-prefix=OFF %s
// OFF: {{^ +}}#pragma omp for
// OFF: {{^ +}}float q = a/b;
__global__ void scale(float *out, const float *in, float a, float b)
{
    __shared__ float t[64];
    float q;
    float r;
    int tx = threadIdx.x;
    q = a/b;
    r = a;
    t[tx] = in[blockIdx.x * 64 + tx];
    __syncthreads();
    r = t[(tx + 1) % 64];
    out[blockIdx.x * 64 + tx] = t[tx] * q + r;
}
