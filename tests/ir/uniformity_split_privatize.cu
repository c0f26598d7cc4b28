// The required passes one at a time (--passes=none runs only them), each
// dump after it: uniformity tells the block's common values (u, from
// blockIdx and a parameter) from per-thread ones (v, from threadIdx);
// split cuts the thread loop at the barrier into two thread loops inside
// the grid loop, the uniform loop around them running at block level;
// privatize keeps v, read after the barrier, in a per-thread array.
// RUN: %cucpu --passes=none --print-ir-after=uniformity --emit-ir %s -o /dev/null | FileCheck --check-prefix=UNI %s
// UNI: local u: int{{$}}
// UNI: local v: float varying
// UNI: barrier #0
// RUN: %cucpu --passes=none --print-ir-after=split --emit-ir %s -o /dev/null | FileCheck --check-prefix=SPLIT %s
// SPLIT: grid_for {
// SPLIT-NEXT: block_for #0 {
// SPLIT: for loop{{[0-9]+}} uniform
// SPLIT: block_for #1 {
// SPLIT: block_for #2 {
// SPLIT-NOT: barrier
// RUN: %cucpu --passes=none --print-ir-after=privatize --emit-ir %s -o /dev/null | FileCheck --check-prefix=PRIV %s
// PRIV: private v: float varying
// PRIV: decl v private =
__global__ void shift(const float *in, float *out, int rounds)
{
    __shared__ float s[64];
    int u = blockIdx.x * rounds;
    float v = in[blockIdx.x * 64 + threadIdx.x];
    for (int r = 0; r < rounds; r++) {
        s[threadIdx.x] = v + u;
        __syncthreads();
        out[blockIdx.x * 64 + threadIdx.x] += s[(threadIdx.x + r) % 64] * v;
        __syncthreads();
    }
}
