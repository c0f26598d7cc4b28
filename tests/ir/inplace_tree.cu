// The inplace pass: a warp tree folds its operand's own per-thread array
// when every thread stores the operand and reads the result back, and an
// inlined function's parameter that only carries the value to the tree
// and back goes too.
//   level:  the first level of bench/warp's reduction: the tree folds v
//   after:  the parameter is read after the tree, and the tree's operand
//           is stored with other work: left alone
//   branch: a tree in `if (t < 32)` (bounded loops): left alone
// RUN: %cucpu --emit-ir %s -o - | FileCheck %s
// RUN: %cucpu -fno-inplace --emit-ir %s -o - | FileCheck --check-prefix=OFF %s
// CHECK-LABEL: kernel level
// CHECK-NOT: decl cucpu_wv_
// CHECK: text block "{{.*}}cucpu_tree_down_lanes(v, cucpu_nt, 16, 32,
// CHECK-NOT: = "v_2"
// CHECK-LABEL: kernel after
// CHECK: decl cucpu_wv_0 private = "r"
// CHECK: text block "cucpu_tree_down(cucpu_wv_0, cucpu_nt, 16, 32,
// CHECK: decl v private = "r + v_2"
// CHECK-LABEL: kernel branch
// CHECK: decl cucpu_wv_{{[0-9]+}} private = "v"
// CHECK: text block "cucpu_tree_down(cucpu_wv_{{[0-9]+}}, cucpu_nt, 16
// OFF-LABEL: kernel level
// OFF: decl cucpu_wv_0 private = "v_2"
// OFF: cucpu_tree_down_lanes(cucpu_wv_0, cucpu_nt, 16, 32,
#define FULL 0xffffffffu

__device__ float warp_sum(float v)
{
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(FULL, v, o);
    return v;
}

__device__ float sum_plus(float v)
{
    float r = v;
    for (int o = 16; o > 0; o >>= 1) r += __shfl_down_sync(FULL, r, o);
    return r + v;
}

__global__ void level(const float *in, float *w)
{
    int t = threadIdx.x;
    float v = in[blockIdx.x * blockDim.x + t];
    v = warp_sum(v);
    if (t % 32 == 0) w[blockIdx.x * 8 + t / 32] = v;
}

__global__ void after(const float *in, float *out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[g];
    v = sum_plus(v);
    out[g] = v;
}

__global__ void branch(const float *in, float *out)
{
    int t = threadIdx.x;
    float v = in[blockIdx.x * blockDim.x + t];
    if (t < 32) {
        for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(FULL, v, o);
    }
    out[blockIdx.x * blockDim.x + t] = v;
}
