// Parallel LICM on the normalize example: every thread calls sum(in, n),
// which reads only parameters and writes nothing, and nothing before it in
// the thread writes memory. The call leaves the thread loop and, reading no
// block index either, the grid loop: it runs once per launch.
// The pass alone, in the IR dump: the declaration moved to the prologue.
// RUN: %cucpu --passes=licm --emit-ir %s -o - | FileCheck --check-prefix=IR %s
// IR: local val: float blockvar
// IR-NEXT: prologue {
// IR-NEXT: decl val = "sum(in, n)" {R?}
// IR-NEXT: {{^  }}}
// IR-NEXT: grid_for {
// RUN: %cucpu --emit-source %s -o - | FileCheck %s
// CHECK: {{^}}void CUCPU_KERNEL_OPT normalize(dim3 gridDim
// CHECK: {{^ +}}float val = sum(in, n);
// CHECK-NEXT: {{^ +}}#pragma omp parallel for
// RUN: %cucpu -fno-licm --emit-source %s -o - | FileCheck --check-prefix=OFF %s
// OFF: {{^ +}}#pragma omp parallel for
// OFF: {{^ +}}float val = sum(in, n);
__device__ float sum(const float *data, int n)
{
    float s = 0.0f;
    for (int i = 0; i < n; i++)
        s += data[i];
    return s;
}

__global__ void normalize(float *out, const float *in, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    float val = sum(in, n);
    if (tid < n)
        out[tid] = in[tid] / val;
}
