// A branch with a warp operation under a stable condition (`if (t < 32)`,
// split.c) tests the condition in each of its thread loops; the bounds
// pass turns that `if` into the loops' limits, and the body runs alone.
// `t >= 8 && t < 40` gives a start and a limit. A loop of shuffles that
// folds a warp (lower_warp_tree.c) in such a branch folds only the warps
// of the thread loop that stores its operand.
// RUN: %cucpu --emit-ir %s -o - | FileCheck --check-prefix=IR %s
// IR-LABEL: kernel second bounds
// IR: block_for #{{[0-9]+}} simd recompute t limit (32-0){{( reg [A-Za-z_0-9]+)*}} {
// IR-NEXT: decl v private = "w[t]"
// IR-NOT: if "t < 32"
// IR-LABEL: kernel folded bounds
// IR: block_for #[[OP:[0-9]+]] simd recompute t limit (64-0) from (32-0){{( reg [A-Za-z_0-9]+)*}} {
// IR-NEXT: decl cucpu_wv_{{[0-9]+}} private
// IR-NEXT: }
// IR-NEXT: text block "cucpu_tree_down({{.*}} (warps of #[[OP]])
// IR-LABEL: kernel window bounds
// IR: block_for #{{[0-9]+}} simd recompute t limit (40-0) from (8-0) {
// IR-NEXT: decl v = "in[t]"
// IR-NOT: if "t >= 8
__global__ void second(const float *in, float *out)
{
    __shared__ float w[64];
    int t = threadIdx.x;
    w[t] = in[t];
    __syncthreads();
    if (t < 32) {
        float v = w[t];
        v += __shfl_down_sync(0xffffffffu, v, 1);
        out[t] = v;
    }
}

__global__ void folded(const float *in, float *out)
{
    int t = threadIdx.x;
    float v = in[t];
    if (t >= 32 && t < 64) {
        for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
        out[t] = v;
    }
}

__global__ void window(const int *in, int *out)
{
    int t = threadIdx.x;
    if (t >= 8 && t < 40) {
        int v = in[t];
        v = __shfl_xor_sync(0xffffffffu, v, 4);
        out[t] = v;
    }
}
